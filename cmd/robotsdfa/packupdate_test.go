package main

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/store"
	"github.com/stretchr/testify/require"
)

// updateDir is a directory of two robots.txt files: one for a host of the
// sample pack (en.wikipedia.org), one for a host it does not hold.
func updateDir(t *testing.T) (dir string, bodies map[string][]byte) {
	dir = t.TempDir()
	bodies = map[string][]byte{
		"en.wikipedia.org":  []byte("user-agent: *\ndisallow: /new\n"),
		"brand-new.example": []byte("user-agent: googlebot\ndisallow: /\n"),
	}
	for host, body := range bodies {
		require.NoError(t, os.WriteFile(filepath.Join(dir, host+".txt"), body, 0o644))
	}
	return dir, bodies
}

// hostsOf lists a store's host keys, sorted.
func hostsOf(t *testing.T, st *store.Store) []string {
	var hosts []string
	require.NoError(t, st.Each(func(key string, _ int) error { hosts = append(hosts, key); return nil }))
	sort.Strings(hosts)
	return hosts
}

// requireUpdated holds an updated pack to what compile -from promises: the
// hosts of old, less the deleted, plus the directory's; each of the
// directory's hosts with its new file compiled (in mode), every other host
// with old's blob byte for byte.
func requireUpdated(t *testing.T, oldPath, newPath string, bodies map[string][]byte, deleted []string, mode compile.Mode) {
	old, err := store.Open(oldPath, store.Options{})
	require.NoError(t, err)
	defer old.Close()
	st, err := store.Open(newPath, store.Options{})
	require.NoError(t, err)
	defer st.Close()

	want := map[string]bool{}
	for _, h := range hostsOf(t, old) {
		want[h] = true
	}
	for _, h := range deleted {
		delete(want, h)
	}
	for h := range bodies {
		want[h] = true
	}
	var wantHosts []string
	for h := range want {
		wantHosts = append(wantHosts, h)
	}
	sort.Strings(wantHosts)
	require.Equal(t, wantHosts, hostsOf(t, st))

	for _, h := range wantHosts {
		blob, err := st.Blob(h)
		require.NoError(t, err, h)
		if body, ok := bodies[h]; ok {
			fresh, err := compile.Compile(body, compile.Options{Mode: mode}).AppendBinary(nil)
			require.NoError(t, err)
			require.True(t, bytes.Equal(fresh, blob), "%s: not its new file's blob", h)
			continue
		}
		before, err := old.Blob(h)
		require.NoError(t, err, h)
		require.True(t, bytes.Equal(before, blob), "%s: not the old pack's blob", h)
	}
}

// TestCompileFrom: a pack updated from an old one holds the old hosts,
// with the directory's replacing or adding to them and the -delete list's
// dropped; the rest are the old pack's blobs, unchanged.
func TestCompileFrom(t *testing.T) {
	base := samplePack(t)
	dir, bodies := updateDir(t)
	out := filepath.Join(t.TempDir(), "updated.pack")

	r := robotsdfa(t, nil, "compile", "-robots-dir", dir, "-from", base, "-o", out)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stderr, "compile: 2 files (63 bytes, google mode), 2 hosts; from "+base+
		" (411 hosts): 410 kept, 1 replaced, 1 added, 0 deleted → "+out+": 412 hosts, ")
	requireUpdated(t, base, out, bodies, nil, compile.Google)

	// filter answers from the new rules where they changed, as before
	// elsewhere.
	urls := []byte("https://en.wikipedia.org/new\nhttps://en.wikipedia.org/wiki/Go\nhttps://brand-new.example/x\nhttps://www.google.com/search\n")
	before := robotsdfa(t, urls, "filter", "-pack", base, "-agent", "googlebot", "-verdicts")
	after := robotsdfa(t, urls, "filter", "-pack", out, "-agent", "googlebot", "-verdicts")
	require.Equal(t, "allowed\thttps://en.wikipedia.org/new\nallowed\thttps://en.wikipedia.org/wiki/Go\nallowed\thttps://brand-new.example/x\ndisallowed\thttps://www.google.com/search\n", before.stdout)
	require.Equal(t, "disallowed\thttps://en.wikipedia.org/new\nallowed\thttps://en.wikipedia.org/wiki/Go\ndisallowed\thttps://brand-new.example/x\ndisallowed\thttps://www.google.com/search\n", after.stdout)

	// -delete, from standard input: hosts or URLs, comments and blank
	// lines skipped, a host not in the pack counted, a byte order mark
	// before the first line ignored.
	smaller := filepath.Join(t.TempDir(), "smaller.pack")
	list := []byte("\ufeffen.wikipedia.org\n# gone\n\nhttps://www.google.com/x\nnever.example\nEN.Wikipedia.org\n")
	r = robotsdfa(t, list, "compile", "-from", base, "-delete", "-", "-o", smaller)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stderr, "compile: from "+base+" (411 hosts): 409 kept, 0 replaced, 0 added, 2 deleted (1 host to delete was not in it) → "+smaller+": 409 hosts, ")
	requireUpdated(t, base, smaller, nil, []string{"en.wikipedia.org", "www.google.com"}, compile.Google)

	// A directory and a list together.
	both := filepath.Join(t.TempDir(), "both.pack")
	r = robotsdfa(t, []byte("www.google.com\n"), "compile", "-robots-dir", dir, "-from", base, "-delete", "-", "-o", both)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stderr, "409 kept, 1 replaced, 1 added, 1 deleted")
	requireUpdated(t, base, both, bodies, []string{"www.google.com"}, compile.Google)
}

