package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/robotsdfa/robotsdfa/automaton"
	"github.com/robotsdfa/robotsdfa/bench/workload"
	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/counts"
	"github.com/robotsdfa/robotsdfa/internal/robotsdir"
	"github.com/robotsdfa/robotsdfa/runtime"
	"github.com/stretchr/testify/require"
)

var packOnce struct {
	sync.Once
	path string
	err  string
}

// samplePack is the sample directory compiled into a pack, once per test
// run.
func samplePack(t testing.TB) string {
	packOnce.Do(func() {
		packOnce.path = filepath.Join(filepath.Dir(exe), "sample.pack")
		r := robotsdfa(t, nil, "compile", "-robots-dir", sampleRobots, "-hosts", sampleHosts, "-o", packOnce.path)
		if r.code != exitOK {
			packOnce.err = r.stderr
		}
	})
	require.Empty(t, packOnce.err)
	return packOnce.path
}

func TestCompileBlob(t *testing.T) {
	robots := repo("testdata", "corpus", "robots", wikipedia)
	out := filepath.Join(t.TempDir(), "w.blob")
	r := robotsdfa(t, nil, "compile", "-o", out, robots)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stderr, "33 merged groups")
	require.NotContains(t, r.stderr, "warning")
	blob, err := os.ReadFile(out)
	require.NoError(t, err)
	body, err := os.ReadFile(robots)
	require.NoError(t, err)
	want, err := compile.Compile(body, compile.Options{}).AppendBinary(nil)
	require.NoError(t, err)
	require.Equal(t, want, blob, "the library's blob")
	// A file with no user-agent line (a page served as robots.txt) is
	// compiled, and warned of as check warns.
	page := writeTemp(t, "page.txt", []byte("<html>\n<p>Not found</p>\n"))
	pr := robotsdfa(t, nil, "compile", "-o", filepath.Join(t.TempDir(), "p.blob"), page)
	require.Equal(t, exitOK, pr.code, pr.stderr)
	require.Contains(t, pr.stderr, "robotsdfa compile: warning: "+page+" has no user-agent line (2 lines read); every URL is allowed\n")
	set, err := automaton.Decode(blob)
	require.NoError(t, err)
	dfas, states := 0, 0
	for _, p := range set.Programs {
		dfas += p.Stats().Automata
		states += p.Stats().States
	}
	require.Contains(t, r.stderr, fmt.Sprintf(": %s bytes, 33 merged groups, %s automata, %s states\n", counts.Group3(len(blob)), counts.Group3(dfas), counts.Group3(states)))
	r = robotsdfa(t, nil, "inspect", out)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stdout, fmt.Sprintf("blob v%d, google mode", automaton.Version))
	require.Contains(t, r.stdout, ", valid\n")
	require.Contains(t, r.stdout, "  *: group 32\n")

	// -agent keeps the groups of the tokens named (and '*').
	small := filepath.Join(t.TempDir(), "small.blob")
	r = robotsdfa(t, nil, "compile", "-agent", "googlebot,zealbot", "-mode", "rfc", "-o", small, robots)
	require.Equal(t, exitOK, r.code, r.stderr)
	r = robotsdfa(t, nil, "inspect", small)
	require.Contains(t, r.stdout, "rfc mode")
	require.Contains(t, r.stdout, "zealbot: group")
	require.NotContains(t, r.stdout, "israbot")

	// Damage: one flipped byte, a truncation, junk, a directory.
	bad := append([]byte(nil), blob...)
	bad[len(bad)/2] ^= 0x40
	r = robotsdfa(t, nil, "inspect", writeTemp(t, "bad.blob", bad))
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "checksum mismatch")
	r = robotsdfa(t, nil, "inspect", writeTemp(t, "short.blob", blob[:100]))
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "short.blob")
	for _, junk := range []string{"hello, world", "RDF", ""} { // shorter than a magic too
		r = robotsdfa(t, nil, "inspect", writeTemp(t, "junk", []byte(junk)))
		require.Equal(t, exitProblem, r.code)
		require.Contains(t, r.stderr, "junk: neither a blob", junk)
	}
	r = robotsdfa(t, nil, "inspect", t.TempDir())
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "is a directory")

	// Errors of compile itself.
	r = robotsdfa(t, nil, "compile", robots)
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "-o is required")
	if _, err := os.Stat("/dev/full"); err == nil { // Linux's full disk
		r = robotsdfa(t, nil, "compile", "-o", "/dev/full", robots)
		require.Equal(t, exitProblem, r.code)
		require.Contains(t, r.stderr, "no space left on device")
	}
	r = robotsdfa(t, nil, "compile", "-o", out, t.TempDir())
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "is a directory")
}

