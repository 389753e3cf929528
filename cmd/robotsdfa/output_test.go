package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
	"github.com/robotsdfa/robotsdfa/internal/testexec"
	"github.com/stretchr/testify/require"
)

// readOutput is filter's output file, decompressed as its name says; a
// compressed one must decompress whole (every frame complete).
func readOutput(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	kind, err := compression(path)
	require.NoError(t, err)
	return decompress(t, kind, b)
}

func decompress(t testing.TB, kind string, b []byte) []byte {
	t.Helper()
	out, err := decompressed(kind, b)
	require.NoError(t, err, "%s output that does not decompress whole", kind)
	return out
}

// decompressed is b decompressed as kind says ("": as it is).
func decompressed(kind string, b []byte) ([]byte, error) {
	var r io.Reader
	switch {
	case len(b) == 0: // cut back to no frame
		return nil, nil
	case kind == "zstd":
		d, err := zstd.NewReader(bytes.NewReader(b))
		if err != nil {
			return nil, err
		}
		defer d.Close()
		r = d
	case kind == "gzip":
		g, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			return nil, err
		}
		r = g
	default:
		return b, nil
	}
	return io.ReadAll(r)
}

// -o's extension says how it is compressed; another compressed format's
// is refused rather than given plain text.
func TestCompression(t *testing.T) {
	for name, want := range map[string]string{
		"": "", "out.txt": "", "out": "", "out.zst": "zstd", "OUT.ZST": "zstd", "a.txt.zstd": "zstd",
		"out.txt.gz": "gzip", "gz": "", "dir.zst/out.txt": "",
	} {
		got, err := compression(name)
		require.NoError(t, err, name)
		require.Equal(t, want, got, name)
	}
	for _, name := range []string{"out.xz", "out.txt.bz2", "out.lz4", "out.br"} {
		_, err := compression(name)
		require.ErrorContains(t, err, "as zstd (.zst) or gzip (.gz), not ."+name[strings.LastIndexByte(name, '.')+1:], name)
	}
}

// A compressed filter run's output equals the plain one's once
// decompressed, in the same lines, and an empty output is still a valid
// (empty) compressed file.
func TestFilterCompressedOutput(t *testing.T) {
	dir := t.TempDir()
	args := []string{"filter", "-robots-dir", sampleRobots, "-hosts", sampleHosts, "-agent", "googlebot", "-verdicts", sampleURLs}
	r := robotsdfa(t, nil, append(args, "-o", filepath.Join(dir, "plain.txt"))...)
	require.Equal(t, exitOK, r.code, r.stderr)
	want := readOutput(t, filepath.Join(dir, "plain.txt"))
	require.Greater(t, len(want), frameBytes/8)
	for _, name := range []string{"out.txt.zst", "out.txt.gz"} {
		out := filepath.Join(dir, name)
		r = robotsdfa(t, nil, append(args, "-o", out)...)
		require.Equal(t, exitOK, r.code, r.stderr)
		raw, err := os.ReadFile(out)
		require.NoError(t, err)
		require.Less(t, len(raw), len(want)/2, "%s is compressed", name)
		require.Equal(t, string(want), string(readOutput(t, out)), name)

		empty := filepath.Join(dir, "empty-"+name)
		r = robotsdfa(t, nil, "filter", "-robots-dir", sampleRobots, "-agent", "googlebot", "-o", empty, os.DevNull)
		require.Equal(t, exitOK, r.code, r.stderr)
		raw, err = os.ReadFile(empty)
		require.NoError(t, err)
		require.NotEmpty(t, raw, "one empty frame")
		require.Empty(t, readOutput(t, empty))
	}
	r = robotsdfa(t, nil, append(args, "-o", filepath.Join(dir, "out.xz"))...)
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "not .xz")
	require.NoFileExists(t, filepath.Join(dir, "out.xz"))
}

// A framed sink makes a mark at each frame's end only, once the file took
// all of it: whatever the file took of a frame that failed part way, the
// mark's bytes decompress to exactly the lines it says are done.
func TestFramedSinkMarks(t *testing.T) {
	// Chunks of 10,000 lines of 53 bytes, which compress to about a third:
	// a frame (8 MiB) to about 3 MB.
	rng := rand.New(rand.NewPCG(1, 2))
	var all []byte
	for range 300_000 {
		all = fmt.Appendf(all, "https://example.com/%016x%016x\n", rng.Uint64(), rng.Uint64())
	}
	const chunk = 10_000 * 53
	for _, kind := range []string{"zstd", "gzip"} {
		// A file that takes limit bytes and then fails (a full disk).
		for _, limit := range []int64{0, 100, 1 << 20, 4 << 20} {
			var file bytes.Buffer
			cw := &countingWriter{w: &limitedWriter{w: &file, n: limit}}
			s, err := newSink(kind, cw, 0)
			require.NoError(t, err)
			var done int64
			for err == nil && done < 300_000 {
				err = s.put(all[done*53:][:chunk], done+10_000)
				done += 10_000
			}
			if err == nil {
				err = s.close()
			}
			require.ErrorIs(t, err, errFull, "%s: a limit of %d", kind, limit)
			m := s.whole(cw.n)
			require.LessOrEqual(t, m.bytes, cw.n)
			got := decompress(t, kind, file.Bytes()[:m.bytes])
			require.Equal(t, int(m.lines), bytes.Count(got, []byte{'\n'}), "%s: a limit of %d", kind, limit)
			require.True(t, bytes.Equal(all[:m.lines*53], got), "%s: a limit of %d", kind, limit)
			if limit >= 4<<20 {
				// A frame ends at the first chunk's end past 8 MiB: 16
				// chunks; the second is cut.
				require.Equal(t, int64(160_000), m.lines, "%s: one frame is whole", kind)
			}
			require.Equal(t, "frame", s.unit())
		}
	}
}

