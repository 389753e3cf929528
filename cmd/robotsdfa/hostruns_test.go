package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// allKeys is every key the runs give, in their order.
func allKeys(t *testing.T, r *keyRuns) []string {
	t.Helper()
	var keys []string
	require.NoError(t, r.each(func(k []byte) error {
		keys = append(keys, string(k))
		return nil
	}))
	return keys
}

// TestKeyRunsSpill: workers' keys past runBytes go to runs in a temporary
// file beside the list, and come back merged with the lists left in
// memory and a list file's words: sorted, each once, none lost; the
// temporary file is gone once closed (at once, on Unix).
func TestKeyRunsSpill(t *testing.T) {
	defer func(b int) { runBytes = b }(runBytes)
	runBytes = 200
	dir := t.TempDir()
	old := filepath.Join(dir, "todo.txt")
	require.NoError(t, os.WriteFile(old, []byte("zz.example\n  a.example\th7.example\n\n"), 0o644))

	r := newKeyRuns(old)
	want := []string{"a.example", "zz.example"}
	var wg sync.WaitGroup
	for w := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l := &keyList{}
			for i := w; i < 600; i += 3 {
				r.add(l, fmt.Appendf(nil, "h%d.example", i))
			}
			r.hand(l)
		}()
	}
	for i := range 600 {
		want = append(want, fmt.Sprintf("h%d.example", i))
	}
	wg.Wait()
	for _, l := range r.lists {
		require.Less(t, l.size(), runBytes, "emptied once written out")
	}
	require.NoError(t, r.addFile(old))
	require.NoError(t, r.addFile(filepath.Join(dir, "none.txt")), "no list yet: nothing to add")
	require.NoError(t, r.err)
	require.Greater(t, len(r.runs), 10, "runs written")
	slices.Sort(want)
	require.Equal(t, want, allKeys(t, r))
	require.Equal(t, want, allKeys(t, r), "and again")

	names := func() []string {
		var n []string
		es, err := os.ReadDir(dir)
		require.NoError(t, err)
		for _, e := range es {
			n = append(n, e.Name())
		}
		return n
	}
	if runtime.GOOS == "linux" || runtime.GOOS == "darwin" {
		require.Equal(t, []string{"todo.txt"}, names(), "no name while open")
	}
	r.close()
	require.Equal(t, []string{"todo.txt"}, names())
}

// TestKeyRunsNoSpill: where the temporary file cannot be made, the keys
// stay in memory, all of them, and the runs say why.
func TestKeyRunsNoSpill(t *testing.T) {
	defer func(b int) { runBytes = b }(runBytes)
	runBytes = 100
	r := newKeyRuns(filepath.Join(t.TempDir(), "gone", "todo.txt"))
	defer r.close()
	l := &keyList{}
	var want []string
	for range 300 {
		k := fmt.Sprintf("%x.example", rand.Uint64())
		want = append(want, k)
		r.add(l, []byte(k))
	}
	r.hand(l)
	require.Error(t, r.err)
	require.Empty(t, r.runs)
	slices.Sort(want)
	require.Equal(t, want, allKeys(t, r))
}

// TestMissingHostsAppendReplaces: -append writes the merged list beside
// the old one and renames it over it, keeping its mode (a run stopped
// while writing leaves the old list whole); a list reached through a
// symbolic link is written through it, the link kept.
func TestMissingHostsAppendReplaces(t *testing.T) {
	dir := t.TempDir()
	list := filepath.Join(dir, "todo.txt")
	require.NoError(t, os.WriteFile(list, []byte("zz.example\nold.example\n"), 0o640))
	require.NoError(t, os.Chmod(list, 0o640)) // whatever the umask
	in := []byte("https://new.example/a\nhttps://zz.example/b\n")
	r := robotsdfa(t, in, "filter", "-pack", samplePack(t), "-agent", "bot", "-o", os.DevNull, "-missing-hosts", list, "-append", "-")
	require.Equal(t, exitOK, r.code, r.stderr)
	got, err := os.ReadFile(list)
	require.NoError(t, err)
	require.Equal(t, "new.example\nold.example\nzz.example\n", string(got))
	fi, err := os.Stat(list)
	require.NoError(t, err)
	if runtime.GOOS != "windows" {
		require.Equal(t, os.FileMode(0o640), fi.Mode().Perm())
	}
	es, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, es, 1, "no file left beside it")

	if runtime.GOOS == "windows" {
		return
	}
	link := filepath.Join(dir, "link.txt")
	require.NoError(t, os.Symlink(list, link))
	r = robotsdfa(t, []byte("https://a.example/\n"), "filter", "-pack", samplePack(t), "-agent", "bot", "-o", os.DevNull, "-missing-hosts", link, "-append", "-")
	require.Equal(t, exitOK, r.code, r.stderr)
	fi, err = os.Lstat(link)
	require.NoError(t, err)
	require.Equal(t, os.ModeSymlink, fi.Mode().Type())
	got, err = os.ReadFile(list)
	require.NoError(t, err)
	require.Equal(t, "a.example\nnew.example\nold.example\nzz.example\n", string(got))
}

