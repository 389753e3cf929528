package robotsbeam

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// MaxLineBytes is the longest line ReadLines reads from a compressed
// file, as robotsdfa filter's -max-line default; a longer one fails the
// bundle with the file and line named.
const MaxLineBytes = 64 << 20

func init() {
	register.DoFn3x0[fileio.FileMetadata, func(fileio.FileMetadata), func(string)](&splitByNameFn{})
	register.DoFn3x1[context.Context, fileio.ReadableFile, func(string), error](&compressedLinesFn{})
	register.Emitter1[fileio.FileMetadata]()
}

// ReadLines reads the lines of the files glob matches, on any Beam
// filesystem: plain, gzip (".gz") or zstd (".zst", ".zstd"), told apart
// by name, as robotsdfa filter reads its inputs. Beam's textio reads the
// plain files, each in parallel parts; each compressed file is read whole
// by one worker (textio of Beam v2.77.0 reads a gzip file only as far as
// its compressed size into the decompressed lines, and loses the rest).
// Lines keep a final CR, as textio's do; Filter drops it.
func ReadLines(s beam.Scope, glob string) beam.PCollection {
	s = s.Scope("robotsdfa.ReadLines")
	compressed, plain := beam.ParDo2(s, &splitByNameFn{}, fileio.MatchFiles(s, glob))
	return beam.Flatten(s,
		textio.ReadAll(s, plain, textio.ReadUncompressed()),
		beam.ParDo(s, &compressedLinesFn{}, fileio.ReadMatches(s, compressed, fileio.ReadUncompressed())))
}

// compression names a file's compression by its name: "gzip", "zstd" or
// "" (none).
func compression(path string) string {
	switch {
	case strings.HasSuffix(path, ".gz"):
		return "gzip"
	case strings.HasSuffix(path, ".zst"), strings.HasSuffix(path, ".zstd"):
		return "zstd"
	}
	return ""
}

// splitByNameFn sends compressed files to its first output and the paths
// of the others to its second.
type splitByNameFn struct{}

func (splitByNameFn) ProcessElement(m fileio.FileMetadata, compressed func(fileio.FileMetadata), plain func(string)) {
	if compression(m.Path) != "" {
		compressed(m)
	} else {
		plain(m.Path)
	}
}

// compressedLinesFn emits the lines of a gzip or zstd file.
type compressedLinesFn struct{}

func (compressedLinesFn) ProcessElement(ctx context.Context, f fileio.ReadableFile, emit func(string)) error {
	rc, err := f.Open(ctx)
	if err != nil {
		return fmt.Errorf("robotsdfa: %s: %w", f.Metadata.Path, err)
	}
	defer rc.Close()
	var r io.Reader
	if compression(f.Metadata.Path) == "gzip" {
		zr, err := gzip.NewReader(rc)
		if err != nil {
			return fmt.Errorf("robotsdfa: %s: %w", f.Metadata.Path, err)
		}
		defer zr.Close()
		r = zr
	} else {
		zr, err := zstd.NewReader(rc, zstd.WithDecoderConcurrency(1))
		if err != nil {
			return fmt.Errorf("robotsdfa: %s: %w", f.Metadata.Path, err)
		}
		defer zr.Close()
		r = zr
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), MaxLineBytes)
	sc.Split(scanLinesKeepCR)
	n := 0
	for sc.Scan() {
		n++
		emit(sc.Text())
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("robotsdfa: %s: after line %d: %w", f.Metadata.Path, n, err)
	}
	return nil
}

// scanLinesKeepCR is bufio.ScanLines without its dropping of a final CR,
// so that a compressed file's lines are those textio reads from a plain
// one.
func scanLinesKeepCR(data []byte, atEOF bool) (advance int, token []byte, err error) {
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		return i + 1, data[:i], nil
	}
	if atEOF && len(data) > 0 {
		return len(data), data, nil
	}
	return 0, nil, nil
}
