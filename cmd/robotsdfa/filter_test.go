package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/robotsdfa/robotsdfa/bench/workload"
	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/counts"
	"github.com/robotsdfa/robotsdfa/internal/testexec"
	"github.com/robotsdfa/robotsdfa/runtime"
	"github.com/stretchr/testify/require"
)

var (
	sampleRobots = repo("testdata", "corpus", "robots")
	sampleHosts  = repo("testdata", "corpus", "hosts.tsv")
	sampleURLs   = repo("testdata", "frontier", "urls.txt.zst")
)

// sampleFrontier is the shipped frontier's lines.
func sampleFrontier(t testing.TB) []string {
	urls, err := workload.ReadLines(sampleURLs)
	require.NoError(t, err)
	require.Len(t, urls, 26199)
	return urls
}

// referenceVerdicts answers the sample frontier with the reference
// matcher, choosing each host's file as -robots-dir -hosts does.
func referenceVerdicts(t testing.TB, urls []string) []bool {
	hosts, err := workload.ReadHosts(sampleHosts)
	require.NoError(t, err)
	files := map[string]*compile.File{}
	out := make([]bool, len(urls))
	for i, u := range urls {
		out[i] = referenceCheck(t, files, hosts, sampleRobots, compile.Google, u).Allowed
	}
	return out
}

// appendHostKey is the filter's key for a whole URL.
func appendHostKey(dst, url []byte) ([]byte, bool) {
	return runtime.AppendHostKey(dst, string(url))
}

// A million URLs through four workers: every line comes out once, in
// order, with the reference's verdict. (The sample's files come from a
// pack, compiled once for the tests; -robots-dir gives the same output,
// TestFilterInputs.)
func TestFilterOrderMillion(t *testing.T) {
	if testing.Short() {
		t.Skip("a million URLs")
	}
	base := sampleFrontier(t)
	want := referenceVerdicts(t, base)
	var in bytes.Buffer
	const n = 1_000_000
	for i := 0; i < n; i++ {
		fmt.Fprintf(&in, "%s#%d\n", base[i%len(base)], i)
	}
	input := writeTemp(t, "million.txt", in.Bytes())
	r := robotsdfa(t, nil, "filter", "-pack", samplePack(t), "-agent", "googlebot", "-verdicts", "-workers", "4", input)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stderr, "filter: "+counts.Group3(n)+" lines in")
	out := r.stdout
	for i := 0; i < n; i++ {
		nl := strings.IndexByte(out, '\n')
		require.GreaterOrEqual(t, nl, 0, "output ends after %d lines", i)
		line := out[:nl]
		out = out[nl+1:]
		verdict := "disallowed"
		if want[i%len(base)] {
			verdict = "allowed"
		}
		if exp := fmt.Sprintf("%s\t%s#%d", verdict, base[i%len(base)], i); line != exp {
			t.Fatalf("output line %d is %q, want %q", i+1, line, exp)
		}
	}
	require.Empty(t, out, "output has lines beyond the input's")
}

// Default output (allowed URLs only) is the allowed subsequence, for any
// number of workers; gzip (one member or several) and zstd input give the
// same output as plain.
func TestFilterInputs(t *testing.T) {
	base := sampleFrontier(t)
	want := referenceVerdicts(t, base)
	var allowed strings.Builder
	for i, u := range base {
		if want[i] {
			allowed.WriteString(u + "\n")
		}
	}
	plain := []byte(strings.Join(base, "\n") + "\n")
	gz, err := gzipBytes(plain)
	require.NoError(t, err)
	zs, err := zstdBytes(plain)
	require.NoError(t, err)
	// Concatenated gzip files (cat a.gz b.gz) are one list, as gunzip
	// reads them; the cut falls inside a line.
	half := len(plain) / 2
	gz1, err := gzipBytes(plain[:half])
	require.NoError(t, err)
	gz2, err := gzipBytes(plain[half:])
	require.NoError(t, err)
	for _, c := range []struct {
		name    string
		data    []byte
		workers string
	}{{"plain", plain, "1"}, {"gzip", gz, "3"}, {"gzip-members", append(gz1, gz2...), "2"}, {"zstd", zs, "2"}} {
		t.Run(c.name, func(t *testing.T) {
			input := writeTemp(t, "urls", c.data)
			r := robotsdfa(t, nil, "filter", "-pack", samplePack(t), "-agent", "googlebot", "-workers", c.workers, input)
			require.Equal(t, exitOK, r.code, r.stderr)
			require.True(t, r.stdout == allowed.String(), "output differs from the reference's allowed URLs")
			// The same from standard input.
			r = robotsdfa(t, c.data, "filter", "-pack", samplePack(t), "-agent", "googlebot", "-q")
			require.Equal(t, exitOK, r.code, r.stderr)
			require.True(t, r.stdout == allowed.String(), "standard input: output differs")
			require.Empty(t, r.stderr)
		})
	}
	// The shipped frontier itself, zstd-compressed as it is, against the
	// directory.
	r := robotsdfa(t, nil, "filter", "-robots-dir", sampleRobots, "-hosts", sampleHosts, "-agent", "googlebot", sampleURLs)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.True(t, r.stdout == allowed.String())
}

// gzipBytes is p gzip-compressed at the default level.
func gzipBytes(p []byte) ([]byte, error) {
	var out bytes.Buffer
	w := gzip.NewWriter(&out)
	if _, err := w.Write(p); err != nil {
		return nil, err
	}
	err := w.Close()
	return out.Bytes(), err
}

