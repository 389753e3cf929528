package store

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// storeWith writes a store at path holding hosts, each with its own
// small robots.txt.
func storeWith(t *testing.T, path string, hosts ...string) {
	t.Helper()
	w, err := Create(path)
	require.NoError(t, err)
	for _, h := range hosts {
		require.NoError(t, w.AddRobotsTxt(h, []byte("User-agent: *\nDisallow: /"+h+"\n"), compiled))
	}
	require.NoError(t, w.Close())
}

// requireStore holds the store at path to its hosts, and its directory to
// that one file (no temporary file left beside it).
func requireStore(t *testing.T, path string, hosts ...string) {
	t.Helper()
	st, err := Open(path, Options{})
	require.NoError(t, err)
	defer st.Close()
	require.Equal(t, len(hosts), st.Hosts())
	for _, h := range hosts {
		require.True(t, st.Has(h), h)
	}
	entries, err := os.ReadDir(filepath.Dir(path))
	require.NoError(t, err)
	require.Len(t, entries, 1, "files beside the store")
}

// TestWriterAfterClose: every call of a closed Writer fails, none changes
// the store Close put in place, and Close and Abort again leave it.
func TestWriterAfterClose(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hosts.store")
	w, err := Create(path)
	require.NoError(t, err)
	require.NoError(t, w.AddRobotsTxt("a.example", []byte("User-agent: *\nDisallow: /a\n"), compiled))
	require.NoError(t, w.Close())

	blob := mustCompile(t, "User-agent: *\nDisallow: /b\n")
	old, err := Open(path, Options{})
	require.NoError(t, err)
	defer old.Close()
	for name, call := range map[string]func() error{
		"Add": func() error { return w.Add("b.example", blob) },
		"AddRobotsTxt": func() error {
			return w.AddRobotsTxt("b.example", []byte("User-agent: *\nDisallow: /b\n"), compiled)
		},
		"AddContent":  func() error { _, err := w.AddContent(blob); return err },
		"AddPrepared": func() error { _, err := w.AddPrepared(prepared(t, "User-agent: *\nDisallow: /c\n")); return err },
		"PutHost":     func() error { return w.PutHost("b.example", 0) },
		"Delete":      func() error { return w.Delete("a.example") },
		"CopyFrom":    func() error { return w.CopyFrom(old) },
		"Close":       w.Close,
	} {
		require.ErrorIs(t, call(), errClosed, name)
	}
	w.Abort()
	requireStore(t, path, "a.example")
}

// TestWriterWriteFails: a write that fails (here, the file closed under
// the Writer, as a full disk or a lost volume fails it) fails that call
// and every one after; Close then removes the file it was writing and
// leaves the store it would have replaced as it was. Both places a
// write can fail: adding a blob, and Close's index.
func TestWriterWriteFails(t *testing.T) {
	// Robots.txt whose blobs compress badly, so that a few fill the
	// Writer's buffer and the next add writes to the file.
	rng := rand.New(rand.NewPCG(1, 2))
	body := func() []byte {
		var b strings.Builder
		b.WriteString("User-agent: *\n")
		for range 2000 {
			fmt.Fprintf(&b, "Disallow: /%016x%016x\n", rng.Uint64(), rng.Uint64())
		}
		return []byte(b.String())
	}
	for _, at := range []string{"add", "close"} {
		t.Run(at, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "hosts.store")
			storeWith(t, path, "old.example")
			w, err := Create(path)
			require.NoError(t, err)
			require.NoError(t, w.AddRobotsTxt("new.example", []byte("User-agent: *\nDisallow: /n\n"), compiled))
			w.f.Close()
			if at == "add" {
				var failed error
				for i := 0; i < 1000 && failed == nil; i++ {
					failed = w.AddRobotsTxt(fmt.Sprintf("h%d.example", i), body(), compiled)
				}
				require.ErrorIs(t, failed, os.ErrClosed)
				require.ErrorIs(t, w.Add("later.example", mustCompile(t, "User-agent: *\nDisallow: /l\n")), os.ErrClosed, "a call after the failure")
			}
			require.ErrorIs(t, w.Close(), os.ErrClosed)
			requireStore(t, path, "old.example")
			require.Error(t, w.Close(), "Close again")
		})
	}
}

// TestWriterRefusesBadBlob: a blob runtime.Load refuses is refused with
// its host named, once validated, and the Writer goes on: the store holds
// the hosts whose blobs were good.
func TestWriterRefusesBadBlob(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hosts.store")
	w, err := Create(path)
	require.NoError(t, err)
	good := mustCompile(t, "User-agent: *\nDisallow: /g\n")
	bad := append([]byte(nil), good...)
	bad[len(bad)/2] ^= 0xff
	err = w.Add("bad.example", bad)
	require.ErrorContains(t, err, "store: the blob of bad.example: ")
	require.NotContains(t, err.Error(), "store: the blob of bad.example: store:")
	err = w.AddRobotsTxt("worse.example", []byte("x"), func([]byte) ([]byte, error) { return []byte("not a blob"), nil })
	require.ErrorContains(t, err, "store: the blob of worse.example: ")
	require.NoError(t, w.Add("good.example", good))
	require.NoError(t, w.Close())
	requireStore(t, path, "good.example")
}
