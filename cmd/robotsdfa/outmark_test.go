package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Wherever a hard stop cuts a compressed output, lastMark finds the last
// mark wholly before the cut, and the bytes up to it decompress to the
// output of the lines it names: small frames (each chunk its own), so that
// every byte of a mark and of a frame is a cut somewhere.
func TestLastMarkAtEveryCut(t *testing.T) {
	for _, kind := range []string{"zstd", "gzip"} {
		t.Run(kind, func(t *testing.T) {
			var file bytes.Buffer
			cw := &countingWriter{w: &file}
			s, err := newSink(kind, cw, 0)
			require.NoError(t, err)
			fs := s.(*framedSink)
			var marks []mark // each frame's end, after its mark
			ends := map[int64]bool{}
			writeMark := fs.mark
			fs.mark = func(lines int64) error {
				ends[cw.n] = true // a frame's end, before its mark
				return writeMark(lines)
			}
			var want []byte
			for i := range 6 {
				var b []byte
				for j := range 5 {
					b = fmt.Appendf(b, "https://example.com/%d/%d\n", i, j)
				}
				want = append(want, b...)
				require.NoError(t, s.put(b, int64(5*(i+1))))
				require.NoError(t, fs.endFrame())
				marks = append(marks, fs.safe)
			}
			whole := file.Bytes()
			require.Equal(t, want, decompress(t, kind, whole), "the marks decompress to nothing")
			path := filepath.Join(t.TempDir(), "out")
			for cut := 0; cut <= len(whole); cut++ {
				require.NoError(t, os.WriteFile(path, whole[:cut], 0o644))
				end, lines, ok, err := lastMark(path, kind)
				require.NoError(t, err)
				var last *mark
				for k := range marks {
					if marks[k].bytes <= int64(cut) {
						last = &marks[k]
					}
				}
				if last == nil {
					require.False(t, ok, "cut at %d: before the first mark", cut)
					continue
				}
				require.True(t, ok, "cut at %d", cut)
				require.Equal(t, *last, mark{end, lines}, "cut at %d", cut)
				got := decompress(t, kind, whole[:end])
				require.Equal(t, int(lines), bytes.Count(got, []byte{'\n'}), "cut at %d", cut)
				require.True(t, bytes.HasPrefix(want, got), "cut at %d", cut)
				if int64(cut) == last.bytes || ends[int64(cut)] {
					continue // not a cut: a mark may follow
				}
				// Bytes like a mark after the cut (not a run's: a run
				// writes none after a cut frame) are no mark: the file
				// up to them does not decompress.
				var forged []byte
				if kind == "zstd" {
					forged = zstdMark(1000)
				} else {
					var b bytes.Buffer
					require.NoError(t, newSinkMark(t, kind, &b, 1000))
					forged = b.Bytes()
				}
				require.NoError(t, os.WriteFile(path, append(whole[:cut:cut], forged...), 0o644))
				end, lines, ok, err = lastMark(path, kind)
				require.NoError(t, err)
				require.True(t, ok, "cut at %d", cut)
				require.Equal(t, *last, mark{end, lines}, "cut at %d, then a forged mark", cut)
			}
			if kind == "zstd" {
				// Read a few bytes at a time, a mark comes in pieces.
				require.NoError(t, os.WriteFile(path, whole, 0o644))
				f, err := os.Open(path)
				require.NoError(t, err)
				defer f.Close()
				for size := 1; size <= zstdMarkLen+1; size++ {
					_, err := f.Seek(0, io.SeekStart)
					require.NoError(t, err)
					end, lines, ok, err := lastZstdMark(f, size)
					require.NoError(t, err)
					require.True(t, ok)
					require.Equal(t, marks[len(marks)-1], mark{end, lines}, "read %d bytes at a time", size)
				}
			}
		})
	}
}

// newSinkMark writes to w the mark a sink of kind writes after a frame.
func newSinkMark(t *testing.T, kind string, w io.Writer, lines int64) error {
	s, err := newSink(kind, &countingWriter{w: w}, 0)
	require.NoError(t, err)
	return s.(*framedSink).mark(lines)
}

// A file no run of filter wrote, compressed whole but cut, has no mark:
// -append refuses it as before, saying it does not decompress whole.
func TestLastMarkNone(t *testing.T) {
	dir := t.TempDir()
	text := []byte(strings.Repeat("https://example.com/\n", 1000))
	for kind, compress := range map[string]func([]byte) ([]byte, error){"zstd": zstdBytes, "gzip": gzipBytes} {
		data, err := compress(text)
		require.NoError(t, err)
		path := filepath.Join(dir, kind)
		require.NoError(t, os.WriteFile(path, data[:len(data)-5], 0o644))
		_, _, ok, err := lastMark(path, kind)
		require.NoError(t, err)
		require.False(t, ok, kind)
	}
}