// zstdBytes is p zstd-compressed at the default level.
func zstdBytes(p []byte) ([]byte, error) {
	w, err := zstd.NewWriter(nil)
	if err != nil {
		return nil, err
	}
	defer w.Close()
	return w.EncodeAll(p, nil), nil
}

// Lines that are not usable URLs are reported in place with -verdicts,
// and on standard error with their line numbers without it.
func TestFilterUnusableLines(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("user-agent: *\ndisallow: /private\n"))
	long := "https://example.com/" + strings.Repeat("x", 10<<20)
	input := "https://example.com/ok\n" +
		"\n" +
		"https://example.com/a\x00b\n" +
		"https:///nohost\n" +
		"relative/path\n" +
		"https://example.com/private\xff\r\n" +
		"/private/path\n" +
		long + "\n" +
		"https://example.com/private"
	r := robotsdfa(t, []byte(input), "filter", "-robots", robots, "-agent", "bot", "-verdicts")
	require.Equal(t, exitOK, r.code, r.stderr)
	want := "allowed\thttps://example.com/ok\n" +
		"error\t\tempty line\n" +
		"error\thttps://example.com/a\\x00b\tcontrol byte 0x00 at byte 21\n" +
		"error\thttps:///nohost\tno host\n" +
		"error\trelative/path\tneither an absolute URL nor a path starting with '/'\n" +
		"disallowed\thttps://example.com/private\xff\n" +
		"disallowed\t/private/path\n" +
		"allowed\t" + long + "\n" +
		"disallowed\thttps://example.com/private\n"
	require.True(t, r.stdout == want, "got %s", shorten(r.stdout))
	require.Contains(t, r.stderr, "9 lines in")
	require.Contains(t, r.stderr, "2 allowed, 3 disallowed, 4 unusable")

	r = robotsdfa(t, []byte(input), "filter", "-robots", robots, "-agent", "bot")
	require.Equal(t, exitOK, r.code)
	require.True(t, r.stdout == "https://example.com/ok\n"+long+"\n", shorten(r.stdout))
	require.Contains(t, r.stderr, "standard input:2: empty line")
	require.Contains(t, r.stderr, "standard input:3: control byte 0x00 at byte 21: https://example.com/a\\x00b")
	require.Contains(t, r.stderr, "standard input:4: no host")
	require.Contains(t, r.stderr, "standard input:5: neither an absolute URL")

	// With -robots-dir a path has no host to look up.
	r = robotsdfa(t, []byte("/private\n"), "filter", "-robots-dir", sampleRobots, "-agent", "bot", "-verdicts")
	require.Equal(t, exitOK, r.code)
	require.Equal(t, "error\t/private\tno host: a path, but -robots-dir and -pack need absolute URLs\n", r.stdout)
}

// A line longer than -max-line is reported and skipped; the lines after
// it are checked; the exit status says something was wrong.
func TestFilterOverlongLine(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("user-agent: *\ndisallow: /private\n"))
	long := "https://example.com/" + strings.Repeat("y", 5000)
	input := "https://example.com/a\n" + long + "\nhttps://example.com/private\n" + long
	for _, workers := range []string{"1", "2"} {
		r := robotsdfa(t, []byte(input), "filter", "-robots", robots, "-agent", "bot", "-verdicts", "-max-line", "1000", "-workers", workers)
		require.Equal(t, exitProblem, r.code)
		prefix := long[:shownPrefix]
		require.Equal(t, "allowed\thttps://example.com/a\n"+
			"error\t"+prefix+"...\tline of 5020 bytes, longer than -max-line 1000\n"+
			"disallowed\thttps://example.com/private\n"+
			"error\t"+prefix+"...\tline of 5020 bytes, longer than -max-line 1000\n", r.stdout)
	}
}

// A line of exactly -max-line bytes is checked; one byte more is not. At a
// -max-line of a chunk's size, the line fills the first buffer exactly.
// The least -max-line is the part of a line a report shows.
func TestFilterMaxLineBoundary(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("user-agent: *\ndisallow: /private\n"))
	for _, max := range []int{shownPrefix, 1000, chunkSize, 3 * chunkSize / 2} {
		url := func(n int) string { return "https://example.com/" + strings.Repeat("x", n-len("https://example.com/")) }
		input := url(max) + "\n" + url(max+1) + "\nhttps://example.com/private\n" + url(max-1) + "\n"
		r := robotsdfa(t, []byte(input), "filter", "-robots", robots, "-agent", "bot", "-verdicts", "-max-line", fmt.Sprint(max))
		require.Equal(t, exitProblem, r.code, r.stderr)
		want := "allowed\t" + url(max) + "\n" +
			"error\t" + url(max + 1)[:shownPrefix] + fmt.Sprintf("...\tline of %d bytes, longer than -max-line %d\n", max+1, max) +
			"disallowed\thttps://example.com/private\n" +
			"allowed\t" + url(max-1) + "\n"
		require.True(t, r.stdout == want, "-max-line %d: got %s", max, shorten(r.stdout))
	}
}

// The largest -max-line takes a line longer than a chunk. The buffer grows
// up to -max-line and the one byte more that tells a longer line: at this
// -max-line that sum overflowed, and the reader panicked.
func TestFilterMaxLineLargest(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("user-agent: *\ndisallow: /private\n"))
	long := "https://example.com/" + strings.Repeat("x", 3*chunkSize)
	r := robotsdfa(t, []byte(long+"\nhttps://example.com/private\n"), "filter", "-robots", robots, "-agent", "bot", "-verdicts",
		"-max-line", fmt.Sprint(math.MaxInt))
	require.Equal(t, exitOK, r.code, r.stderr)
	require.True(t, r.stdout == "allowed\t"+long+"\ndisallowed\thttps://example.com/private\n", shorten(r.stdout))
}

