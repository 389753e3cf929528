//go:build unix

package clobber

import (
	"os"
	"syscall"
)

// mayHaveLinks reports whether the file fi describes may have names
// other than the one it was found by: more than one hard link, or a
// count the system does not give.
func mayHaveLinks(fi os.FileInfo) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	return !ok || uint64(st.Nlink) > 1
}
