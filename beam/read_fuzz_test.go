package robotsbeam

import (
	"bytes"
	"fmt"
	"io"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/sdf"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/rtrackers/offsetrange"
	"github.com/stretchr/testify/require"
)

// FuzzReadParts: a plain file of any bytes, cut into parts anywhere (or
// into parts of any size, as SplitRestriction cuts it), read from files
// that seek and files that do not, gives each of its lines once, in
// order, in the part it starts in; with a line longer than the limit, a
// part fails naming a byte of that line, and no part gives a line
// that is not the file's.
func FuzzReadParts(f *testing.F) {
	f.Add([]byte("a\n\nbb\r\nccc\nlast-without-newline"), uint16(3), uint16(9), uint8(0), false)
	f.Add([]byte("\n\n\n"), uint16(1), uint16(2), uint8(1), true)
	f.Add(bytes.Repeat([]byte("xyz\n"), 40), uint16(50), uint16(51), uint8(5), false)
	f.Add(append(bytes.Repeat([]byte("w"), 300), "\nend\n"...), uint16(100), uint16(301), uint8(0), true)
	// Parts of 20 bytes: the 2-byte tail joins the part before it.
	f.Add(bytes.Repeat([]byte("abcdef\n"), 6), uint16(0), uint16(0), uint8(20), false)
	f.Fuzz(func(t *testing.T, content []byte, a, b uint16, part uint8, noSeek bool) {
		defer func(p, m int64) { partBytes, maxLine = p, m }(partBytes, maxLine)
		maxLine = 64 + int64(a)%512
		n := int64(len(content))
		var parts []offsetrange.Restriction
		if part > 0 {
			partBytes = int64(part)
			file := fileio.ReadableFile{Metadata: fileio.FileMetadata{Path: "x.txt", Size: n}}
			parts = readLinesFn{}.SplitRestriction(file, offsetrange.Restriction{Start: 0, End: n})
		} else {
			i, j := min(int64(a), n), min(int64(b), n)
			if i > j {
				i, j = j, i
			}
			parts = []offsetrange.Restriction{{Start: 0, End: i}, {Start: i, End: j}, {Start: j, End: n}}
		}
		var want []string
		long := false
		for rest := content; len(rest) > 0; {
			line := rest
			if nl := bytes.IndexByte(rest, '\n'); nl >= 0 {
				line, rest = rest[:nl], rest[nl+1:]
			} else {
				rest = nil
			}
			long = long || int64(len(line)) > maxLine
			want = append(want, string(line))
		}
		var got []string
		failed := false
		for _, r := range parts {
			rt := sdf.NewLockRTracker(offsetrange.NewTracker(r))
			var in io.Reader = bytes.NewReader(content)
			if noSeek {
				in = struct{ io.Reader }{in}
			}
			err := readPart(rt, r, "x.txt", in, func(l string) { got = append(got, l) })
			if err != nil {
				require.True(t, long, "a part failed with no line over the limit: %v", err)
				var at int64
				_, serr := fmt.Sscanf(err.Error(), "robotsdfa: x.txt: the line holding byte %d is longer than", &at)
				require.NoError(t, serr, "%v", err)
				require.True(t, at >= 0 && at < n, "%v", err)
				start := int64(bytes.LastIndexByte(content[:at], '\n')) + 1
				end := int64(bytes.IndexByte(content[at:], '\n'))
				if end < 0 {
					end = n - at
				}
				require.Greater(t, at+end-start, maxLine, "the byte an error names is not in a line over the limit: %v", err)
				failed = true
				continue
			}
			require.True(t, rt.IsDone(), "%v", r)
		}
		require.Equal(t, long, failed, "a line over the limit fails the part it starts in")
		if !failed {
			require.Equal(t, want, got)
			return
		}
		// Parts that did not fail gave lines of the file, in its order.
		k := 0
		for _, l := range got {
			for k < len(want) && want[k] != l {
				k++
			}
			require.Less(t, k, len(want), "a line that is not the file's: %q", l)
			k++
		}
	})
}