// The edge cases of a robots directory: a host whose "file" is a
// directory (its URLs are errors, exit 2), an empty file (everything
// allowed), a 50 MB file (only -max-bytes of it read), no file, and a
// file a -hosts table names that is not there.
func TestFilterRobotsDir(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(dir, "dir.example.txt"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "empty.example.txt"), nil, 0o644))
	big := append([]byte("user-agent: *\ndisallow: /first\n"), bytes.Repeat([]byte("disallow: /x\n"), 50<<20/13)...)
	big = append(big, "disallow: /last\n"...)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "big.example.txt"), big, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "port.example_8080.txt"), []byte("user-agent: *\ndisallow: /\n"), 0o644))
	input := "https://dir.example/a\nhttps://empty.example/a\nhttps://big.example/first\nhttps://big.example/last\n" +
		"https://none.example/a\nhttp://PORT.example:8080/a\nhttp://port.example:80/a\nhttps://port.example:443/a\n" +
		"http://port.example:08080/a\n"
	r := robotsdfa(t, []byte(input), "filter", "-robots-dir", dir, "-agent", "bot", "-verdicts")
	require.Equal(t, exitProblem, r.code)
	lines := lines(r.stdout)
	require.Len(t, lines, 9)
	require.True(t, strings.HasPrefix(lines[0], "error\thttps://dir.example/a\trobots.txt "), lines[0])
	require.Contains(t, lines[0], "is a directory")
	require.Equal(t, []string{"allowed\thttps://empty.example/a", "disallowed\thttps://big.example/first",
		"allowed\thttps://big.example/last", "allowed\thttps://none.example/a", "disallowed\thttp://PORT.example:8080/a",
		"allowed\thttp://port.example:80/a", "allowed\thttps://port.example:443/a", "disallowed\thttp://port.example:08080/a"}, lines[1:])
	require.Contains(t, r.stderr, "6 hosts: 3 with a robots.txt (1 cut at -max-bytes), 2 without (allowed), 1 unreadable")

	// A file the -hosts table names that is not there is the table's
	// fault or the directory's: its host's URLs are errors, not allowed
	// as a host's without a robots.txt, and its host is not listed as one
	// to fetch.
	table := writeTemp(t, "hosts.tsv", []byte("gone.example\tgone.txt\nempty.example\tempty.example.txt\n"))
	missingList := filepath.Join(t.TempDir(), "missing.txt")
	r = robotsdfa(t, []byte("https://gone.example/a\nhttps://empty.example/a\nhttps://none.example/a\n"),
		"filter", "-robots-dir", dir, "-hosts", table, "-agent", "bot", "-verdicts", "-missing-hosts", missingList)
	require.Equal(t, exitProblem, r.code)
	require.Equal(t, "error\thttps://gone.example/a\trobots.txt open "+filepath.Join(dir, "gone.txt")+": no such file or directory (the -hosts table names it)\n"+
		"allowed\thttps://empty.example/a\nallowed\thttps://none.example/a\n", r.stdout)
	require.Contains(t, r.stderr, "3 hosts: 1 with a robots.txt, 1 without (allowed), 1 unreadable")
	listed, err := os.ReadFile(missingList)
	require.NoError(t, err)
	require.Equal(t, "none.example\n", string(listed))

	r = robotsdfa(t, nil, "filter", "-robots-dir", filepath.Join(dir, "empty.example.txt"), "-agent", "bot")
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "not a directory")
}

// TestFilterRobotsDirSpellings: a host's file spelt otherwise than its own
// name ("Spelt.example.txt"), and an IPv6 host's ("[__1]_8080.txt"), are read by filter -robots-dir as compile
// -robots-dir reads it, so the directory and the pack compiled from it
// answer alike; a host with a file at its own name is read from it; the
// entries that are no host's file are named on standard error.
func TestFilterRobotsDirSpellings(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"Spelt.example.txt": "user-agent: *\ndisallow: /\n",
		"own.example.txt":   "user-agent: *\ndisallow: /a\n",
		"Own.example.txt":   "user-agent: *\ndisallow: /b\n",
		"notes.md":          "user-agent: *\ndisallow: /\n",
		"[__1]_8080.txt":    "user-agent: *\ndisallow: /\n",
	} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644))
	}
	input := []byte("https://spelt.example/x\nhttps://own.example/a\nhttps://own.example/b\nhttps://other.example/x\nhttp://[::1]:8080/x\n")
	want := "disallowed\thttps://spelt.example/x\ndisallowed\thttps://own.example/a\nallowed\thttps://own.example/b\nallowed\thttps://other.example/x\n" +
		"disallowed\thttp://[::1]:8080/x\n"
	warning := `warning: ` + dir + `: 2 entries not read as a host's robots.txt: "Own.example.txt" (host own.example's file is also own.example.txt, read instead), "notes.md" (not a <host>.txt file)`

	r := robotsdfa(t, input, "filter", "-robots-dir", dir, "-agent", "bot", "-verdicts")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Equal(t, want, r.stdout)
	require.Contains(t, r.stderr, "robotsdfa filter: "+warning)
	r = robotsdfa(t, input, "filter", "-robots-dir", dir, "-agent", "bot", "-verdicts", "-q")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Empty(t, r.stderr)
	// A file a -hosts table names is no stray entry.
	table := writeTemp(t, "hosts.tsv", []byte("notes.example\tnotes.md\n"))
	r = robotsdfa(t, []byte("https://notes.example/x\n"), "filter", "-robots-dir", dir, "-hosts", table, "-agent", "bot", "-verdicts")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Equal(t, "disallowed\thttps://notes.example/x\n", r.stdout)
	require.Contains(t, r.stderr, `warning: `+dir+`: 1 entry not read as a host's robots.txt: "Own.example.txt"`)

	pack := filepath.Join(t.TempDir(), "p.pack")
	r = robotsdfa(t, nil, "compile", "-robots-dir", dir, "-o", pack)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stderr, "robotsdfa compile: "+warning)
	r = robotsdfa(t, input, "filter", "-pack", pack, "-agent", "bot", "-verdicts")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Equal(t, want, r.stdout)
}

