package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// input is one source of URLs: a file, or standard input ("-").
type input struct {
	name string
	r    io.Reader
	// close releases the file and any decompressor.
	close func() error
}

// openInput opens a URL list, detecting gzip (1f 8b) and zstd
// (28 b5 2f fd) by their magic bytes; anything else is read as plain text.
func openInput(e *env, name string) (*input, error) {
	var f io.Reader
	closeFile := func() error { return nil }
	if name == "-" {
		f = e.stdin
		name = "standard input"
	} else {
		file, _, err := openRegular(name, "a URL list")
		if err != nil {
			return nil, err
		}
		f, closeFile = file, file.Close
	}
	br := bufio.NewReaderSize(f, 1<<16)
	magic, _ := br.Peek(4)
	in := &input{name: name, r: br, close: closeFile}
	switch {
	case bytes.HasPrefix(magic, []byte{0x1f, 0x8b}):
		zr, err := gzip.NewReader(br)
		if err != nil {
			closeFile()
			return nil, fmt.Errorf("%s: %w", name, err) // gzip's errors say "gzip: "
		}
		in.r = zr
	case bytes.HasPrefix(magic, []byte{0x28, 0xb5, 0x2f, 0xfd}):
		// Decoded in the reading goroutine itself: a decoder goroutine
		// of its own only competes with the workers for the cores
		// (BenchmarkReadURLs/zstd: 11% faster this way).
		zr, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(1))
		if err != nil {
			closeFile()
			return nil, fmt.Errorf("%s: zstd: %w", name, err)
		}
		in.r = zr
		in.close = func() error { zr.Close(); return closeFile() }
	}
	return in, nil
}
