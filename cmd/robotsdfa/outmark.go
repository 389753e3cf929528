package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"os"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// A compressed -o carries, after each of its frames, a mark of the input
// lines done with the output so far, and before a run's first frame when
// it adds to a file (sink.begin): a zstd skippable frame, or an empty gzip
// member whose header's extra field holds it (docs/FORMAT.md).
// Decompressors pass over both. A run killed at once (SIGKILL, the machine stopped) says nothing
// and leaves a frame cut; -append then finds the last mark before the cut,
// which says where to resume (-skip) and where to cut the file back to.

const (
	// zstdMarkMagic is a skippable frame's magic (RFC 8878 3.1.2: any of
	// 0x184D2A50 to 0x184D2A5F); its payload is markTag and markLines.
	zstdMarkMagic = 0x184D2A5B
	zstdMarkLen   = 32 // the magic, the payload's length, the payload
	markTag       = "rdfaDone"
	// gzipMarkID is the extra field's subfield ID (RFC 1952 2.3.1.1); its
	// data is markLines.
	gzipMarkID = "RD"
)

// markLines is a mark's count of lines done: the count and its complement,
// little-endian, so that bytes that only look like a mark (a cut one and
// the next run's after it) are not taken for one.
func markLines(b []byte, lines int64) []byte {
	b = binary.LittleEndian.AppendUint64(b, uint64(lines))
	return binary.LittleEndian.AppendUint64(b, ^uint64(lines))
}

// readMarkLines reads markLines' 16 bytes; ok is false for bytes it did
// not write.
func readMarkLines(b []byte) (lines int64, ok bool) {
	n, check := binary.LittleEndian.Uint64(b), binary.LittleEndian.Uint64(b[8:])
	return int64(n), n == ^check && int64(n) >= 0
}

// zstdMark is the skippable frame that marks lines done.
func zstdMark(lines int64) []byte {
	b := make([]byte, 0, zstdMarkLen)
	b = binary.LittleEndian.AppendUint32(b, zstdMarkMagic)
	b = binary.LittleEndian.AppendUint32(b, zstdMarkLen-8)
	b = append(b, markTag...)
	return markLines(b, lines)
}

// gzipMarkExtra is the extra field of the empty member that marks lines
// done.
func gzipMarkExtra(lines int64) []byte {
	return markLines(append([]byte(gzipMarkID), 16, 0), lines)
}

// errCutFrame is a compressed -o that does not decompress whole.
var errCutFrame = errors.New("does not decompress whole")

// lastMark finds in the compressed file at path (kind "zstd" or "gzip"),
// cut part way, the last mark up to which the file decompresses whole:
// the bytes to keep and the input lines their output holds. ok is false
// when there is none (a file another program wrote, or one cut in its
// first frame). It reads the file once (gzip) or twice (zstd: a scan for
// the marks, then a decompression up to the cut).
func lastMark(path, kind string) (end, lines int64, ok bool, err error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, 0, false, err
	}
	defer f.Close()
	if kind == "gzip" {
		return lastGzipMark(f)
	}
	return lastZstdMark(f, 1<<20)
}

// lastZstdMark scans the file, readSize bytes at a time, for mark frames,
// then decompresses it from mark to mark (zstd frames stand alone) up to
// the first stretch that fails: the mark before it is the last whole one.
// Bytes that look like a mark inside a frame (none a run writes) end the
// search early, at a mark that resumes more of the run than it need.
func lastZstdMark(f *os.File, readSize int) (end, lines int64, ok bool, err error) {
	want := zstdMark(0)[:zstdMarkLen-16] // all but the lines done
	type cand struct{ end, lines int64 }
	var cands []cand
	var window []byte // the bytes from the last possible mark's start
	var off int64     // the file offset of window[0]
	buf := make([]byte, readSize)
	for {
		n, rerr := f.Read(buf)
		window = append(window, buf[:n]...)
		for {
			i := bytes.Index(window, want)
			if i < 0 || len(window)-i < zstdMarkLen {
				break
			}
			if lines, ok := readMarkLines(window[i+len(want):]); ok {
				cands = append(cands, cand{off + int64(i) + zstdMarkLen, lines})
			}
			window, off = window[i+1:], off+int64(i)+1
		}
		if keep := zstdMarkLen - 1; len(window) > keep { // a mark cut by the read
			off += int64(len(window) - keep)
			window = append(window[:0], window[len(window)-keep:]...)
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			return 0, 0, false, rerr
		}
	}
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
	if err != nil {
		return 0, 0, false, err
	}
	defer dec.Close()
	for _, c := range cands {
		if err := dec.Reset(io.NewSectionReader(f, end, c.end-end)); err != nil {
			break
		}
		if _, err := io.Copy(io.Discard, dec); err != nil {
			break
		}
		end, lines, ok = c.end, c.lines, true
	}
	return end, lines, ok, nil
}

// countingByteReader counts the bytes read through it; as a ByteReader it
// is read by gzip exactly, member by member, with no read-ahead.
type countingByteReader struct {
	r *bufio.Reader
	n int64
}

func (c *countingByteReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

func (c *countingByteReader) ReadByte() (byte, error) {
	b, err := c.r.ReadByte()
	if err == nil {
		c.n++
	}
	return b, err
}

// lastGzipMark reads the file member by member until one fails, and keeps
// the end of the last whole mark member.
func lastGzipMark(f *os.File) (end, lines int64, ok bool, err error) {
	br := &countingByteReader{r: bufio.NewReaderSize(f, 1<<20)}
	z, err := gzip.NewReader(br)
	for err == nil {
		z.Multistream(false)
		if _, err = io.Copy(io.Discard, z); err != nil {
			break
		}
		if x := z.Header.Extra; len(x) == 20 && string(x[:4]) == gzipMarkID+"\x10\x00" {
			if n, valid := readMarkLines(x[4:]); valid {
				end, lines, ok = br.n, n, true
			}
		}
		err = z.Reset(br)
	}
	return end, lines, ok, nil
}