func TestFilterUsageAndInputErrors(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("user-agent: *\ndisallow: /private\n"))
	dir := t.TempDir()
	outside := writeTemp(t, "outside.tsv", []byte("host\tfile\na.example\t../robots.txt\n"))
	keyless := writeTemp(t, "keyless.tsv", []byte("a.example\trobots.txt\n:80\trobots.txt\n"))
	for _, c := range []struct {
		name   string
		args   []string
		stderr string
	}{
		{"no source", []string{"-agent", "bot"}, "want exactly one of -robots, -robots-dir and -pack"},
		{"two sources", []string{"-robots", robots, "-robots-dir", dir, "-agent", "bot"}, "want exactly one of"},
		{"no agent", []string{"-robots", robots}, "-agent is required"},
		{"bad workers", []string{"-robots", robots, "-agent", "bot", "-workers", "0"}, "-workers must be at least 1"},
		{"too many workers", []string{"-robots", robots, "-agent", "bot", "-workers", "1000000000000"}, "-workers must be at most 1,024"},
		{"missing robots", []string{"-robots", filepath.Join(dir, "nope.txt"), "-agent", "bot"}, "nope.txt: no such file"},
		{"missing input", []string{"-robots", robots, "-agent", "bot", filepath.Join(dir, "nope.urls")}, "nope.urls: no such file"},
		{"input is a directory", []string{"-robots", robots, "-agent", "bot", dir}, "is a directory, not a URL list"},
		{"a URL for an input", []string{"-robots", robots, "-agent", "bot", "https://e.com/page"}, "https://e.com/page: no such file or directory (a URL, not a file: filter reads URLs from files or standard input"},
		{"a URL for the pack", []string{"-pack", "https://e.com/hosts.pack", "-agent", "bot"}, "https://e.com/hosts.pack: no such file or directory (a URL, not a file: this command reads local files)"},
		{"a URL for the robots.txt", []string{"-robots", "http://e.com/robots.txt", "-agent", "bot"}, "or use robotsdfa fetch, which fetches as a crawler does)"},
		{"missing pack", []string{"-pack", filepath.Join(dir, "nope.pack"), "-agent", "bot"}, "nope.pack: no such file"},
		{"hosts without dir", []string{"-robots", robots, "-hosts", sampleHosts, "-agent", "bot"}, "-hosts goes with -robots-dir"},
		{"hosts alone", []string{"-hosts", sampleHosts, "-agent", "bot"}, "-hosts goes with -robots-dir: give the directory its table's files are in"},
		{"hosts names a file outside", []string{"-robots-dir", dir, "-hosts", outside, "-agent", "bot"}, "outside.tsv:2: file \"../robots.txt\" is not a name inside the directory"},
		{"hosts names no host", []string{"-robots-dir", dir, "-hosts", keyless, "-agent", "bot"}, "keyless.tsv:2: host \":80\" has no host key"},
		{"cache-mb past int64's bytes", []string{"-robots", robots, "-agent", "bot", "-cache-mb", "8796093022208"}, "-cache-mb must be at most 8,796,093,022,207"},
		{"max-line below a report's", []string{"-robots", robots, "-agent", "bot", "-max-line", "199"}, "-max-line must be at least 200"},
		{"cpuprofile unwritable", []string{"-robots", robots, "-agent", "bot", "-cpuprofile", filepath.Join(dir, "no", "cpu.prof")}, "no/cpu.prof: no such file or directory"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := robotsdfa(t, nil, append([]string{"filter"}, c.args...)...)
			require.Equal(t, exitProblem, r.code)
			require.Contains(t, r.stderr, c.stderr)
		})
	}
	// The bounds themselves are taken.
	r := robotsdfa(t, []byte("https://e.com/a\n"), "filter", "-pack", samplePack(t), "-agent", "bot",
		"-workers", fmt.Sprint(maxWorkers), "-cache-mb", fmt.Sprint(maxCacheMB))
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Equal(t, "https://e.com/a\n", r.stdout)
	// A bad gzip stream is an input error naming the file, whether its
	// header or its body is bad.
	bad := writeTemp(t, "bad.gz", []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 0xde, 0xad})
	r = robotsdfa(t, nil, "filter", "-robots", robots, "-agent", "bot", bad)
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "bad.gz: flate: corrupt input")
	bad = writeTemp(t, "badheader.gz", []byte{0x1f, 0x8b, 'x', 'x', 'x', 'x', 'x', 'x', 'x', 'x', 'x', 'x'})
	r = robotsdfa(t, nil, "filter", "-robots", robots, "-agent", "bot", bad)
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "badheader.gz: gzip: invalid header\n")
	require.NotContains(t, r.stderr, "gzip: gzip")
	// Empty input: no output, a summary, success.
	r = robotsdfa(t, []byte{}, "filter", "-robots", robots, "-agent", "bot")
	require.Equal(t, exitOK, r.code)
	require.Empty(t, r.stdout)
	require.Contains(t, r.stderr, "0 lines in")
}