// TestMissingHostsAppendUnreadable: a list -append cannot read (a word of
// 2 MiB is no host) is named and left as it is.
func TestMissingHostsAppendUnreadable(t *testing.T) {
	list := filepath.Join(t.TempDir(), "todo.txt")
	body := append(bytes.Repeat([]byte("a"), 2<<20), '\n')
	require.NoError(t, os.WriteFile(list, body, 0o644))
	r := robotsdfa(t, []byte("https://new.example/a\n"), "filter", "-pack", samplePack(t), "-agent", "bot", "-o", os.DevNull, "-missing-hosts", list, "-append", "-")
	require.Equal(t, exitProblem, r.code, r.stderr)
	require.Contains(t, r.stderr, "reading "+list+": a word longer than 1048576 bytes: not a list of hosts")
	got, err := os.ReadFile(list)
	require.NoError(t, err)
	require.True(t, bytes.Equal(body, got))
}

// TestMissingHostsTriedFirst: a -missing-hosts list the run could not write
// when it ends (a directory, a path in no directory; and those the user
// may not write: TestMissingHostsUnwritable) fails the run before it reads
// a line or opens -o, not after hours of work; a list it can write,
// through a link or on a device, goes on.
func TestMissingHostsTriedFirst(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.txt")
	in := []byte("https://new.example/a\n")
	refused := func(list, stderr string, flags ...string) {
		t.Helper()
		args := append([]string{"filter", "-pack", samplePack(t), "-agent", "bot", "-o", out, "-missing-hosts", list}, flags...)
		r := robotsdfa(t, in, args...)
		require.Equal(t, exitProblem, r.code, r.stderr)
		require.Equal(t, "robotsdfa filter: "+stderr+"\n", r.stderr)
		require.NoFileExists(t, out)
	}
	refused(dir, "-missing-hosts "+dir+" is a directory")
	refused(dir, "-missing-hosts "+dir+" is a directory", "-append")
	nowhere := filepath.Join(dir, "no", "todo.txt")
	refused(nowhere, "-missing-hosts "+nowhere+": no directory "+filepath.Join(dir, "no"))
	list := filepath.Join(dir, "todo.txt")
	if runtime.GOOS != "windows" {
		require.NoError(t, os.Symlink(list, filepath.Join(dir, "link.txt")))
		r := robotsdfa(t, in, "filter", "-pack", samplePack(t), "-agent", "bot", "-o", os.DevNull, "-missing-hosts", filepath.Join(dir, "link.txt"))
		require.Equal(t, exitOK, r.code, r.stderr)
		got, err := os.ReadFile(list)
		require.NoError(t, err)
		require.Equal(t, "new.example\n", string(got))
	}
	r := robotsdfa(t, in, "filter", "-pack", samplePack(t), "-agent", "bot", "-missing-hosts", os.DevNull)
	require.Equal(t, exitOK, r.code, r.stderr)
	es, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range es {
		require.False(t, strings.HasPrefix(e.Name(), "."), "no probe left: %s", e.Name())
	}
}

// TestKeyRunsDefaultSize: with the default runBytes, a worker's list holds
// megabytes of keys before it is written out, so a frontier's missing
// hosts make a few runs, each read back through its own buffer, and not
// a run a key.
func TestKeyRunsDefaultSize(t *testing.T) {
	r := newKeyRuns(filepath.Join(t.TempDir(), "todo.txt"))
	defer r.close()
	l := &keyList{}
	for i := range 40000 { // a key and its span: 26 to 30 bytes
		r.add(l, fmt.Appendf(nil, "h%d.example", i))
	}
	require.NoError(t, r.err)
	require.Greater(t, l.size(), 1<<20)
	require.Empty(t, r.runs, "a mebibyte of keys is no run yet")
}
