package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/store"
	"github.com/stretchr/testify/require"
)

// TestBlobBound: a robots.txt whose blob is over the bound every command
// reads a blob to (maxBlobBytes, lowered here from its 64 MiB) is not
// written where the commands would then refuse it: compile refuses it,
// compile -robots-dir writes no pack and names its file, and fetch -hosts
// leaves its host out, saying so, and packs the others; a blob at the
// bound is written. Run in this process, for the lowered bound.
func TestBlobBound(t *testing.T) {
	var large strings.Builder
	large.WriteString("user-agent: *\n")
	for i := range 300 {
		fmt.Fprintf(&large, "disallow: /area-%d/*/page$\n", i)
	}
	small := "user-agent: *\ndisallow: /private\n"
	largeBlob, err := compile.Compile([]byte(large.String()), compile.Options{}).AppendBinary(nil)
	require.NoError(t, err)
	n := len(largeBlob)
	defer func(b int64) { maxBlobBytes = b }(maxBlobBytes)
	maxBlobBytes = int64(n - 1)
	want := fmt.Sprintf("compiles to a blob of %s, over the %s a blob may have (store.DefaultMaxBlobBytes): read less of it (-max-bytes)",
		count(n, "byte"), count(n-1, "byte"))

	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "large.example.txt"), []byte(large.String()), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "small.example.txt"), []byte(small), 0o644))
	out := filepath.Join(t.TempDir(), "out")

	r := runIn(t, "compile", "-o", out, filepath.Join(dir, "large.example.txt"))
	require.Equal(t, exitProblem, r.code, r.stderr)
	require.Equal(t, "robotsdfa compile: "+filepath.Join(dir, "large.example.txt")+": "+want+"\n", r.stderr)
	require.NoFileExists(t, out)
	r = runIn(t, "compile", "-o", out, filepath.Join(dir, "small.example.txt"))
	require.Equal(t, exitOK, r.code, r.stderr)

	pack := filepath.Join(t.TempDir(), "out.pack")
	r = runIn(t, "compile", "-robots-dir", dir, "-o", pack)
	require.Equal(t, exitProblem, r.code, r.stderr)
	require.Contains(t, r.stderr, "robotsdfa compile: "+filepath.Join(dir, "large.example.txt")+": "+want+"\n")
	require.Contains(t, r.stderr, "1 of 2 files could not be read or packed; no pack written")
	require.NoFileExists(t, pack)

	maxBlobBytes = int64(n) // at the bound: written
	r = runIn(t, "compile", "-o", out, filepath.Join(dir, "large.example.txt"))
	require.Equal(t, exitOK, r.code, r.stderr)
	r = runIn(t, "compile", "-robots-dir", dir, "-o", pack)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.NoError(t, os.Remove(pack))
	maxBlobBytes = int64(n - 1)

	h := newHostServers(t)
	h.body = []byte(large.String())
	list := writeTemp(t, "hosts.txt", []byte(h.ok+"\n"+h.missing+"\n"))
	r = runIn(t, "fetch", "-hosts", list, "-o", pack, "-scheme", "http")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stdout, h.ok+"\tnot added\t")
	require.Contains(t, r.stdout, "; its robots.txt "+want+"\n")
	require.Contains(t, r.stdout, h.missing+"\tadded\t")
	require.Contains(t, r.stderr, "2 hosts: 1 added (1 of them allow all: no robots.txt), 0 unreachable (not added), 1 too large (not added) → "+pack+": 1 host\n")
	st, err := store.Open(pack, store.Options{})
	require.NoError(t, err)
	defer st.Close()
	require.Equal(t, 1, st.Hosts())
	_, err = st.Robots(h.missing)
	require.NoError(t, err)
}