// An input that fails part way (here a gzip file cut short) loses no
// whole line read before the failure: they are written, in order, the
// run says after which line it failed, how many bytes of the line it cut
// were not checked and how to resume, and exits 2; resumed with -skip on
// the mended input, it writes the rest exactly. A list that does not open
// fails the run before any work.
func TestFilterInputFailsPartWay(t *testing.T) {
	base := sampleFrontier(t)
	plain := []byte(strings.Join(base, "\n") + "\n")
	gz, err := gzipBytes(plain)
	require.NoError(t, err)
	dir := t.TempDir()
	mended := filepath.Join(dir, "urls.gz")
	require.NoError(t, os.WriteFile(mended, gz, 0o644))
	args := []string{"filter", "-pack", samplePack(t), "-agent", "googlebot", "-verdicts", "-workers", "2"}
	full := robotsdfa(t, nil, append(args, mended)...)
	require.Equal(t, exitOK, full.code, full.stderr)
	want := lines(full.stdout)
	require.Len(t, want, len(base))
	failedAt := regexp.MustCompile(`cut.gz: unexpected EOF after line (\d+) \(and (\d+) bytes of the line it cut, not checked\): ` +
		`the first (\d+) input lines are done, their output written to standard output; once \S*cut.gz is mended, run the same command with -skip (\d+), adding its output to this one's \(>>\)\n`)
	for _, frac := range []int{30, 70, 95} {
		cut := filepath.Join(dir, "cut.gz")
		require.NoError(t, os.WriteFile(cut, gz[:len(gz)*frac/100], 0o644))
		r := robotsdfa(t, nil, append(args, cut)...)
		require.Equal(t, exitProblem, r.code, r.stderr)
		m := failedAt.FindStringSubmatch(r.stderr)
		require.NotNil(t, m, r.stderr)
		n, _ := strconv.Atoi(m[1])
		cutBytes, _ := strconv.Atoi(m[2])
		require.Equal(t, m[1], m[3])
		require.Equal(t, m[1], m[4])
		require.Greater(t, n, len(base)*frac/200, "the whole lines before the cut come out")
		require.Less(t, n, len(base))
		require.Equal(t, strings.Join(want[:n], "\n")+"\n", r.stdout)
		require.Less(t, cutBytes, len(base[n])+1, "the cut line is the next one, in part")
		require.Contains(t, r.stderr, counts.Group3(n)+" lines in", "the summary")
		rest := robotsdfa(t, nil, append(args, "-skip", m[4], mended)...)
		require.Equal(t, exitOK, rest.code, rest.stderr)
		require.Equal(t, full.stdout, r.stdout+rest.stdout)
	}
	// The cut falls inside a line longer than -max-line.
	robots := writeTemp(t, "robots.txt", []byte("user-agent: *\ndisallow: /private\n"))
	long, err := gzipBytes([]byte("https://example.com/a\nhttps://example.com/" + strings.Repeat("y", 1<<20) + "\n"))
	require.NoError(t, err)
	cut := writeTemp(t, "long.gz", long[:len(long)-64])
	r := robotsdfa(t, nil, "filter", "-robots", robots, "-agent", "bot", "-max-line", "1000", cut)
	require.Equal(t, exitProblem, r.code)
	require.Equal(t, "https://example.com/a\n", r.stdout)
	require.Regexp(t, `long.gz: unexpected EOF after line 1 \(and \d+ bytes of the line it cut, not checked\): the first 1 input lines are done`, r.stderr)
	// The cut falls at a line end (a second gzip member cut in its
	// header): no cut line to speak of.
	whole, err := gzipBytes([]byte("https://example.com/a\nhttps://example.com/private\n"))
	require.NoError(t, err)
	second, err := gzipBytes([]byte("https://example.com/b\n"))
	require.NoError(t, err)
	r = robotsdfa(t, nil, "filter", "-robots", robots, "-agent", "bot", writeTemp(t, "atend.gz", append(whole, second[:6]...)))
	require.Equal(t, exitProblem, r.code)
	require.Equal(t, "https://example.com/a\n", r.stdout)
	require.Contains(t, r.stderr, "atend.gz: unexpected EOF after line 2: the first 2 input lines are done")
	// Nothing read: the error alone, as for any input that does not open.
	r = robotsdfa(t, nil, "filter", "-robots", robots, "-agent", "bot", writeTemp(t, "short.gz", gz[:5]))
	require.Equal(t, exitProblem, r.code)
	require.Empty(t, r.stdout)
	require.NotContains(t, r.stderr, "lines in")
	// A missing second list fails the run before the first is read.
	out := filepath.Join(dir, "out.txt")
	r = robotsdfa(t, nil, "filter", "-robots", robots, "-agent", "bot", "-o", out, mended, filepath.Join(dir, "nope.urls"))
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "nope.urls: no such file")
	require.NotContains(t, r.stderr, "lines in")
	require.NoFileExists(t, out)
}

// A resumed run (-skip) on an input that fails again counts the lines it
// skipped: it names the line after which the input failed, and where to
// resume, from the input's start.
func TestFilterResumedInputFailsAgain(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("user-agent: *\ndisallow: /private\n"))
	gz, err := gzipBytes([]byte("https://example.com/a\nhttps://example.com/b\nhttps://example.com/" + strings.Repeat("c", 1<<20) + "\n"))
	require.NoError(t, err)
	cut := writeTemp(t, "cut.gz", gz[:len(gz)-64])
	r := robotsdfa(t, nil, "filter", "-robots", robots, "-agent", "bot", "-skip", "1", cut)
	require.Equal(t, exitProblem, r.code, r.stderr)
	require.Equal(t, "https://example.com/b\n", r.stdout)
	require.Contains(t, r.stderr, "unexpected EOF after line 2 (and ")
	require.Contains(t, r.stderr, "the first 2 input lines are done, their output written to standard output; ")
	require.Contains(t, r.stderr, "run the same command with -skip 2, adding its output to this one's (>>)\n")
}

