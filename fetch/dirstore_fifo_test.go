//go:build linux || darwin

package fetch

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestDirStoreFIFO: a FIFO in an origin's place is an error at once;
// opening it would block Get until some process wrote to it.
func TestDirStoreFIFO(t *testing.T) {
	st, err := OpenDirStore(t.TempDir(), 1<<20, 0)
	require.NoError(t, err)
	o := Origin("https://example.com")
	path := st.path(o)
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, syscall.Mkfifo(path, 0o644))
	done := make(chan error, 1)
	go func() {
		_, _, err := st.Get(context.Background(), o)
		done <- err
	}()
	select {
	case err := <-done:
		require.ErrorContains(t, err, "not a regular file")
	case <-time.After(10 * time.Second):
		// Unblock the Get so the test ends: open the FIFO's other side.
		if f, err := os.OpenFile(path, os.O_WRONLY, 0); err == nil {
			f.Close()
		}
		t.Fatal("Get blocked on a FIFO")
	}
}
