package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// filter's output: plain, or compressed by -o's extension (.zst, .gz) in
// frames, so that a run stopped part way still leaves a file that
// decompresses to whole lines, and -append adds frames to it.

// sink takes the chunks' output in order and knows which chunks' output
// is whole in the file.
type sink interface {
	// put writes a chunk's output; done is the input lines done with it.
	put(b []byte, done int64) error
	// close writes out what is buffered (and ends the last frame).
	close() error
	// whole is the end of the last chunk whose output is whole within the
	// first n bytes the file took.
	whole(n int64) mark
	// unit names what the file is cut back to: "line" or "frame".
	unit() string
	// begin starts a run that adds to a file that is not empty
	// (-append): a framed sink marks where this run's frames start.
	begin() error
}

// mark is where a chunk's output ends: the output's bytes up to its end,
// and the input lines done with it.
type mark struct{ bytes, lines int64 }

// compression is how -o's file is written, by its extension: "" plain,
// "zstd" or "gzip". A name of another compressed format is refused, not
// written as plain text under it.
func compression(path string) (string, error) {
	switch ext := strings.ToLower(filepath.Ext(path)); ext {
	case ".zst", ".zstd":
		return "zstd", nil
	case ".gz":
		return "gzip", nil
	case ".xz", ".bz2", ".lz4", ".lzma", ".br", ".sz", ".z":
		return "", fmt.Errorf("-o %s: filter compresses its output as zstd (.zst) or gzip (.gz), not %s", path, ext)
	}
	return "", nil
}

// plainList refuses a compressed name for a list written as plain text
// (filter -missing-hosts, fetch -unreachable), which the tools its name
// calls for could not read.
func plainList(flag, path string) error {
	if kind, err := compression(path); kind != "" || err != nil {
		return fmt.Errorf("%s %s: the list is written as plain text, one host a line: give it a name without %s", flag, path, filepath.Ext(path))
	}
	return nil
}

// newSink writes to file (which counts the bytes it took) as kind says;
// done is the input lines done before the run's first (-skip).
func newSink(kind string, file *countingWriter, done int64) (sink, error) {
	switch kind {
	case "zstd":
		// Compressed in the writer's goroutine: one of the encoder's own
		// gained nothing measurable, and would give an error back a
		// write later (docs/PERFORMANCE.md, "filter -o out.zst").
		enc, err := zstd.NewWriter(file, zstd.WithEncoderConcurrency(1))
		if err != nil {
			return nil, err
		}
		mark := func(lines int64) error {
			_, err := file.Write(zstdMark(lines))
			return err
		}
		return &framedSink{enc: enc, file: file, mark: mark, done: done, safe: mark0(done)}, nil
	case "gzip":
		gz := gzip.NewWriter(file)
		mark := func(lines int64) error { // an empty member, then the next one started
			gz.Reset(file)
			gz.Header.Extra = gzipMarkExtra(lines)
			err := gz.Close()
			gz.Reset(file)
			return err
		}
		return &framedSink{enc: gz, file: file, mark: mark, done: done, safe: mark0(done)}, nil
	}
	return &plainSink{bw: bufio.NewWriterSize(file, 1<<20), safe: mark0(done)}, nil
}

// mark0 is the mark of a run's start: no bytes written yet, and the input
// lines done before it.
func mark0(done int64) mark { return mark{0, done} }

// plainSink writes through a buffer; every chunk's end is a mark.
type plainSink struct {
	bw *bufio.Writer
	// sent is the output's bytes given to bw so far; pending marks the
	// end of each chunk's output past those bw has written, safe the last
	// chunk's end it has (whole).
	sent    int64
	pending []mark
	safe    mark
	// eager flushes each chunk's output (lines typed at a terminal).
	eager bool
}

func (s *plainSink) put(b []byte, done int64) error {
	if _, err := s.bw.Write(b); err != nil {
		return err
	}
	if s.eager {
		if err := s.bw.Flush(); err != nil {
			return err
		}
	}
	s.sent += int64(len(b))
	s.pending = append(s.pending, mark{s.sent, done})
	flushed := s.sent - int64(s.bw.Buffered())
	k := 0
	for k < len(s.pending) && s.pending[k].bytes <= flushed {
		k++
	}
	if k > 0 {
		s.safe = s.pending[k-1]
		s.pending = append(s.pending[:0], s.pending[k:]...)
	}
	return nil
}

