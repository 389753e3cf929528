//go:build unix

package store_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/robotsdfa/robotsdfa/store"
	"github.com/stretchr/testify/require"
)

// TestOpenPipe: a store given as a pipe (a shell's <(zstdcat x.pack)) is
// refused for what it is, where it read as an empty store "shorter than
// a header".
func TestOpenPipe(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pack")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	go func() { // the writer the open waits for
		if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
			f.Write([]byte("RDFAPACK"))
			f.Close()
		}
	}()
	_, err := store.Open(fifo, store.Options{})
	require.EqualError(t, err, fifo+": not a regular file (a pipe or a device), and a store is read in place: copy it to a file")
}