// A pack answers as the directory it was made from.
func TestPack(t *testing.T) {
	pack := samplePack(t)
	r := robotsdfa(t, nil, "inspect", pack)
	require.Equal(t, exitOK, r.code, r.stderr)
	// 413 rows of hosts.tsv and file names give 411 keys (a host:443 is
	// both a row and a host_443.txt file); two of the 300 files are the
	// same bytes.
	require.Contains(t, r.stdout, "pack v3, 411 hosts, 299 distinct blobs")
	require.Contains(t, r.stdout, ", valid\n")
	r = robotsdfa(t, nil, "inspect", "-v", pack)
	require.Contains(t, r.stdout, "  en.wikipedia.org\tblob ")

	viaDir := robotsdfa(t, nil, "filter", "-robots-dir", sampleRobots, "-hosts", sampleHosts, "-agent", "googlebot", "-verdicts", sampleURLs)
	viaPack := robotsdfa(t, nil, "filter", "-pack", pack, "-agent", "googlebot", "-verdicts", sampleURLs)
	require.Equal(t, exitOK, viaPack.code, viaPack.stderr)
	require.True(t, viaDir.stdout == viaPack.stdout, "pack and directory disagree")

	// -mode that contradicts the pack's blobs is refused before any line.
	r = robotsdfa(t, []byte("https://en.wikipedia.org/wiki/Go\n"), "filter", "-pack", pack, "-agent", "googlebot", "-mode", "rfc", "-verdicts")
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "compiled in google mode; -mode rfc does not apply")
	require.Empty(t, r.stdout)

	data, err := os.ReadFile(pack)
	require.NoError(t, err)
	for _, c := range []struct {
		name string
		data []byte
	}{
		{"truncated", data[:len(data)/2]},
		{"index-flipped", flip(data, len(data)-5)},
		{"empty", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			bad := writeTemp(t, c.name+".pack", c.data)
			r := robotsdfa(t, nil, "filter", "-pack", bad, "-agent", "googlebot", sampleURLs)
			require.Equal(t, exitProblem, r.code)
			require.Contains(t, r.stderr, c.name+".pack")
			require.Empty(t, r.stdout)
			r = robotsdfa(t, nil, "inspect", bad)
			require.Equal(t, exitProblem, r.code)
		})
	}
	// A damaged blob: its hosts' URLs are errors, the others are answered.
	bad := writeTemp(t, "blob-flipped.pack", flip(data, 100))
	r = robotsdfa(t, nil, "inspect", bad)
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stdout, "1 blob INVALID")
	r = robotsdfa(t, nil, "filter", "-pack", bad, "-agent", "googlebot", "-verdicts", sampleURLs)
	require.Equal(t, exitProblem, r.code)
	errorLines, answered := 0, 0
	unreadable := map[string]bool{} // the hosts whose URLs are errors
	for _, l := range lines(r.stdout) {
		if strings.HasPrefix(l, "error\t") {
			errorLines++
			if k, ok := runtime.HostKey(strings.Split(l, "\t")[1]); ok {
				unreadable[k] = true
			}
		} else {
			answered++
		}
	}
	require.Greater(t, errorLines, 0)
	require.Greater(t, answered, 20000)
	require.NotEmpty(t, unreadable)
	require.Contains(t, r.stderr, fmt.Sprintf(" not (allowed), %d unreadable;", len(unreadable)))
}

// Stores of the versions before still open: inspect says what rebuilding
// one gives, and filter answers from it.
func TestPackOlderVersions(t *testing.T) {
	for v, says := range map[int]string{1: "writes the current version, mapped", 2: "a store of version 2 opens as it is"} {
		old := repo("testdata", "packs", fmt.Sprintf("v%d", v), "sample.pack")
		r := robotsdfa(t, nil, "inspect", old)
		require.Equal(t, exitOK, r.code, r.stderr)
		require.Contains(t, r.stdout, fmt.Sprintf("pack v%d, 3 hosts", v))
		require.Contains(t, r.stdout, says)
		r = robotsdfa(t, []byte("http://example.com:8080/private/x\nhttps://example.org/x\n"), "filter", "-pack", old, "-agent", "bot", "-verdicts")
		require.Equal(t, exitOK, r.code, r.stderr)
		require.Equal(t, "disallowed\thttp://example.com:8080/private/x\nallowed\thttps://example.org/x\n", r.stdout, v)
	}
}