// A plain sink's mark is each chunk's end: a file that took exactly up to
// one has that chunk whole, and one that took less than the first has
// none.
func TestPlainSinkMarks(t *testing.T) {
	chunk := bytes.Repeat([]byte("https://example.com/abcdefghijklmnopqrstuvwxyz01234567890123456789/\n"), 8<<10) // 8,192 lines, 544 KiB
	for _, c := range []struct{ limit, lines int64 }{
		{0, 0}, {100, 0}, {int64(len(chunk)) - 1, 0}, {int64(len(chunk)), 8 << 10}, {3 * int64(len(chunk)), 24 << 10}, {3*int64(len(chunk)) + 7, 24 << 10},
	} {
		var file bytes.Buffer
		cw := &countingWriter{w: &limitedWriter{w: &file, n: c.limit}}
		s, err := newSink("", cw, 0)
		require.NoError(t, err)
		var done int64
		for err == nil && done < 80<<10 {
			done += 8 << 10
			err = s.put(chunk, done)
		}
		if err == nil {
			err = s.close()
		}
		require.ErrorIs(t, err, errFull, "a limit of %d", c.limit)
		m := s.whole(cw.n)
		require.Equal(t, c.lines, m.lines, "a limit of %d", c.limit)
		require.Equal(t, m.lines*int64(len(chunk))/(8<<10), m.bytes)
		require.Equal(t, "line", s.unit())
	}
}

var errFull = errors.New("no space left")

// limitedWriter takes n bytes and then fails, having taken what fits.
type limitedWriter struct {
	w io.Writer
	n int64
}

func (l *limitedWriter) Write(b []byte) (int, error) {
	if int64(len(b)) <= l.n {
		l.n -= int64(len(b))
		return l.w.Write(b)
	}
	k, _ := l.w.Write(b[:l.n])
	l.n = 0
	return k, errFull
}

// -append adds frames to a compressed file that decompresses whole and
// ends in a whole line, mends one a run cut part way back to its last
// mark, and refuses another program's cut part way, one of another
// format, or one whose last line has no end.
func TestFilterAppendCompressed(t *testing.T) {
	dir := t.TempDir()
	robots := writeTemp(t, "robots.txt", []byte("user-agent: *\ndisallow: /private\n"))
	urls := []byte("https://example.com/a\nhttps://example.com/private\nhttps://example.com/b\n")
	for _, name := range []string{"out.zst", "out.gz"} {
		out := filepath.Join(dir, name)
		for range 2 {
			r := robotsdfa(t, urls, "filter", "-robots", robots, "-agent", "bot", "-append", "-o", out)
			require.Equal(t, exitOK, r.code, r.stderr)
		}
		require.Equal(t, strings.Repeat("https://example.com/a\nhttps://example.com/b\n", 2), string(readOutput(t, out)))

		// Cut inside the second run's last mark: cut back to where the
		// second run began (its first mark says it had done 0 lines).
		raw, err := os.ReadFile(out)
		require.NoError(t, err)
		cut := filepath.Join(dir, "cut-"+name)
		require.NoError(t, os.WriteFile(cut, raw[:len(raw)-5], 0o644))
		r := robotsdfa(t, urls, "filter", "-robots", robots, "-agent", "bot", "-append", "-o", cut)
		require.Equal(t, exitOK, r.code, r.stderr)
		require.Contains(t, r.stderr, "the output of the first 0 input lines")
		require.Equal(t, strings.Repeat("https://example.com/a\nhttps://example.com/b\n", 2), string(readOutput(t, cut)))

		// Another program's file, cut: no mark to go back to.
		compress := map[string]func([]byte) ([]byte, error){"out.zst": zstdBytes, "out.gz": gzipBytes}[name]
		foreign, err := compress(bytes.Repeat(urls, 100))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(cut, foreign[:len(foreign)-5], 0o644))
		r = robotsdfa(t, urls, "filter", "-robots", robots, "-agent", "bot", "-append", "-o", cut)
		require.Equal(t, exitProblem, r.code)
		require.Contains(t, r.stderr, "-append: "+cut+" does not decompress whole")
		requireFile(t, cut, foreign[:len(foreign)-5])

		plain := filepath.Join(dir, "plain-"+name)
		require.NoError(t, os.WriteFile(plain, []byte("https://example.com/a\n"), 0o644))
		r = robotsdfa(t, urls, "filter", "-robots", robots, "-agent", "bot", "-append", "-o", plain)
		require.Equal(t, exitProblem, r.code)
		require.Contains(t, r.stderr, "is not a "+map[string]string{"out.zst": "zstd", "out.gz": "gzip"}[name]+" file")
	}
	// Whole frames whose last line has no end (another program's).
	var b bytes.Buffer
	enc, err := zstd.NewWriter(&b)
	require.NoError(t, err)
	enc.Write([]byte("https://example.com/a\nhttps://exa"))
	require.NoError(t, enc.Close())
	glued := writeTemp(t, "glued.zst", b.Bytes())
	r := robotsdfa(t, urls, "filter", "-robots", robots, "-agent", "bot", "-append", "-o", glued)
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "-append: "+glued+" ends in a cut line")
	// With -verdicts too: its frames are whole, so no kill cut it, and its
	// lines are not counted as input lines done.
	r = robotsdfa(t, urls, "filter", "-robots", robots, "-agent", "bot", "-verdicts", "-append", "-o", glued)
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "-append: "+glued+" ends in a cut line")
	require.NotContains(t, r.stderr, "hard stop")
}