// A run killed at once leaves its compressed -o cut inside a frame, and
// says nothing: -append without the -skip that resumes it is refused,
// naming that -skip and touching nothing; with it, the file is cut back
// to its last whole frame and the resumed run's output is the
// uninterrupted one's. A kill leaves a prefix of what the run would have
// written (it appends only), so a whole run's file cut inside its last
// frame is what a kill there leaves.
func TestAppendMendsCutOutput(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "urls.txt")
	// Six copies of the sample, with -verdicts: about 11.7 MB of output,
	// a frame of 8 MiB and a last one.
	lines := strings.Join(sampleFrontier(t), "\n") + "\n"
	require.NoError(t, os.WriteFile(input, []byte(strings.Repeat(lines, 6)), 0o644))
	args := func(out string, more ...string) []string {
		return append([]string{"filter", "-robots-dir", sampleRobots, "-hosts", sampleHosts, "-agent", "googlebot",
			"-verdicts", "-missing-hosts", filepath.Join(dir, "missing.txt"), "-o", out}, append(more, input)...)
	}
	ref := filepath.Join(dir, "ref.txt")
	r := robotsdfa(t, nil, args(ref)...)
	require.Equal(t, exitOK, r.code, r.stderr)
	want, err := os.ReadFile(ref)
	require.NoError(t, err)
	for _, kind := range []string{"zstd", "gzip"} {
		t.Run(kind, func(t *testing.T) {
			out := filepath.Join(dir, "out."+map[string]string{"zstd": "zst", "gzip": "gz"}[kind])
			r := robotsdfa(t, nil, args(out)...)
			require.Equal(t, exitOK, r.code, r.stderr)
			whole, err := os.ReadFile(out)
			require.NoError(t, err)
			require.Equal(t, want, decompress(t, kind, whole))
			cut := whole[:len(whole)-100] // inside the last frame
			require.NoError(t, os.WriteFile(out, cut, 0o644))
			// The first frame ends at the first chunk's end past 8 MiB.
			end, done, ok, err := lastMark(out, kind)
			require.NoError(t, err)
			require.True(t, ok)
			require.Greater(t, done, int64(0))
			require.Less(t, done, int64(6*26199))

			r = robotsdfa(t, nil, args(out, "-append")...)
			require.Equal(t, exitProblem, r.code, r.stderr)
			require.Contains(t, r.stderr, fmt.Sprintf("was cut part way by a hard stop (killed, or the machine stopped); its whole frames hold the output of the first %s: run the same command with -skip %d -append", count(done, "input line"), done))
			now, err := os.ReadFile(out)
			require.NoError(t, err)
			require.Equal(t, cut, now, "a refused run touches nothing")

			r = robotsdfa(t, nil, args(out, "-append", "-skip", fmt.Sprint(done))...)
			require.Equal(t, exitOK, r.code, r.stderr)
			require.Contains(t, r.stderr, fmt.Sprintf("cut back to its last whole frame (%s), the output of the first %s", count(end, "byte"), count(done, "input line")))
			require.Contains(t, r.stderr, "the stopped run never wrote -missing-hosts' list")
			now, err = os.ReadFile(out)
			require.NoError(t, err)
			require.True(t, bytes.Equal(want, decompress(t, kind, now)), "the resumed output is the uninterrupted one's")
		})
	}
}

// A mark's count reads back; bytes whose check does not hold, or a count
// no run could have done, are no mark.
func TestMarkLines(t *testing.T) {
	for _, n := range []int64{0, 1, 160_000, 1<<63 - 1} {
		got, ok := readMarkLines(markLines(nil, n))
		require.True(t, ok, "%d", n)
		require.Equal(t, n, got)
	}
	_, ok := readMarkLines(markLines(nil, -1))
	require.False(t, ok, "a negative count")
	b := markLines(nil, 7)
	b[9] ^= 1
	_, ok = readMarkLines(b)
	require.False(t, ok, "a check that does not hold")

	// A gzip mark member whose check does not hold: no mark.
	var file bytes.Buffer
	require.NoError(t, newSinkMark(t, "gzip", &file, 7))
	i := bytes.Index(file.Bytes(), []byte(gzipMarkID+"\x10\x00"))
	require.Positive(t, i)
	good := filepath.Join(t.TempDir(), "good.gz")
	require.NoError(t, os.WriteFile(good, file.Bytes(), 0o644))
	_, lines, ok, err := lastMark(good, "gzip")
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, int64(7), lines)
	bad := append([]byte(nil), file.Bytes()...)
	bad[i+4+8] ^= 1 // the complement's first byte (the header's CRC is not written)
	require.NoError(t, os.WriteFile(good, bad, 0o644))
	_, _, ok, err = lastMark(good, "gzip")
	require.NoError(t, err)
	require.False(t, ok)
}