// TestCompileFromInPlace: -o may name -from's pack. It is replaced whole
// once written; a store opened on it before keeps answering from the old.
func TestCompileFromInPlace(t *testing.T) {
	data, err := os.ReadFile(samplePack(t))
	require.NoError(t, err)
	pack := writeTemp(t, "hosts.pack", data)
	orig := writeTemp(t, "orig.pack", data)
	open, err := store.Open(pack, store.Options{})
	require.NoError(t, err)
	defer open.Close()

	dir, bodies := updateDir(t)
	r := robotsdfa(t, nil, "compile", "-robots-dir", dir, "-from", pack, "-o", pack)
	require.Equal(t, exitOK, r.code, r.stderr)
	requireUpdated(t, orig, pack, bodies, nil, compile.Google)

	ok, err := open.Agent("googlebot").Allowed("https://en.wikipedia.org/new")
	require.NoError(t, err)
	require.True(t, ok, "the store opened before the update answers from the old file")
	require.False(t, open.Has("brand-new.example"))
}

// TestCompileFromMode: the new pack is in the old one's mode; a -mode that
// contradicts it is refused before anything is written.
func TestCompileFromMode(t *testing.T) {
	src := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(src, "a.example.txt"), []byte("user-agent: *\ndisallow: /a\n"), 0o644))
	base := filepath.Join(t.TempDir(), "rfc.pack")
	r := robotsdfa(t, nil, "compile", "-mode", "rfc", "-robots-dir", src, "-o", base)
	require.Equal(t, exitOK, r.code, r.stderr)

	dir, bodies := updateDir(t)
	out := filepath.Join(t.TempDir(), "out.pack")
	r = robotsdfa(t, nil, "compile", "-robots-dir", dir, "-from", base, "-o", out)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stderr, "(63 bytes, rfc mode)")
	requireUpdated(t, base, out, bodies, nil, compile.RFC9309)
	st, err := store.Open(out, store.Options{})
	require.NoError(t, err)
	defer st.Close()
	for _, h := range []string{"a.example", "brand-new.example"} {
		r, err := st.Robots(h)
		require.NoError(t, err)
		require.True(t, r.RFC(), h)
	}

	refused := filepath.Join(t.TempDir(), "refused.pack")
	r = robotsdfa(t, nil, "compile", "-mode", "google", "-robots-dir", dir, "-from", base, "-o", refused)
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "rfc.pack: its robots.txt were compiled in rfc mode; -mode google would mix two modes in one pack")
	require.NoFileExists(t, refused)
}

// TestCompileFromPacksBefore: a pack of an older version, updated with
// nothing, is written in the current version with the same answers.
func TestCompileFromPacksBefore(t *testing.T) {
	for _, v := range []string{"v1", "v2"} {
		out := filepath.Join(t.TempDir(), v+".pack")
		old := repo("testdata", "packs", v, "sample.pack")
		r := robotsdfa(t, nil, "compile", "-from", old, "-o", out)
		require.Equal(t, exitOK, r.code, r.stderr)
		r = robotsdfa(t, nil, "inspect", out)
		require.Contains(t, r.stdout, "pack v3, 3 hosts")
		requireUpdated(t, old, out, nil, nil, compile.Google)
	}
}

// TestCompileFromRefuses: what -from cannot do is said, with exit 2 and
// no pack written.
func TestCompileFromRefuses(t *testing.T) {
	base := samplePack(t)
	dir, _ := updateDir(t)
	data, err := os.ReadFile(base)
	require.NoError(t, err)
	truncated := writeTemp(t, "truncated.pack", data[:len(data)/2])
	badList := writeTemp(t, "gone.txt", []byte("a.example\nnot a host\n"))
	wikiList := writeTemp(t, "wiki.txt", []byte("en.wikipedia.org\n"))
	longList := writeTemp(t, "long.txt", []byte("a.example\nb.example\n"+strings.Repeat("c", 64<<10)+".example\n"))
	for _, c := range []struct {
		name   string
		args   []string
		stderr string
	}{
		{"-delete alone", []string{"-robots-dir", dir, "-delete", wikiList}, "-delete goes with -from"},
		{"a ROBOTS_FILE", []string{"-from", base, wikiList}, "-from takes no ROBOTS_FILE"},
		{"a URL for the pack", []string{"-from", "https://e.com/hosts.pack"}, "(a URL, not a file: this command reads local files)"},
		{"no such pack", []string{"-from", filepath.Join(dir, "nope.pack")}, "nope.pack: no such file"},
		{"a damaged pack", []string{"-from", truncated}, "truncated.pack"},
		{"not a host", []string{"-from", base, "-delete", badList}, `gone.txt:2: "not a host" is not a host`},
		{"a line too long", []string{"-from", base, "-delete", longList}, "long.txt:3: a line over 64 KiB is not a host"},
		{"added and deleted", []string{"-from", base, "-robots-dir", dir, "-delete", wikiList}, "en.wikipedia.org is both in the directory (en.wikipedia.org.txt) and in the -delete list"},
		{"the list as -o", []string{"-from", base, "-delete", wikiList, "-o", wikiList}, "would overwrite the input"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out.pack")
			args := append([]string{"compile", "-o", out}, c.args...)
			r := robotsdfa(t, nil, args...)
			require.Equal(t, exitProblem, r.code, r.stderr)
			require.Contains(t, r.stderr, c.stderr)
			require.NoFileExists(t, out)
		})
	}
	got, err := os.ReadFile(wikiList)
	require.NoError(t, err)
	require.Equal(t, "en.wikipedia.org\n", string(got))
}
