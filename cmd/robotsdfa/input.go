package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	goruntime "runtime"
	"sync/atomic"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// urlListWhat is what filter reads from its arguments, as errors name it.
const urlListWhat = "a URL list"

// input is one source of URLs: a file, or standard input ("-").
type input struct {
	name string
	r    io.Reader
	kind string // "gzip", "zstd" or "" (plain), by the magic bytes
	// typed: a terminal, whose lines are answered as they come (typing).
	typed bool
	// close releases the file and any decompressor.
	close func() error
}

// openInput opens a URL list, detecting gzip (1f 8b) and zstd
// (28 b5 2f fd) by their magic bytes; anything else is read as plain text.
// The bytes read from the file (compressed, for a compressed one) are
// added to read, when it is not nil.
func openInput(e *env, name string, read *atomic.Int64) (*input, error) {
	var f io.Reader
	closeFile := func() error { return nil }
	typed := name == "-" && typing(e)
	if name == "-" {
		f = e.stdin
		name = "standard input"
	} else {
		file, _, err := openRegular(name, urlListWhat)
		if err != nil {
			return nil, err
		}
		f, closeFile = file, file.Close
	}
	if read != nil {
		f = countingReader{f, read}
	}
	if typed {
		// Neither compressed nor read ahead: a magic's ten bytes would
		// wait for more than a short line typed.
		return &input{name: name, r: f, typed: true, close: closeFile}, nil
	}
	br := bufio.NewReaderSize(f, 1<<16)
	magic, _ := br.Peek(10)
	if err := otherCompression(magic); err != nil {
		closeFile()
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	in := &input{name: name, r: br, close: closeFile}
	switch {
	case bytes.HasPrefix(magic, []byte{0x1f, 0x8b}):
		zr, err := gzip.NewReader(br)
		if err != nil {
			closeFile()
			return nil, fmt.Errorf("%s: %w", name, err) // gzip's errors say "gzip: "
		}
		in.r, in.kind = zr, "gzip"
	case bytes.HasPrefix(magic, []byte{0x28, 0xb5, 0x2f, 0xfd}):
		// Decoded in the reading goroutine itself: a decoder goroutine
		// of its own only competes with the workers for the cores
		// (BenchmarkReadURLs/zstd: 11% faster this way).
		zr, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(1))
		if err != nil {
			closeFile()
			return nil, fmt.Errorf("%s: zstd: %w", name, err)
		}
		in.r, in.kind = zr, "zstd"
		in.close = func() error { zr.Close(); return closeFile() }
	}
	return in, nil
}

// typing reports whether standard input is a terminal: URLs typed or
// pasted by hand, each answered as it comes, not once a chunk is full.
func typing(e *env) bool {
	f, ok := e.stdin.(*os.File)
	return ok && isTerminal(f)
}

// endOfInputKeys are the keys that end a terminal's input.
func endOfInputKeys() string {
	if goruntime.GOOS == "windows" {
		return "Ctrl-Z and Enter"
	}
	return "Ctrl-D"
}

// otherCompression refuses a file that begins as xz, bzip2, lz4 or
// Snappy's framing does, which filter does not decompress: read as text,
// every line would be reported unusable and the run would end with
// nothing checked.
func otherCompression(magic []byte) error {
	var format, tool string
	switch {
	case bytes.HasPrefix(magic, []byte{0xfd, '7', 'z', 'X', 'Z', 0}):
		format, tool = "xz", "xz -dc"
	case len(magic) >= 10 && bytes.HasPrefix(magic, []byte("BZh")) && magic[3] >= '1' && magic[3] <= '9' &&
		bytes.Equal(magic[4:10], []byte{0x31, 0x41, 0x59, 0x26, 0x53, 0x59}):
		format, tool = "bzip2", "bzip2 -dc"
	case bytes.HasPrefix(magic, []byte{0x04, 0x22, 0x4d, 0x18}):
		format, tool = "lz4", "lz4 -dc"
	case bytes.HasPrefix(magic, []byte{0xff, 0x06, 0, 0, 's', 'N', 'a', 'P', 'p', 'Y'}):
		format, tool = "Snappy-framed", "a Snappy tool"
	default:
		return nil
	}
	return fmt.Errorf("%s-compressed, which filter does not read (it reads plain text, gzip and zstd): decompress it first (%s FILE | robotsdfa filter ...)", format, tool)
}

// inputsSize is the bytes of the inputs when every one is a regular file
// (standard input included), 0 when one's size is not known.
func inputsSize(e *env, names []string) int64 {
	var total int64
	for _, name := range names {
		var st os.FileInfo
		var err error
		if name == "-" {
			f, ok := e.stdin.(*os.File)
			if !ok {
				return 0
			}
			st, err = f.Stat()
		} else {
			st, err = os.Stat(name)
		}
		if err != nil || !st.Mode().IsRegular() {
			return 0
		}
		total += st.Size()
	}
	return total
}
