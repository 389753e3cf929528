package robotsbeam

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/sdf"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/rtrackers/offsetrange"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/klauspost/compress/zstd"
	"github.com/stretchr/testify/require"
)

// readAll runs ReadLines(glob) on the direct runner and returns the lines
// it read, sorted.
func readAll(t *testing.T, glob string) ([]string, error) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "out")
	p, s := beam.NewPipelineWithRoot()
	WriteSharded(s, out, 2, ReadLines(s, glob))
	if err := ptest.Run(p); err != nil {
		return nil, err
	}
	return shardLines(t, out, 2), nil
}

// TestReadLines: one glob over a plain, a gzip and two zstd files (one
// of them of several frames) reads every line of each once, a CRLF
// line's CR kept for Filter to drop (Beam's own textio loses most of the
// gzip file's lines); a damaged zstd or gzip file fails the run with its
// name.
func TestReadLines(t *testing.T) {
	lines := strings.Split(strings.TrimSuffix(sampleFrontier(t), "\n"), "\n")
	dir := t.TempDir()
	part := func(i int) string { return strings.Join(lines[i*len(lines)/4:(i+1)*len(lines)/4], "\n") + "\n" }
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.txt"), []byte(part(0)), 0o644))
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(part(1)))
	require.NoError(t, zw.Close())
	require.NoError(t, os.WriteFile(filepath.Join(dir, "b.txt.gz"), gz.Bytes(), 0o644))
	enc, err := zstd.NewWriter(nil)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "c.txt.zst"), enc.EncodeAll([]byte(part(2)), nil), 0o644))
	p3 := part(3)
	cut := strings.LastIndex(p3[:len(p3)/2], "\n") + 1
	frames := enc.EncodeAll([]byte(p3[cut:]), enc.EncodeAll([]byte(p3[:cut]), nil))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "d.txt.zstd"), frames, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "e.txt.zst"), enc.EncodeAll([]byte("https://example.com/crlf\r\nhttps://example.com/last"), nil), 0o644))

	got, err := readAll(t, filepath.Join(dir, "*"))
	require.NoError(t, err)
	want := sortedLines(part(0) + part(1) + part(2) + p3 + "https://example.com/crlf\r\nhttps://example.com/last\n")
	sameLines(t, want, got)

	bad := filepath.Join(t.TempDir(), "bad.txt.zst")
	z := enc.EncodeAll([]byte(part(0)), nil)
	z[len(z)/2] ^= 0xff
	require.NoError(t, os.WriteFile(bad, z, 0o644))
	_, err = readAll(t, bad)
	require.ErrorContains(t, err, "bad.txt.zst")
	badGz := filepath.Join(t.TempDir(), "bad.txt.gz")
	require.NoError(t, os.WriteFile(badGz, gz.Bytes()[:gz.Len()/2], 0o644))
	_, err = readAll(t, badGz)
	require.ErrorContains(t, err, "bad.txt.gz")
	// The lines read before the cut are counted in the error.
	m := regexp.MustCompile(`bad\.txt\.gz: after line (\d+): `).FindStringSubmatch(err.Error())
	require.NotNil(t, m, err.Error())
	n, _ := strconv.Atoi(m[1])
	require.Greater(t, n, 0)
	require.Less(t, n, strings.Count(part(1), "\n"))

	// A file named as a format ReadLines does not read fails the
	// pipeline, naming it, rather than giving its bytes as lines.
	for _, name := range []string{"urls.txt.xz", "urls.BZ2", "urls.lz4", "urls.sz"} {
		other := filepath.Join(t.TempDir(), name)
		require.NoError(t, os.WriteFile(other, []byte(part(0)), 0o644))
		_, err = readAll(t, other)
		require.ErrorContains(t, err, name+": ", name)
		require.ErrorContains(t, err, "-compressed, which ReadLines does not read", name)
	}
	require.Empty(t, unread("gs://bucket.xz/urls"), "a dot in a folder's name")
	require.Empty(t, unread("urls"))
}

// sameLines fails with the lines one side has and the other has not (at
// most five of each), not with two lists of thousands.
func sameLines(t *testing.T, want, got []string) {
	t.Helper()
	count := map[string]int{}
	for _, l := range want {
		count[l]++
	}
	for _, l := range got {
		count[l]--
	}
	var missing, extra []string
	for l, n := range count {
		for ; n > 0 && len(missing) < 5; n-- {
			missing = append(missing, l)
		}
		for ; n < 0 && len(extra) < 5; n++ {
			extra = append(extra, l)
		}
	}
	require.True(t, len(missing) == 0 && len(extra) == 0, "%d lines read for %d written; not read: %q; read but not written: %q", len(got), len(want), missing, extra)
}

