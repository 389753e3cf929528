//go:build !linux

package main

import "os"

// isTerminal reports whether f is a character device: a terminal, or
// /dev/null, which is the cost of asking no system-specific call here.
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
