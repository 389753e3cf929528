//go:build !unix

package clobber

import "os"

// mayHaveLinks reports whether the file fi describes may have names
// other than the one it was found by: here, with no link count to read,
// always.
func mayHaveLinks(os.FileInfo) bool { return true }
