package robotsbeam

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
)

// A run is a temporary file holding the lines a bundle had in memory when
// it passed its bundle bytes, for the shards without an open file: for
// each such shard in ascending order, a record of the shard's index and
// the length of its lines (two uvarints), then the lines. Merging the
// runs gives each shard one file for all of them, where writing each
// buffer to a file of its own gave a shard a file for every few lines
// once the shards were many (50,000 shards: a file for every 12 lines;
// docs/PERFORMANCE.md).

// writeAll writes every buffer: a shard's with an open file to it, the
// others into a new run, merged into files at the runs' limit.
func (f *writeBundleFn) writeAll(ctx context.Context, emit func(int, string)) error {
	var t *tempFile // the run, opened at its first record
	var bw *bufio.Writer
	fail := func(err error) error {
		if t != nil {
			t.discard()
		}
		return err
	}
	var head [2 * binary.MaxVarintLen64]byte
	for shard, lines := range f.bufs {
		if len(lines) == 0 {
			continue
		}
		if f.files[shard] != nil {
			if err := f.stream(ctx, shard); err != nil {
				return fail(err)
			}
			continue
		}
		if t == nil {
			var err error
			if t, err = openTemp(ctx, f.Prefix); err != nil {
				return err
			}
			bw = bufio.NewWriterSize(t.w, 64<<10)
		}
		n := binary.AppendUvarint(head[:0], uint64(shard))
		n = binary.AppendUvarint(n, uint64(len(lines)))
		_, err := bw.Write(n)
		if err == nil {
			_, err = bw.Write(f.taken(shard))
		}
		if err != nil {
			return fail(fmt.Errorf("%s: %w", t.name, err))
		}
	}
	if t == nil {
		return nil
	}
	if err := bw.Flush(); err != nil {
		return fail(fmt.Errorf("%s: %w", t.name, err))
	}
	if err := t.close(); err != nil {
		return err
	}
	f.runs = append(f.runs, t.name)
	if len(f.runs) >= f.limits().runs {
		return f.merge(ctx, emit)
	}
	return nil
}

// runReader reads a run's records in turn.
type runReader struct {
	name  string
	r     io.ReadCloser
	br    *bufio.Reader
	shard int   // the next record's shard, -1 past the last
	n     int64 // the next record's bytes
	of    int   // the shards
}

// next reads the next record's head.
func (r *runReader) next() error {
	shard, err := binary.ReadUvarint(r.br)
	if errors.Is(err, io.EOF) {
		r.shard = -1
		return nil
	}
	var n uint64
	if err == nil {
		n, err = binary.ReadUvarint(r.br)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", r.name, noEOF(err))
	}
	if shard >= uint64(r.of) || n > 1<<62 {
		return fmt.Errorf("%s: a record of shard %d of %d, %d bytes", r.name, shard, r.of, n)
	}
	r.shard, r.n = int(shard), int64(n)
	return nil
}

// noEOF is err, with a run cut inside a record said so.
func noEOF(err error) error {
	if errors.Is(err, io.EOF) {
		return io.ErrUnexpectedEOF
	}
	return err
}

// merge writes the runs into a file for each shard they hold (emitting
// its shard and name) and removes them.
func (f *writeBundleFn) merge(ctx context.Context, emit func(int, string)) error {
	fs, err := filesystem.New(ctx, f.Prefix)
	if err != nil {
		return err
	}
	defer fs.Close()
	readers := make([]*runReader, 0, len(f.runs))
	defer func() {
		for _, r := range readers {
			r.r.Close()
		}
	}()
	for _, name := range f.runs {
		rc, err := fs.OpenRead(ctx, name)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		r := &runReader{name: name, r: rc, br: bufio.NewReaderSize(rc, 64<<10), of: f.Shards}
		readers = append(readers, r)
		if err := r.next(); err != nil {
			return err
		}
	}
	for {
		shard := -1
		for _, r := range readers {
			if r.shard >= 0 && (shard < 0 || r.shard < shard) {
				shard = r.shard
			}
		}
		if shard < 0 {
			break
		}
		err := f.piece(ctx, shard, emit, func(w io.Writer) error {
			for _, r := range readers {
				if r.shard != shard {
					continue
				}
				if _, err := io.CopyN(w, r.br, r.n); err != nil {
					return fmt.Errorf("%s: %w", r.name, noEOF(err))
				}
				if err := r.next(); err != nil {
					return err
				}
				if r.shard >= 0 && r.shard <= shard {
					return fmt.Errorf("%s: shard %d after shard %d", r.name, r.shard, shard)
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	for _, name := range f.runs {
		remove(fs, name)
	}
	f.runs = nil
	return nil
}

// removeTemps removes temporary files beside prefix's shards (on its
// filesystem, opened once), where that filesystem can.
func removeTemps(prefix string, names []string) {
	if len(names) == 0 {
		return
	}
	fs, err := filesystem.New(context.Background(), prefix)
	if err != nil {
		return
	}
	defer fs.Close()
	for _, name := range names {
		remove(fs, name)
	}
}
