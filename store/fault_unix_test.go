//go:build unix

package store_test

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"

	"github.com/robotsdfa/robotsdfa/store"
	"github.com/stretchr/testify/require"
)

// TestFileRewrittenWhileOpen: a store rewritten in place while open (here
// cut short, as cp onto it does first) makes the calls that read the
// file fail with ErrFormat, saying so, where the fault in its mapping
// crashed the process; a host whose Matcher the cache holds still
// answers, and each call leaves its goroutine's fault setting as it was.
func TestFileRewrittenWhileOpen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hosts.store")
	w, err := store.Create(path)
	require.NoError(t, err)
	const hosts = 2000
	for i := range hosts {
		body := fmt.Sprintf("User-agent: *\nDisallow: /private-%d/\n", i)
		require.NoError(t, w.AddRobotsTxt(fmt.Sprintf("h%d.example", i), []byte(body), compileBody))
	}
	require.NoError(t, w.Close())
	st, err := store.Open(path, store.Options{})
	require.NoError(t, err)
	defer st.Close()
	a := st.Agent("bot")
	ok, err := a.Allowed("https://h0.example/private-0/x")
	require.NoError(t, err)
	require.False(t, ok)

	require.NoError(t, os.Truncate(path, 64))

	ok, err = a.Allowed("https://h0.example/private-0/x")
	require.NoError(t, err, "a host the cache holds answers from the heap")
	require.False(t, ok)
	changed := func(err error) {
		t.Helper()
		require.ErrorIs(t, err, store.ErrFormat)
		require.ErrorContains(t, err, "the file changed while open")
	}
	_, err = a.Allowed("https://h1999.example/")
	changed(err)
	_, err = st.Robots("h1998.example")
	changed(err)
	_, err = st.Blob("h1997.example")
	changed(err)
	_, err = st.ContentBlob(st.Contents() - 1)
	changed(err)
	changed(st.Each(func(string, int) error { return nil }))
	require.False(t, st.Has("h1996.example"))

	nw, err := store.Create(filepath.Join(t.TempDir(), "next.store"))
	require.NoError(t, err)
	changed(nw.CopyFrom(st))
	require.Error(t, nw.Close())

	require.False(t, debug.SetPanicOnFault(false), "the goroutine's setting is restored")
}