// A directory with a file that cannot be read makes no pack.
func TestCompilePackErrors(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.example.txt"), []byte("user-agent: *\ndisallow: /\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "zero.example.txt"), nil, 0o644))
	hosts := writeTemp(t, "hosts.tsv", []byte("host\tfile\nb.example\tmissing.txt\n"))
	out := filepath.Join(t.TempDir(), "x.pack")
	r := robotsdfa(t, nil, "compile", "-robots-dir", dir, "-hosts", hosts, "-o", out)
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "missing.txt: no such file")
	require.Contains(t, r.stderr, "no pack written")
	_, err := os.Stat(out)
	require.True(t, os.IsNotExist(err))

	r = robotsdfa(t, nil, "compile", "-robots-dir", dir, "-o", out, "-workers", "0")
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "-workers must be at least 1")
	r = robotsdfa(t, nil, "compile", "-robots-dir", dir, "-o", out, "-workers", "1000000000000")
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "-workers must be at most 1,024")
	r = robotsdfa(t, nil, "compile", "-robots-dir", dir, "-o", out, "-workers", "1")
	require.Equal(t, exitOK, r.code, r.stderr)
	r = robotsdfa(t, []byte("https://a.example/x\nhttps://zero.example/x\nhttps://c.example/x\n"), "filter", "-pack", out, "-agent", "bot", "-verdicts")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Equal(t, "disallowed\thttps://a.example/x\nallowed\thttps://zero.example/x\nallowed\thttps://c.example/x\n", r.stdout)
	r = robotsdfa(t, nil, "filter", "-pack", writeTemp(t, "blob", []byte("RDFAblob")), "-agent", "bot")
	require.Equal(t, exitProblem, r.code)
}

func flip(b []byte, i int) []byte {
	c := append([]byte(nil), b...)
	c[i] ^= 0x10
	return c
}

// TestFilterPackSmallCache: a store whose cache holds few of the hosts in
// use gives the same verdicts and counts as one that holds them all, and
// the summary says that a larger -cache-mb would keep them loaded.
func TestFilterPackSmallCache(t *testing.T) {
	urls, err := workload.ReadLines(sampleURLs)
	require.NoError(t, err)
	input := filepath.Join(t.TempDir(), "urls.txt")
	list := strings.Join(urls, "\n") + "\n"
	require.NoError(t, os.WriteFile(input, []byte(strings.Repeat(list, 3)), 0o644))
	args := []string{"filter", "-pack", samplePack(t), "-agent", "googlebot", "-explain", input}
	big := robotsdfa(t, nil, append(args, "-cache-mb", "1024")...)
	require.Equal(t, exitOK, big.code, big.stderr)
	small := robotsdfa(t, nil, append(args, "-cache-mb", "1")...)
	require.Equal(t, exitOK, small.code, small.stderr)
	require.Equal(t, big.stdout, small.stdout)
	summary := regexp.MustCompile(`[\d,]+ allowed, [\d,]+ disallowed, [\d,]+ unusable; [\d,]+ hosts: [\d,]+ in the pack, [\d,]+ not`)
	require.Equal(t, summary.FindString(big.stderr), summary.FindString(small.stderr))
	require.NotContains(t, big.stderr, "a larger -cache-mb")
	require.Contains(t, small.stderr, "a larger -cache-mb keeps them")
	require.Regexp(t, `, [1-9][\d,]* reloads, 1 MiB \(`, small.stderr)
	// The hosts counted: the input's distinct host keys, in the pack when
	// the hosts table that built it names them.
	table, err := robotsdir.Table(sampleHosts)
	require.NoError(t, err)
	in, out := map[string]bool{}, map[string]bool{}
	for _, u := range urls {
		k, ok := runtime.HostKey(u)
		if !ok {
			continue
		}
		if _, found := table[k]; found {
			in[k] = true
		} else {
			out[k] = true
		}
	}
	require.NotEmpty(t, out)
	require.Contains(t, big.stderr, fmt.Sprintf("; %s hosts: %s in the pack, %s not (allowed), 0 unreadable;", counts.Group3(len(in)+len(out)), counts.Group3(len(in)), counts.Group3(len(out))))

	// The lines of 50 hosts, sorted by host, fit the cache's first 16 MiB:
	// nothing dropped, nothing reloaded, and the summary counts no reloads.
	slices.SortStableFunc(urls, func(a, b string) int {
		ka, _ := runtime.HostKey(a)
		kb, _ := runtime.HostKey(b)
		return strings.Compare(ka, kb)
	})
	var few []string
	hosts := map[string]bool{}
	for _, u := range urls {
		if k, _ := runtime.HostKey(u); hosts[k] || len(hosts) < 50 {
			hosts[k] = true
			few = append(few, u)
		}
	}
	sorted := filepath.Join(t.TempDir(), "sorted.txt")
	require.NoError(t, os.WriteFile(sorted, []byte(strings.Join(few, "\n")+"\n"), 0o644))
	once := robotsdfa(t, nil, "filter", "-pack", samplePack(t), "-agent", "googlebot", "-cache-mb", "1024", sorted)
	require.Equal(t, exitOK, once.code, once.stderr)
	require.Regexp(t, `the pack's cache: [\d,]+ loads, 0 evictions, 16 MiB\n`, once.stderr)
	r := robotsdfa(t, nil, append(args, "-cache-mb", "0")...)
	require.Equal(t, exitProblem, r.code)
}