// Writing to a full disk fails loudly; writing into a closed pipe stops
// quietly.
func TestFilterOutputErrors(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	plain := writeTemp(t, "urls.txt", []byte(strings.Repeat("https://example.com/a\n", 1000)))
	robots := writeTemp(t, "robots.txt", []byte("user-agent: *\ndisallow: /private\n"))
	r := robotsdfa(t, nil, "filter", "-robots", robots, "-agent", "bot", "-o", "/dev/full", plain)
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "writing /dev/full: ")
	require.Contains(t, r.stderr, "no space left on device")

	cmd, _ := testexec.Command(t, exe, "filter", "-robots", robots, "-agent", "bot", sampleURLs)
	pr, err := cmd.StdoutPipe()
	require.NoError(t, err)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	first := make([]byte, 10)
	_, err = io.ReadFull(pr, first)
	require.NoError(t, err)
	pr.Close() // like "| head -c 10"
	cmd.Wait()
	require.NotContains(t, stderr.String(), "goroutine")
	require.NotContains(t, stderr.String(), "broken pipe")
}

// -explain adds the deciding line, from the source or from a pack.
func TestFilterExplain(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("user-agent: *\ndisallow: /private\nallow: /private/ok\n"))
	r := robotsdfa(t, []byte("https://example.com/private/x\nhttps://example.com/private/ok\nhttps://example.com/a\n"),
		"filter", "-robots", robots, "-agent", "bot", "-explain")
	require.Equal(t, exitOK, r.code)
	require.Equal(t, "disallowed\thttps://example.com/private/x\tline 2: Disallow: /private\n"+
		"allowed\thttps://example.com/private/ok\tline 3: Allow: /private/ok\n"+
		"allowed\thttps://example.com/a\tno matching rule\n", r.stdout)
}

// TestFilterHostKeys: a URL finds its host's file however it writes the
// host (runtime.HostKey): an IDN host its Punycode file, a trailing dot
// and capitals the plain name; with -robots-dir and through a -pack.
func TestFilterHostKeys(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "xn--bcher-kva.de.txt"), []byte("user-agent: *\ndisallow: /\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "example.org.txt"), []byte("user-agent: *\ndisallow: /private\n"), 0o644))
	input := "https://bücher.de/x\nhttps://BÜCHER.de./y\nhttps://xn--bcher-kva.de/z\nhttps://Example.ORG./private/a\nhttps://example.org/public\n"
	want := "disallowed\thttps://bücher.de/x\ndisallowed\thttps://BÜCHER.de./y\ndisallowed\thttps://xn--bcher-kva.de/z\n" +
		"disallowed\thttps://Example.ORG./private/a\nallowed\thttps://example.org/public\n"
	r := robotsdfa(t, []byte(input), "filter", "-robots-dir", dir, "-agent", "bot", "-verdicts")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, want, r.stdout)
	pack := filepath.Join(t.TempDir(), "keys.pack")
	r = robotsdfa(t, nil, "compile", "-robots-dir", dir, "-o", pack)
	require.Equal(t, 0, r.code, r.stderr)
	r = robotsdfa(t, []byte(input), "filter", "-pack", pack, "-agent", "bot", "-verdicts")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, want, r.stdout)
}

// TestFilterNeighbourHosts: consecutive URLs whose authorities share
// their leading bytes each get their own host's verdict, however the
// worker tells a host's next URL from the last one's.
func TestFilterNeighbourHosts(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"a.example.txt": "user-agent: *\ndisallow: /\n", "a.example.org.txt": "user-agent: *\ndisallow: /x\n",
		"a.example_8080.txt": "user-agent: *\nallow: /\n",
	} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644))
	}
	input := "https://a.example/1\nhttps://a.example.org/1\nhttps://a.example/2\nhttps://a.example:8080/1\n" +
		"https://a.example\nhttps://a.example?q\nhttps://a.exampleb/\nhttp://A.EXAMPLE/3\nhttps://a.example./4\n" +
		"https://a.example#f\nhttps://a.example.org\nhttps://a.example.org/x\nhttps://a.example-/\nhttps://a.example/5\n"
	want := "disallowed\thttps://a.example/1\nallowed\thttps://a.example.org/1\ndisallowed\thttps://a.example/2\n" +
		"allowed\thttps://a.example:8080/1\ndisallowed\thttps://a.example\ndisallowed\thttps://a.example?q\n" +
		"allowed\thttps://a.exampleb/\ndisallowed\thttp://A.EXAMPLE/3\ndisallowed\thttps://a.example./4\n" +
		"disallowed\thttps://a.example#f\nallowed\thttps://a.example.org\ndisallowed\thttps://a.example.org/x\n" +
		"allowed\thttps://a.example-/\ndisallowed\thttps://a.example/5\n"
	pack := filepath.Join(t.TempDir(), "neighbours.pack")
	r := robotsdfa(t, nil, "compile", "-robots-dir", dir, "-o", pack)
	require.Equal(t, 0, r.code, r.stderr)
	for _, source := range [][]string{{"-pack", pack}, {"-robots-dir", dir}} {
		r = robotsdfa(t, []byte(input), append([]string{"filter", "-agent", "bot", "-verdicts", "-workers", "1"}, source...)...)
		require.Equal(t, 0, r.code, r.stderr)
		require.Equal(t, want, r.stdout, source[0])
	}
}