// TestReadParts (no runner): a plain file cut into two parts at every
// byte, and into many parts, gives each line once, in the part it starts
// in; a line longer than the limit is an error naming its offset.
func TestReadParts(t *testing.T) {
	content := "a\n\nbb\r\nccc\n" + strings.Repeat("d", 300) + "\ne\nlast-without-newline"
	want := strings.Split(content, "\n")
	f := fileio.ReadableFile{Metadata: fileio.FileMetadata{Path: "x.txt", Size: int64(len(content))}}
	seek := true // a file that seeks (a local one), or one read through (a remote one)
	read := func(parts []offsetrange.Restriction) []string {
		var got []string
		for _, r := range parts {
			rt := sdf.NewLockRTracker(offsetrange.NewTracker(r))
			var in io.Reader = strings.NewReader(content)
			if !seek {
				in = struct{ io.Reader }{in}
			}
			require.NoError(t, readPart(rt, r, f.Metadata.Path, in, func(l string) { got = append(got, l) }))
			require.True(t, rt.IsDone(), "%v", r)
		}
		return got
	}
	n := int64(len(content))
	for _, seek = range []bool{true, false} {
		for k := int64(0); k <= n; k++ {
			require.Equal(t, want, read([]offsetrange.Restriction{{Start: 0, End: k}, {Start: k, End: n}}), "cut at %d, seek %v", k, seek)
		}
	}
	defer func(p int64) { partBytes = p }(partBytes)
	partBytes = 7
	parts := readLinesFn{}.SplitRestriction(f, readLinesFn{}.CreateInitialRestriction(f))
	require.Greater(t, len(parts), 10)
	require.Equal(t, want, read(parts))

	defer func(m int64) { maxLine = m }(maxLine)
	maxLine = 100
	r := offsetrange.Restriction{Start: 0, End: n}
	err := readPart(sdf.NewLockRTracker(offsetrange.NewTracker(r)), r, "x.txt", strings.NewReader(content), func(string) {})
	require.ErrorContains(t, err, "x.txt: the line holding byte 11 is longer than 100 bytes")
	// So does a part that starts inside that line, rather than give up
	// the lines after it.
	r = offsetrange.Restriction{Start: 20, End: n}
	err = readPart(sdf.NewLockRTracker(offsetrange.NewTracker(r)), r, "x.txt", strings.NewReader(content), func(string) {})
	require.ErrorContains(t, err, "x.txt: the line holding byte 19 is longer than 100 bytes")
	r = offsetrange.Restriction{Start: 0, End: n}
	// A line of exactly the limit is read.
	maxLine = 300
	require.Equal(t, want, read([]offsetrange.Restriction{r}))

	// A line longer than the reader's 64 KiB buffer, within the limit, is
	// read whole.
	maxLine = MaxLineBytes
	long := strings.Repeat("l", 200<<10)
	content = "a\n" + long + "\nb\n"
	r = offsetrange.Restriction{Start: 0, End: int64(len(content))}
	require.Equal(t, []string{"a", long, "b"}, read([]offsetrange.Restriction{r}))
}

// TestSplitRestriction: a plain file is cut into parts of partBytes, with
// a tail shorter than a quarter of a part joined to the part before it;
// a file of at most a part and a quarter is one part, and a compressed
// file is always one. The parts cover the file in order. By default a
// part is 64 MiB, as ReadLines' doc says.
func TestSplitRestriction(t *testing.T) {
	big := fileio.ReadableFile{Metadata: fileio.FileMetadata{Path: "x.txt", Size: 200 << 20}}
	parts := readLinesFn{}.SplitRestriction(big, readLinesFn{}.CreateInitialRestriction(big))
	require.Equal(t, []offsetrange.Restriction{{Start: 0, End: 64 << 20}, {Start: 64 << 20, End: 128 << 20}, {Start: 128 << 20, End: 200 << 20}}, parts)
	defer func(p int64) { partBytes = p }(partBytes)
	partBytes = 100
	for _, c := range []struct {
		path string
		size int64
		ends []int64
	}{
		{"x.txt", 99, []int64{99}},
		{"x.txt", 125, []int64{125}},
		{"x.txt", 126, []int64{100, 126}},
		{"x.txt", 224, []int64{100, 224}},
		{"x.txt", 225, []int64{100, 200, 225}},
		{"x.txt.zst", 1000, []int64{1}},
		{"x.txt.gz", 1000, []int64{1}},
	} {
		f := fileio.ReadableFile{Metadata: fileio.FileMetadata{Path: c.path, Size: c.size}}
		parts := readLinesFn{}.SplitRestriction(f, readLinesFn{}.CreateInitialRestriction(f))
		var ends []int64
		start := int64(0)
		for _, p := range parts {
			require.Equal(t, start, p.Start, "%s of %d bytes: %v", c.path, c.size, parts)
			ends, start = append(ends, p.End), p.End
		}
		require.Equal(t, c.ends, ends, "%s of %d bytes: %v", c.path, c.size, parts)
	}
}
