package store

import (
	"fmt"
	"runtime/debug"
)

// A store's file is mapped into memory. Replaced by a rename, as a Writer
// and robotsdfa compile replace it, it stays whole for the processes that
// have it open; rewritten in place while open (cp onto it, a truncation),
// its pages past the new end fault when read, which crashes a Go program.
// Every call that reads the mapping defers recoverFault, which makes such
// a fault a panic of its goroutine (debug.SetPanicOnFault) and that panic
// an error wrapping ErrFormat:
//
//	defer recoverFault(&err, debug.SetPanicOnFault(true))
//
// recoverFault restores the goroutine's setting (was) and, when the call
// faulted reading memory, sets *err. Any other panic goes on.
func recoverFault(err *error, was bool) {
	debug.SetPanicOnFault(was)
	r := recover()
	if r == nil {
		return
	}
	if f, ok := r.(interface{ Addr() uintptr }); ok {
		*err = fmt.Errorf("%w: a fault reading the file at address %#x: the file changed while open (a store is replaced by renaming a new file onto its path, never rewritten in place)", ErrFormat, f.Addr())
		return
	}
	panic(r)
}

// openMapped is openV2 of a mapped file, which may fault (recoverFault)
// when the file was cut short after it was mapped.
func openMapped(data []byte) (_ *v2, err error) {
	defer recoverFault(&err, debug.SetPanicOnFault(true))
	return openV2(data)
}