// TestWriteFileRemovesPartial: an output whose writing failed is removed,
// so that no partial file is mistaken for a whole one; one that could not
// be closed too.
func TestWriteFileRemovesPartial(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.blob")
	err := writeFile(path, func(w *os.File) error {
		_, err := w.Write([]byte("half a blob"))
		require.NoError(t, err)
		return errors.New("disk full")
	})
	require.ErrorContains(t, err, "writing "+path+": disk full")
	require.NoFileExists(t, path)

	err = writeFile(path, func(w *os.File) error { return w.Close() })
	require.ErrorContains(t, err, "writing "+path)
	require.NoFileExists(t, path)

	require.NoError(t, writeFile(path, func(w *os.File) error { _, err := w.Write([]byte("whole")); return err }))
	require.FileExists(t, path)
}

// TestCompilePackSummary: compile's line counts every file read and each
// distinct blob once, as inspect counts the pack.
func TestCompilePackSummary(t *testing.T) {
	dir := t.TempDir()
	same := []byte("user-agent: *\ndisallow: /a\n")
	other := []byte("user-agent: *\ndisallow: /b\nallow: /b/c\n")
	for name, body := range map[string][]byte{"a.example.txt": same, "b.example.txt": same, "c.example.txt": other} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), body, 0o644))
	}
	blobBytes := 0
	for _, body := range [][]byte{same, other} {
		blob, err := compile.Compile(body, compile.Options{}).AppendBinary(nil)
		require.NoError(t, err)
		blobBytes += len(blob)
	}
	out := filepath.Join(t.TempDir(), "x.pack")
	r := robotsdfa(t, nil, "compile", "-robots-dir", dir, "-o", out)
	require.Equal(t, exitOK, r.code, r.stderr)
	st, err := os.Stat(out)
	require.NoError(t, err)
	require.Equal(t, fmt.Sprintf("robotsdfa compile: 3 files (%d bytes, google mode), 3 hosts → %s: 2 distinct blobs of %s bytes, %s bytes on disk\n",
		2*len(same)+len(other), out, counts.Group3(blobBytes), counts.Group3(st.Size())), r.stderr)
	r = robotsdfa(t, nil, "inspect", out)
	require.Contains(t, r.stdout, fmt.Sprintf("  blobs: %s bytes;", counts.Group3(blobBytes)))

	// Files with no user-agent line (pages served as robots.txt; an empty
	// file) are counted: every URL of their hosts is allowed.
	for name, body := range map[string]string{"d.example.txt": "<html>\n<p>Welcome</p>\n", "e.example.txt": ""} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644))
	}
	r = robotsdfa(t, nil, "compile", "-robots-dir", dir, "-o", out)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stderr, "robotsdfa compile: 5 files (")
	require.Contains(t, r.stderr, " bytes, google mode; 2 with no user-agent line: every URL allowed), 5 hosts → ")
}

// TestPackInItsMode (rfc): filter -pack with no -mode uses a pack compiled in
// RFC mode in that mode (RFC 9309 section 2.2.2: /robots.txt is allowed
// under "disallow: /", where Google's reading disallows it), and
// -mode rfc agrees; -mode google is refused before any line.
func TestPackInItsMode(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.example.txt"), []byte("user-agent: *\ndisallow: /\n"), 0o644))
	pack := filepath.Join(t.TempDir(), "rfc.pack")
	r := robotsdfa(t, nil, "compile", "-mode", "rfc", "-robots-dir", dir, "-o", pack)
	require.Equal(t, exitOK, r.code, r.stderr)
	input := []byte("https://a.example/robots.txt\nhttps://a.example/x\n")
	want := "allowed\thttps://a.example/robots.txt\ndisallowed\thttps://a.example/x\n"
	for _, mode := range [][]string{nil, {"-mode", "rfc"}} {
		r = robotsdfa(t, input, append([]string{"filter", "-pack", pack, "-agent", "bot", "-verdicts", "-q"}, mode...)...)
		require.Equal(t, exitOK, r.code, r.stderr)
		require.Equal(t, want, r.stdout, "%v", mode)
	}
	r = robotsdfa(t, input, "filter", "-pack", pack, "-agent", "bot", "-verdicts", "-mode", "google")
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "compiled in rfc mode; -mode google does not apply")
	require.Empty(t, r.stdout)
}