func (s *plainSink) close() error { return s.bw.Flush() }

func (s *plainSink) whole(n int64) mark {
	m := s.safe
	for _, p := range s.pending {
		if p.bytes > n {
			break
		}
		m = p
	}
	return m
}

func (s *plainSink) unit() string { return "line" }

func (s *plainSink) begin() error { return nil }

// frameBytes is the uncompressed output a frame holds at most before it
// ends at the next chunk's end: an output that fails part way loses at
// most about this much work, and the frames' own bytes and lost history
// cost the ratio little.
const frameBytes = 8 << 20

// frameEncoder is a zstd or gzip writer: Close ends a frame (a gzip
// member), Reset starts the next.
type frameEncoder interface {
	io.WriteCloser
	Reset(io.Writer)
}

// framedSink compresses into frames that end at chunks' ends; a mark is
// made at each frame's end, once the file took all of it, and written
// into the file after the frame (outmark.go).
type framedSink struct {
	enc  frameEncoder
	file *countingWriter
	mark func(lines int64) error // writes a mark of the lines done
	size int64                   // uncompressed bytes in the open frame
	done int64                   // the input lines done with the last chunk put
	safe mark
	// ended is set once a frame is ended: an empty output is still one
	// (empty) frame, which decompresses to nothing.
	ended bool
}

func (s *framedSink) put(b []byte, done int64) error {
	if _, err := s.enc.Write(b); err != nil {
		return err
	}
	s.size += int64(len(b))
	s.done = done
	if s.size >= frameBytes {
		return s.endFrame()
	}
	return nil
}

func (s *framedSink) endFrame() error {
	if err := s.enc.Close(); err != nil {
		return err
	}
	if err := s.markDone(); err != nil {
		return err
	}
	s.size, s.ended = 0, true
	s.enc.Reset(s.file)
	return nil
}

func (s *framedSink) close() error {
	if s.size == 0 && s.ended {
		return nil
	}
	return s.endFrame()
}

func (s *framedSink) whole(int64) mark { return s.safe }

func (s *framedSink) unit() string { return "frame" }

// begin marks the lines done before this run after the frames already
// in the file: a kill before the run's first frame ends leaves that mark
// the last whole one, and not an earlier run's (of another input, or of
// fewer lines).
func (s *framedSink) begin() error { return s.markDone() }

// markDone writes the mark of the lines done after the frames written, and
// makes its end the file's last whole point.
func (s *framedSink) markDone() error {
	if err := s.mark(s.done); err != nil {
		return err
	}
	s.safe = mark{s.file.n, s.done}
	return nil
}

// appendable refuses to add to -o's file when what is there does not end
// in a whole line: a plain file whose last line has no line end, or a
// compressed one that does not decompress (a run stopped at once by a
// second signal, or another program's). The first line added would be
// glued to it, or lost behind a cut frame.
func appendable(path, kind string, size int64) error {
	if size == 0 {
		return nil
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	var last byte
	switch kind {
	case "":
		var b [1]byte
		if _, err := f.ReadAt(b[:], size-1); err != nil {
			return err
		}
		last = b[0]
	default:
		in, err := openInput(&env{stdin: bytes.NewReader(nil)}, path, nil)
		if err != nil {
			return fmt.Errorf("-append: %w", err)
		}
		defer in.close()
		if in.kind != kind {
			return fmt.Errorf("-append: %s is not a %s file: give -o a name that says what it holds", path, kind)
		}
		var end lastByte
		if _, err := io.Copy(&end, in.r); err != nil {
			return fmt.Errorf("-append: %s %w (%v), as a run stopped at once or killed leaves it: frames added after its cut one would not be read", path, errCutFrame, err)
		}
		if end.n == 0 {
			return nil
		}
		last = end.b
	}
	if last != '\n' {
		return fmt.Errorf("-append: %s %w (no line end after its last bytes): cut it back to its last line end first", path, errCutLine)
	}
	return nil
}

// errCutLine is an -o whose last line has no line end.
var errCutLine = errors.New("ends in a cut line")

// lastByte takes bytes and keeps the count and the last.
type lastByte struct {
	n int64
	b byte
}

func (l *lastByte) Write(p []byte) (int, error) {
	if len(p) > 0 {
		l.n += int64(len(p))
		l.b = p[len(p)-1]
	}
	return len(p), nil
}
