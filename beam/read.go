package robotsbeam

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/sdf"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/rtrackers/offsetrange"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// MaxLineBytes is the longest line ReadLines reads, as robotsdfa filter's
// -max-line default; a longer one fails the bundle with the file and the
// line's byte offset (plain) or number (compressed) named.
const MaxLineBytes = 64 << 20

// partBytes is the size of the parts a plain file is read in, in
// parallel; maxLine is MaxLineBytes (tests lower it).
var partBytes, maxLine int64 = 64 << 20, MaxLineBytes

func init() {
	register.DoFn4x1[context.Context, *sdf.LockRTracker, fileio.ReadableFile, func(string), error](&readLinesFn{})
}

// ReadLines reads the lines of the files glob matches, on any Beam
// filesystem: plain, gzip (".gz") or zstd (".zst", ".zstd"), told apart by
// name, as robotsdfa filter reads its inputs; a file named as xz, bzip2,
// lz4 or Snappy's (".xz", ".bz2", ".lz4", ".sz") fails the pipeline,
// naming it. A plain file is read in parts of 64 MiB in parallel (each
// line by the part it starts in); a compressed file whole, by one worker.
// Lines keep a final CR; Filter drops it. (Beam's textio of v2.77.0 reads
// a gzip file only as far as its compressed size and loses the rest of its
// lines.)
func ReadLines(s beam.Scope, glob string) beam.PCollection {
	s = s.Scope("robotsdfa.ReadLines")
	files := fileio.ReadMatches(s, fileio.MatchFiles(s, glob), fileio.ReadUncompressed())
	return beam.ParDo(s, &readLinesFn{}, files)
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

// unread names a compressed format ReadLines does not read, by the file's
// name ("" for none): read as text, its every line would be unusable.
func unread(name string) string {
	switch strings.ToLower(path.Ext(name)) { // gs://b/x.xz: "/" separates on every Beam filesystem
	case ".xz":
		return "xz"
	case ".bz2":
		return "bzip2"
	case ".lz4":
		return "lz4"
	case ".sz":
		return "Snappy-framed"
	}
	return ""
}

// readLinesFn is ReadLines's splittable DoFn. A plain file's restriction
// is its byte range; a compressed file's is [0, 1), which no split can
// divide: position 0 stands for the whole file.
type readLinesFn struct{}

func (readLinesFn) CreateInitialRestriction(f fileio.ReadableFile) offsetrange.Restriction {
	if compression(f.Metadata.Path) != "" {
		return offsetrange.Restriction{Start: 0, End: 1}
	}
	return offsetrange.Restriction{Start: 0, End: f.Metadata.Size}
}

func (readLinesFn) SplitRestriction(f fileio.ReadableFile, r offsetrange.Restriction) []offsetrange.Restriction {
	if compression(f.Metadata.Path) != "" || r.End-r.Start <= partBytes+partBytes/4 {
		return []offsetrange.Restriction{r}
	}
	parts := r.SizedSplits(partBytes)
	if last := parts[len(parts)-1]; len(parts) > 1 && last.End-last.Start < partBytes/4 {
		// A short tail joins the part before it.
		parts[len(parts)-2].End = last.End
		parts = parts[:len(parts)-1]
	}
	return parts
}

func (readLinesFn) RestrictionSize(f fileio.ReadableFile, r offsetrange.Restriction) float64 {
	if compression(f.Metadata.Path) != "" {
		return float64(f.Metadata.Size)
	}
	return r.Size()
}

func (readLinesFn) CreateTracker(r offsetrange.Restriction) *sdf.LockRTracker {
	return sdf.NewLockRTracker(offsetrange.NewTracker(r))
}

func (readLinesFn) ProcessElement(ctx context.Context, rt *sdf.LockRTracker, f fileio.ReadableFile, emit func(string)) error {
	path := f.Metadata.Path
	if format := unread(path); format != "" {
		return fmt.Errorf("robotsdfa: %s: %s-compressed, which ReadLines does not read (it reads plain text, gzip and zstd)", path, format)
	}
	rc, err := f.Open(ctx)
	if err != nil {
		return fmt.Errorf("robotsdfa: %s: %w", path, err)
	}
	defer rc.Close()
	r := rt.GetRestriction().(offsetrange.Restriction)
	if compression(path) == "" {
		return readPart(rt, r, path, rc, emit)
	}
	if !rt.TryClaim(r.Start) {
		return nil
	}
	var in io.Reader
	if compression(path) == "gzip" {
		zr, err := gzip.NewReader(rc)
		if err != nil {
			return fmt.Errorf("robotsdfa: %s: %w", path, err)
		}
		defer zr.Close()
		in = zr
	} else {
		zr, err := zstd.NewReader(rc, zstd.WithDecoderConcurrency(1))
		if err != nil {
			return fmt.Errorf("robotsdfa: %s: %w", path, err)
		}
		defer zr.Close()
		in = zr
	}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 64<<10), int(maxLine))
	sc.Split(scanLinesKeepCR)
	n := 0
	for sc.Scan() {
		n++
		emit(sc.Text())
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("robotsdfa: %s: after line %d: %w", path, n, err)
	}
	return nil
}

