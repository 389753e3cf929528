package robotsdir

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/klauspost/compress/zstd"
	"github.com/robotsdfa/robotsdfa/store"
)

// Row is a line of a host<TAB>file table: its number (from 1), its host
// as written and its file name.
type Row struct {
	Line       int
	Host, File string
}

// Rows reads a host<TAB>file table (plain, gzip or zstd): tab-separated
// lines whose first two fields are a host and a file name, in the table's
// order; a first line starting "host\t" is a header, and a UTF-8 byte
// order mark before it (as spreadsheets write one) is not part of it. A
// file name is local (filepath.IsLocal): a table names files inside the
// directory it goes with, never "../x" or "/etc/x", whatever wrote it. A
// malformed line is an error naming the table and the line.
func Rows(path string) ([]Row, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readRows(f, path)
}

// maxTableLine bounds a table's line.
const maxTableLine = 64 << 20

// readRows is Rows of a table read from in, named path in errors.
func readRows(in io.Reader, path string) ([]Row, error) {
	r, err := decompressed(in)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	defer r.Close()
	var rows []Row
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxTableLine)
	n := 1
	for ; sc.Scan(); n++ {
		text := strings.TrimSuffix(sc.Text(), "\r")
		if n == 1 {
			text = strings.TrimPrefix(text, byteOrderMark)
		}
		fields := strings.Split(text, "\t")
		if n == 1 && fields[0] == "host" {
			continue
		}
		if len(fields) < 2 || fields[0] == "" || fields[1] == "" {
			return nil, fmt.Errorf("%s:%d: want host<TAB>file", path, n)
		}
		if !filepath.IsLocal(fields[1]) {
			return nil, fmt.Errorf("%s:%d: file %q is not a name inside the directory", path, n, fields[1])
		}
		rows = append(rows, Row{Line: n, Host: fields[0], File: fields[1]})
	}
	if err := sc.Err(); errors.Is(err, bufio.ErrTooLong) {
		return nil, fmt.Errorf("%s:%d: a line over %d MiB", path, n, maxTableLine>>20)
	} else if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return rows, nil
}

// Table reads a host<TAB>file table (Rows) into each host's key
// (store.Key) and file. A host with no key is an error naming its line, as
// no lookup could find it; when lines name the same host (one key: a
// case, a default port or a trailing dot apart), the last line wins.
func Table(path string) (map[string]string, error) {
	rows, err := Rows(path)
	if err != nil {
		return nil, err
	}
	return keyedRows(rows, path)
}

// keyedRows is Table of rows read from path.
func keyedRows(rows []Row, path string) (map[string]string, error) {
	keyed := make(map[string]string, len(rows))
	for _, row := range rows {
		key, ok := store.Key(row.Host)
		if !ok {
			return nil, fmt.Errorf("%s:%d: host %q has no host key (not a host a URL can name)", path, row.Line, row.Host)
		}
		keyed[key] = row.File
	}
	return keyed, nil
}

// byteOrderMark is U+FEFF in UTF-8, which some editors and spreadsheets
// write at the start of a text file.
const byteOrderMark = "\ufeff"

// decompressed reads r through gzip or zstd when it starts with their
// magic number; closing it frees the decoder, not r.
func decompressed(r io.Reader) (io.ReadCloser, error) {
	br := bufio.NewReader(r)
	head, _ := br.Peek(4)
	switch {
	case bytes.HasPrefix(head, []byte{0x1f, 0x8b}):
		return gzip.NewReader(br)
	case bytes.HasPrefix(head, []byte{0x28, 0xb5, 0x2f, 0xfd}):
		zr, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(1))
		if err != nil {
			return nil, err
		}
		return zr.IOReadCloser(), nil
	}
	return io.NopCloser(br), nil
}