// TestFilterMissing: the URLs of a host without a robots.txt get
// -missing's verdict, -explain says why, and -missing-hosts lists those
// hosts sorted, each once; with -robots-dir and through a -pack alike.
func TestFilterMissing(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "held.example.txt"), []byte("user-agent: *\ndisallow: /no\n"), 0o644))
	pack := filepath.Join(t.TempDir(), "held.pack")
	r := robotsdfa(t, nil, "compile", "-robots-dir", dir, "-o", pack)
	require.Equal(t, exitOK, r.code, r.stderr)
	input := "https://held.example/no\nhttps://b.example/x\nhttps://held.example/yes\nhttps://A.example:8080/y\nhttps://b.example/z\nhttps://bücher.example/\n"
	for _, src := range [][]string{{"-robots-dir", dir}, {"-pack", pack}} {
		list := filepath.Join(t.TempDir(), "missing.txt")
		args := append([]string{"filter", "-agent", "bot", "-explain", "-missing-hosts", list}, src...)
		r := robotsdfa(t, []byte(input), args...)
		require.Equal(t, exitOK, r.code, r.stderr)
		require.Equal(t, "disallowed\thttps://held.example/no\tline 2: Disallow: /no\nallowed\thttps://b.example/x\tno robots.txt\n"+
			"allowed\thttps://held.example/yes\tno matching rule\nallowed\thttps://A.example:8080/y\tno robots.txt\n"+
			"allowed\thttps://b.example/z\tno robots.txt\nallowed\thttps://bücher.example/\tno robots.txt\n",
			strings.Replace(r.stdout, "line 2: Disallow, priority 3", "line 2: Disallow: /no", 1), src)
		got, err := os.ReadFile(list)
		require.NoError(t, err)
		require.Equal(t, "a.example:8080\nb.example\nxn--bcher-kva.example\n", string(got), src)
		require.Regexp(t, `3 (not|without) \(allowed\)`, r.stderr, src)

		r = robotsdfa(t, []byte(input), append([]string{"filter", "-agent", "bot", "-missing", "disallow"}, src...)...)
		require.Equal(t, exitOK, r.code, r.stderr)
		require.Equal(t, "https://held.example/yes\n", r.stdout, src)
		require.Contains(t, r.stderr, "disallowed: -missing disallow", src)
	}
	r = robotsdfa(t, []byte(input), "filter", "-agent", "bot", "-missing", "maybe", "-robots-dir", dir)
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, `-missing is allow or disallow, not "maybe"`)
}

// Without -verdicts the first 20 unusable lines are reported one by one,
// each with its line number in its input (lines passed over by -skip
// counted, in a later chunk too), and the rest are counted.
func TestFilterReportedLines(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("user-agent: *\ndisallow: /private\n"))
	// The first input's usable lines fill more than a chunk, so that its
	// unusable lines are numbered past the first chunk's.
	const ok = 50_000
	var head strings.Builder
	for range ok {
		head.WriteString("https://example.com/ok\n")
	}
	require.Greater(t, head.Len(), chunkSize)
	badLines := func(first, n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "bad%d\n", first+i)
		}
		return b.String()
	}
	for _, c := range []struct {
		name          string
		bad, skip     int
		reported      int
		more          string
		firstReported int
	}{
		{name: "under the cap", bad: 19, reported: 19, firstReported: ok + 1},
		{name: "at the cap", bad: 20, reported: 20, firstReported: ok + 1},
		{name: "over the cap", bad: 25, reported: 20, more: "... and 5 more unusable lines", firstReported: ok + 1},
		{name: "after -skip", bad: 22, skip: 3, reported: 20, more: "... and 2 more unusable lines", firstReported: ok + 1},
		{name: "-skip into the bad lines", bad: 22, skip: ok + 2, reported: 20, firstReported: ok + 3},
		// Chunks past the first 20 reports count their lines without
		// writing them: the count stays exact.
		{name: "chunks of them", bad: 400_000, reported: 20, more: "... and 399,980 more unusable lines", firstReported: ok + 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			// Two inputs: the second's line numbers start again at 1.
			first := writeTemp(t, "first.txt", []byte(head.String()+badLines(ok+1, c.bad/2)))
			second := writeTemp(t, "second.txt", []byte(badLines(1, c.bad-c.bad/2)))
			args := []string{"filter", "-robots", robots, "-agent", "bot"}
			if c.skip > 0 {
				args = append(args, "-skip", fmt.Sprint(c.skip))
			}
			r := robotsdfa(t, nil, append(args, first, second)...)
			require.Equal(t, exitOK, r.code, r.stderr)
			var got []string
			for _, l := range lines(r.stderr) {
				if strings.Contains(l, ": neither an absolute URL") {
					got = append(got, l)
				}
			}
			require.Len(t, got, c.reported, r.stderr)
			// Each reported line names its file and line, whose text it shows.
			for _, l := range got {
				name, line, text := reportedLine(t, l)
				require.Equal(t, fmt.Sprintf("bad%d", line), text, l)
				require.True(t, name == first || name == second, l)
			}
			_, line, _ := reportedLine(t, got[0])
			require.Equal(t, c.firstReported, line, got[0])
			if c.more != "" {
				require.Contains(t, r.stderr, c.more)
			} else {
				require.NotContains(t, r.stderr, "more unusable lines")
			}
		})
	}
}

// reportedLine reads "robotsdfa filter: NAME:LINE: why: TEXT".
func reportedLine(t *testing.T, l string) (name string, line int, text string) {
	t.Helper()
	m := regexp.MustCompile(`^robotsdfa filter: (.*):(\d+): [^:]*: (\S+)$`).FindStringSubmatch(l)
	require.NotNil(t, m, l)
	n, err := strconv.Atoi(m[2])
	require.NoError(t, err)
	return m[1], n, m[3]
}