// readPart emits the lines of a plain file that start in r: a line that
// starts before r.Start belongs to the part before.
func readPart(rt *sdf.LockRTracker, r offsetrange.Restriction, path string, rc io.Reader, emit func(string)) error {
	pos := r.Start
	// Go to byte pos-1: by a seek where the file allows one (a local
	// file), else by reading up to it, so that a part costs its own bytes
	// and not those of every part before it.
	skip := max(pos-1, 0)
	if sk, ok := rc.(io.Seeker); ok && skip > 0 {
		if _, err := sk.Seek(skip, io.SeekStart); err == nil {
			skip = 0
		}
	}
	br := bufio.NewReaderSize(rc, 64<<10)
	if pos > 0 {
		// Skip to the end of the line holding byte pos-1.
		if _, err := br.Discard(int(skip)); err != nil {
			return fmt.Errorf("robotsdfa: %s: part at byte %d: %w (did the file change?)", path, pos, err)
		}
		skipped, err := readLine(br, path, pos-1)
		if err == io.EOF && len(skipped) == 0 {
			rt.TryClaim(r.End)
			return nil
		}
		if err != nil && err != io.EOF {
			return err
		}
		pos += int64(len(skipped)) - 1
	}
	for rt.TryClaim(pos) {
		line, err := readLine(br, path, pos)
		if len(line) > 0 {
			emit(string(bytes.TrimSuffix(line, []byte("\n"))))
			pos += int64(len(line))
		}
		if err == io.EOF {
			rt.TryClaim(r.End)
			return nil
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// readLine reads one line with its '\n' (none at the end of the file),
// at most maxLine bytes long besides the '\n'; at is the offset of its
// first byte read, which its error names (the line's start, or for the
// line a part skips, the byte before the part).
func readLine(br *bufio.Reader, path string, at int64) ([]byte, error) {
	line, err := br.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		long := append([]byte(nil), line...)
		for errors.Is(err, bufio.ErrBufferFull) && int64(len(long)) <= maxLine {
			line, err = br.ReadSlice('\n')
			long = append(long, line...)
		}
		line = long
	}
	if int64(len(bytes.TrimSuffix(line, []byte("\n")))) > maxLine {
		return nil, fmt.Errorf("robotsdfa: %s: the line holding byte %d is longer than %d bytes", path, at, maxLine)
	}
	return line, err
}

// scanLinesKeepCR is bufio.ScanLines without its dropping of a final CR,
// so that a compressed file's lines are those of the same file plain.
func scanLinesKeepCR(data []byte, atEOF bool) (advance int, token []byte, err error) {
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		return i + 1, data[:i], nil
	}
	if atEOF && len(data) > 0 {
		return len(data), data, nil
	}
	return 0, nil, nil
}
