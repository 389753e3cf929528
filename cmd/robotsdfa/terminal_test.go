package main

import (
	"os"
	"path/filepath"
	goruntime "runtime"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestIsTerminal: a regular file is no terminal; on Linux neither is
// /dev/null (a character device), and a pseudo-terminal is one.
func TestIsTerminal(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "f"))
	require.NoError(t, err)
	defer f.Close()
	require.False(t, isTerminal(f))
	if goruntime.GOOS != "linux" {
		t.Skip("the terminal's ioctl is asked on Linux only")
	}
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	require.NoError(t, err)
	defer null.Close()
	require.False(t, isTerminal(null), "/dev/null")
	pty, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	defer pty.Close()
	require.True(t, isTerminal(pty), "/dev/ptmx")
}