// -o - is standard output, as a file argument - is standard input: filter
// writes its lines there and compile a single blob; a pack, which its
// readers map, is refused. filter -missing-hosts - writes its list there
// when the lines go to a file. No file named "-" is made.
func TestOutputDash(t *testing.T) {
	dir := t.TempDir()
	inDir := func(stdin []byte, args ...string) result {
		cmd, _ := testexec.Command(t, exe, args...)
		cmd.Dir = dir
		cmd.Stdin = bytes.NewReader(stdin)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		cmd.Run()
		return result{out.String(), errb.String(), cmd.ProcessState.ExitCode()}
	}
	robots := writeTemp(t, "robots.txt", []byte("user-agent: *\ndisallow: /private\n"))
	r := inDir([]byte("https://example.com/a\nhttps://example.com/private\n"), "filter", "-robots", robots, "-agent", "bot", "-o", "-")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Equal(t, "https://example.com/a\n", r.stdout)

	blob := filepath.Join(dir, "robots.blob")
	r = inDir(nil, "compile", "-o", blob, robots)
	require.Equal(t, exitOK, r.code, r.stderr)
	want, err := os.ReadFile(blob)
	require.NoError(t, err)
	r = inDir(nil, "compile", "-o", "-", robots)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Equal(t, string(want), r.stdout)
	require.Contains(t, r.stderr, "→ standard output: ")
	r = inDir([]byte("user-agent: *\ndisallow: /private\n"), "compile", "-o", "-", "-")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Equal(t, string(want), r.stdout, "a robots.txt from standard input, its blob to standard output")

	r = inDir(nil, "compile", "-robots-dir", sampleRobots, "-o", "-")
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "-o - writes a single blob to standard output; a pack goes to a file")
	r = inDir([]byte("example.com\n"), "fetch", "-hosts", "-", "-o", "-")
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "-o - is no file: a pack goes to a file")

	// The hosts to fetch next on standard output, the lines in a file.
	robotsDir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(robotsDir, "example.com.txt"), []byte("user-agent: *\ndisallow: /private\n"), 0o644))
	urls := []byte("https://example.com/a\nhttps://other.example/b\nhttps://example.com/private\n")
	out := filepath.Join(dir, "out.txt")
	r = inDir(urls, "filter", "-robots-dir", robotsDir, "-agent", "bot", "-o", out, "-missing-hosts", "-")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Equal(t, "other.example\n", r.stdout)
	requireFile(t, out, []byte("https://example.com/a\nhttps://other.example/b\n"))
	r = inDir(urls, "filter", "-robots-dir", robotsDir, "-agent", "bot", "-missing-hosts", "-")
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "-missing-hosts - and the output would both go to standard output")
	r = inDir([]byte("example.com\n"), "fetch", "-hosts", "-", "-o", filepath.Join(dir, "x.pack"), "-unreachable", "-")
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "-unreachable - would mix the list with the report")

	// A list written as plain text is not given a compressed name.
	r = inDir(urls, "filter", "-robots-dir", robotsDir, "-agent", "bot", "-o", out, "-missing-hosts", "todo.txt.gz")
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "-missing-hosts todo.txt.gz: the list is written as plain text, one host a line: give it a name without .gz")
	r = inDir([]byte("example.com\n"), "fetch", "-hosts", "-", "-o", filepath.Join(dir, "x.pack"), "-unreachable", "retry.zst")
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "-unreachable retry.zst: the list is written as plain text")
	require.NoFileExists(t, filepath.Join(dir, "todo.txt.gz"))
	require.NoFileExists(t, filepath.Join(dir, "-"))
}
