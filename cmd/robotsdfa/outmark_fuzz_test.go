package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzLastMark: -append reads whatever file -o names. For any bytes,
// lastMark does not panic, and a mark it finds lies within the file,
// counts no negative number of lines, and has the file up to it
// decompress whole.
func FuzzLastMark(f *testing.F) {
	for _, kind := range []string{"zstd", "gzip"} {
		var file bytes.Buffer
		s, err := newSink(kind, &countingWriter{w: &file}, 0)
		if err != nil {
			f.Fatal(err)
		}
		for i := range 3 {
			if err := s.put([]byte("https://example.com/a\nhttps://example.com/b\n"), int64(2*(i+1))); err != nil {
				f.Fatal(err)
			}
			if err := s.(*framedSink).endFrame(); err != nil {
				f.Fatal(err)
			}
		}
		b := file.Bytes()
		f.Add(kind == "gzip", b)
		f.Add(kind == "gzip", b[:len(b)-7])
		f.Add(kind == "gzip", append(b[:len(b)/2:len(b)/2], b...))
	}
	path := filepath.Join(f.TempDir(), "out")
	f.Fuzz(func(t *testing.T, gz bool, data []byte) {
		kind := "zstd"
		if gz {
			kind = "gzip"
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		end, lines, ok, err := lastMark(path, kind)
		if err != nil || !ok {
			return
		}
		if end <= 0 || end > int64(len(data)) || lines < 0 {
			t.Fatalf("mark at %d of %d bytes, %d lines", end, len(data), lines)
		}
		if _, err := decompressed(kind, data[:end]); err != nil {
			t.Fatalf("the %d bytes up to the mark do not decompress: %v", end, err)
		}
	})
}
