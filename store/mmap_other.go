//go:build !unix

package store

import "os"

// mapFile reads a store file whole where files cannot be mapped.
func mapFile(f *os.File, size int64) (data []byte, unmap func() error, err error) {
	data, err = readFile(f, size)
	return data, func() error { return nil }, err
}
