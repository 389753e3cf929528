//go:build !linux

package main

import "os"

// isTerminal reports whether f is a character device other than the null
// device: a terminal, or another device, which is the cost of asking no
// system-specific call here. (filter < /dev/null is common; it is not
// typing.)
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	if err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	null, err := os.Stat(os.DevNull)
	return err != nil || !os.SameFile(st, null)
}
