package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// maxPackRatio bounds how far a pack's header is trusted to size the
// buffer for its content: at most this many times the compressed file
// (the corpus's pack decompresses 8.7 times). A header that claims more
// is read as any stream is, growing as the bytes arrive, so that a file of
// a few bytes cannot make the command reserve gigabytes.
const maxPackRatio = 256

// packContent reads a pack's decompressed content from r, the pack file's
// zstd stream (compressed bytes long). The header's length L sizes one
// buffer when it is plausible: a buffer grown by doubling copied the
// content about twice over, held up to twice its size, and set off five
// collections while the corpus's 93 MB pack was read, whose stack scans
// spun waiting for the decoder's goroutines (BenchmarkReadPack: 209 →
// 136 ms, −35%; BenchmarkFilter, the whole job: −22.7%). Content that ends
// before L is returned as it is (decodePack names the mismatch); content
// that runs past L is an error here.
func packContent(r io.Reader, compressed int64) ([]byte, error) {
	head := make([]byte, packHeaderSize)
	n, err := io.ReadFull(r, head)
	if err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return head[:n], nil
		}
		return nil, zstdError(err)
	}
	l := binary.LittleEndian.Uint64(head[24:])
	if string(head[:8]) != packMagic || l < packHeaderSize || l > maxPackBytes || l > maxPackRatio*uint64(compressed) {
		var content bytes.Buffer
		content.Write(head)
		if _, err := io.Copy(&content, io.LimitReader(r, maxPackBytes+1-packHeaderSize)); err != nil {
			return nil, zstdError(err)
		}
		return content.Bytes(), nil
	}
	// Not make-then-copy (copy(content, head)), which the compiler fuses
	// into one runtime.makeslicecopy that clears the whole buffer past
	// head without a preemption point, while the collector's other threads
	// spin waiting to stop this one; make alone clears a large buffer in
	// preemptible chunks (docs/PERFORMANCE.md, "The command line").
	content := make([]byte, l)
	copy(content[:packHeaderSize], head)
	n, err = io.ReadFull(r, content[packHeaderSize:])
	if err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return content[:packHeaderSize+n], nil
		}
		return nil, zstdError(err)
	}
	more, err := io.Copy(io.Discard, io.LimitReader(r, maxPackBytes+1-int64(l)))
	if err != nil {
		return nil, zstdError(err)
	}
	if more > 0 {
		return nil, fmt.Errorf("%w: at byte 24: content length %d, but %d bytes decompressed", errPack, l, int64(l)+more)
	}
	return content, nil
}

func zstdError(err error) error { return fmt.Errorf("%w: zstd: %v", errPack, err) }
