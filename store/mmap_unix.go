//go:build unix

package store

import (
	"os"
	"syscall"
)

// mapFile maps a store file read-only, so that opening it reads only its
// header and index and a lookup touches only its pages.
func mapFile(f *os.File, size int64) (data []byte, unmap func() error, err error) {
	if size <= 0 || int64(int(size)) != size {
		data, err := readFile(f, size)
		return data, func() error { return nil }, err
	}
	data, err = syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		data, err := readFile(f, size) // a file system that cannot map
		return data, func() error { return nil }, err
	}
	return data, func() error { return syscall.Munmap(data) }, nil
}
