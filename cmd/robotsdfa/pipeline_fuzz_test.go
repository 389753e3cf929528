package main

import (
	"bytes"
	"errors"
	"io"
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// readLine is a line as the filter's reader hands it on: its bytes, or
// for a line over -max-line its length and first bytes.
type readLine struct {
	text     string
	overlong int64
}

// FuzzReader: the filter's reader cuts any input, read in pieces of any
// size, into chunks whose lines are the input's lines, in order, each
// once (one longer than -max-line may come as its length and first
// bytes); -skip marks the first lines; an input that fails part way gives
// the whole lines before the failure, and the bytes of the line it cut;
// nothing panics.
func FuzzReader(f *testing.F) {
	f.Add([]byte("https://a.example/\nb\r\n\nhttps://c.example/x\n"), uint16(0), uint8(0), uint8(7), int32(-1), uint8(0))
	f.Add(append(bytes.Repeat([]byte("y"), 700), "\nz\n"...), uint16(100), uint8(3), uint8(255), int32(650), uint8(1))
	f.Add(append([]byte("a\n"), bytes.Repeat([]byte("w"), 900)...), uint16(0), uint8(200), uint8(13), int32(-1), uint8(5))
	f.Add([]byte("a\nbb\nccc"), uint16(7), uint8(1), uint8(0), int32(5), uint8(2))
	f.Add([]byte("a\nb\nc\n"), uint16(0), uint8(10), uint8(255), int32(-1), uint8(1))
	f.Add(append(bytes.Repeat([]byte("v"), 5000), "\nu\n"...), uint16(math.MaxUint16), uint8(0), uint8(255), int32(-1), uint8(0))
	f.Fuzz(func(t *testing.T, data []byte, maxLine uint16, size, step uint8, failAt int32, skip uint8) {
		defer func(size int) { chunkSize = size }(chunkSize)
		chunkSize = 16 + int(size)*8
		max := shownPrefix + int(maxLine)%2048
		if maxLine == math.MaxUint16 {
			max = math.MaxInt // the largest -max-line: no line is too long
		}
		var r io.Reader = &pieces{data: data, step: int(step) + 1}
		errCut := errors.New("cut")
		failing := failAt >= 0 && int(failAt) <= len(data)
		if failing {
			r = &pieces{data: data[:failAt], step: int(step) + 1, err: errCut}
		}
		var got []readLine
		skipped := 0
		rd := &reader{maxLine: max, skip: int64(skip), send: func(c *chunk) bool {
			for i, l := range chunkLines(c) {
				if i < c.skip {
					require.Equal(t, len(got), skipped, "a skipped line after one not skipped")
					skipped++
				}
				got = append(got, l)
			}
			return true
		}}
		err := rd.read(0, r)

		// The reference: the input's lines, or with a failure those ended
		// before it, the cut line's bytes apart.
		in, cut := data, 0
		if failing {
			in = data[:failAt]
			end := bytes.LastIndexByte(in, '\n') + 1
			in, cut = in[:end], len(in)-end
		}
		want := splitLines(in)
		for i := range got {
			// The reader may pass a line over -max-line whole (the worker
			// reports it) or as its length: compare them as lengths.
			if g := got[i]; g.overlong == 0 && len(g.text) > max {
				got[i] = readLine{text: g.text[:shownPrefix], overlong: int64(len(g.text))}
			}
		}
		for i, w := range want {
			if len(w.text) > max {
				want[i] = readLine{text: w.text[:shownPrefix], overlong: int64(len(w.text))}
			}
		}
		require.Equal(t, want, got)
		require.Equal(t, min(int(skip), len(want)), skipped)
		if !failing {
			require.NoError(t, err)
			return
		}
		var re *readError
		require.ErrorAs(t, err, &re)
		require.ErrorIs(t, err, errCut)
		require.Equal(t, int64(cut), re.cut)
	})
}

// chunkLines are a chunk's lines as a worker reads them.
func chunkLines(c *chunk) []readLine {
	if c.overlong > 0 {
		return []readLine{{text: string(c.data), overlong: c.overlong}}
	}
	return splitLines(c.data)
}

// splitLines are the lines of data: each ended by '\n', and the bytes
// after the last '\n' if any.
func splitLines(data []byte) []readLine {
	var out []readLine
	for len(data) > 0 {
		line := data
		if nl := bytes.IndexByte(data, '\n'); nl >= 0 {
			line, data = data[:nl], data[nl+1:]
		} else {
			data = nil
		}
		out = append(out, readLine{text: string(line)})
	}
	return out
}

// pieces reads data at most step bytes at a time, then ends with err
// (io.EOF when nil).
type pieces struct {
	data []byte
	step int
	err  error
}

func (p *pieces) Read(b []byte) (int, error) {
	if len(p.data) == 0 {
		if p.err != nil {
			return 0, p.err
		}
		return 0, io.EOF
	}
	n := copy(b[:min(len(b), p.step)], p.data)
	p.data = p.data[n:]
	return n, nil
}
