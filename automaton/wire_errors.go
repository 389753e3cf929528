package automaton

import (
	"errors"
	"fmt"
)

// Errors that Decode wraps; test with errors.Is.
var (
	// ErrFormat: the bytes are not a well-formed blob.
	ErrFormat = errors.New("robotsdfa blob: bad format")
	// ErrVersion: a blob of a format version this package does not read.
	ErrVersion = errors.New("robotsdfa blob: unsupported version")
	// ErrChecksum: the trailer checksum does not match the contents.
	ErrChecksum = errors.New("robotsdfa blob: checksum mismatch")
)

// blobError says what is wrong with a blob and where.
type blobError struct {
	// Err is ErrFormat, ErrVersion or ErrChecksum.
	Err error
	// Offset is the byte offset of the faulty field.
	Offset int
	// What describes the fault.
	What string
}

func (e *blobError) Error() string {
	return fmt.Sprintf("%v: %s (byte offset %d)", e.Err, e.What, e.Offset)
}

func (e *blobError) Unwrap() error { return e.Err }

func errorf(kind error, off int, format string, args ...any) error {
	return &blobError{Err: kind, Offset: off, What: fmt.Sprintf(format, args...)}
}