// The summary's rate is its lines over its time, as printed to 10 ms.
func TestFilterSummaryRate(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("user-agent: *\ndisallow: /private\n"))
	input := writeTemp(t, "urls.txt", []byte(strings.Repeat("https://example.com/a\nhttps://example.com/private\n", 50_000)))
	r := robotsdfa(t, nil, "filter", "-robots", robots, "-agent", "bot", "-o", os.DevNull, input)
	require.Equal(t, exitOK, r.code, r.stderr)
	m := regexp.MustCompile(`([\d,]+) lines in (\d+\.\d\d)s \(([\d,]+) lines/s\): 50,000 allowed, 50,000 disallowed`).FindStringSubmatch(r.stderr)
	require.NotNil(t, m, r.stderr)
	n, _ := strconv.ParseFloat(strings.ReplaceAll(m[1], ",", ""), 64)
	secs, _ := strconv.ParseFloat(m[2], 64)
	rate, _ := strconv.ParseFloat(strings.ReplaceAll(m[3], ",", ""), 64)
	require.Equal(t, 100_000.0, n)
	require.GreaterOrEqual(t, rate, n/(secs+0.005), r.stderr)
	if secs >= 0.01 {
		require.LessOrEqual(t, rate, n/(secs-0.005), r.stderr)
	}
}

// A -missing-hosts file that cannot be written fails the run.
func TestFilterMissingHostsUnwritable(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full here")
	}
	r := robotsdfa(t, []byte("https://nowhere.example/a\n"), "filter", "-robots-dir", sampleRobots, "-agent", "bot",
		"-missing-hosts", "/dev/full", "-")
	require.Equal(t, exitProblem, r.code, r.stderr)
	require.Contains(t, r.stderr, "/dev/full")
}

// An unusable line is shown whole up to 200 bytes, cut with "..." past.
func TestFilterReportedLineCut(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("user-agent: *\ndisallow: /private\n"))
	at, past := strings.Repeat("a", shownPrefix), strings.Repeat("b", shownPrefix+1)
	r := robotsdfa(t, []byte(at+"\n"+past+"\n"), "filter", "-robots", robots, "-agent", "bot")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stderr, "standard input:1: neither an absolute URL nor a path starting with '/': "+at+"\n")
	require.Contains(t, r.stderr, "standard input:2: neither an absolute URL nor a path starting with '/': "+past[:shownPrefix]+"...\n")
}

// TestFilterCPUProfile: -cpuprofile writes a CPU profile of the run, in
// pprof's format (gzipped), beside the run's own output.
func TestFilterCPUProfile(t *testing.T) {
	prof := filepath.Join(t.TempDir(), "cpu.prof")
	r := robotsdfa(t, nil, "filter", "-robots-dir", sampleRobots, "-hosts", sampleHosts, "-agent", "googlebot", "-cpuprofile", prof, sampleURLs)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.NotEmpty(t, r.stdout)
	data, err := os.ReadFile(prof)
	require.NoError(t, err)
	require.Greater(t, len(data), 2)
	require.Equal(t, []byte{0x1f, 0x8b}, data[:2], "a pprof profile is gzipped")
}

// TestFilterQuiet: -q writes nothing but fatal errors, so none of the
// warnings and notes a run prints about its robots.txt and its agent.
func TestFilterQuiet(t *testing.T) {
	noGroups := writeTemp(t, "robots.txt", []byte(bomTwice+"User-agent: *\ndisallow: /x\n"))
	blob := filepath.Join(t.TempDir(), "r.blob")
	r := robotsdfa(t, nil, "compile", noGroups, "-o", blob)
	require.Equal(t, exitOK, r.code, r.stderr)
	input := []byte("https://example.com/x\n")
	for _, c := range []struct {
		robots, agent string
		warnings      []string
	}{
		{noGroups, "bot/1.0", []string{`product token "bot/1.0" is not one RFC 9309 allows`, "a byte-order mark encoded twice", "has no user-agent line"}},
		{blob, "bot ", []string{`product token "bot " has whitespace around it`, "is a compiled blob (google mode): its rules are used as they are"}},
	} {
		r := robotsdfa(t, input, "filter", "-robots", c.robots, "-agent", c.agent, "-verdicts")
		require.Equal(t, exitOK, r.code, r.stderr)
		require.Equal(t, "allowed\thttps://example.com/x\n", r.stdout)
		for _, w := range c.warnings {
			require.Contains(t, r.stderr, w)
		}
		r = robotsdfa(t, input, "filter", "-q", "-robots", c.robots, "-agent", c.agent, "-verdicts")
		require.Equal(t, exitOK, r.code, r.stderr)
		require.Equal(t, "allowed\thttps://example.com/x\n", r.stdout)
		require.Empty(t, r.stderr)
	}
}

// TestFilterQuietProblem: a host whose robots.txt cannot be used (here a
// directory where its file would be) makes the run exit 2 under -q too,
// where its lines are neither shown nor kept: the exit code is all that
// tells a script. The other host's lines are written.
func TestFilterQuietProblem(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(dir, "a.example.txt"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "b.example.txt"), []byte("user-agent: *\ndisallow: /x\n"), 0o644))
	input := []byte("https://b.example/y\nhttps://a.example/x\nhttps://b.example/x\n")
	r := robotsdfa(t, input, "filter", "-robots-dir", dir, "-agent", "bot", "-q")
	require.Equal(t, exitProblem, r.code, r.stderr)
	require.Equal(t, "https://b.example/y\n", r.stdout)
	require.Empty(t, r.stderr)
}
