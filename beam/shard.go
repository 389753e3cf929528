package robotsbeam

import (
	"bufio"
	"context"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"path"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

func init() {
	register.DoFn3x1[context.Context, string, func(int, string), error](&writeBundleFn{})
	register.DoFn2x0[int, func(int, string)](&everyShardFn{})
	register.Emitter2[int, string]()
	register.DoFn3x1[context.Context, int, func(*string) bool, error](&gatherShardFn{})
	register.Iter1[string]()
}

// WriteSharded writes lines to shards files PREFIX-SSSSS-of-NNNNN (on any
// Beam filesystem), every one of them written even when empty, each line
// to the shard of its hash. Each bundle streams its lines into a
// temporary file per shard beside them (PREFIX.tmp-RANDOM), and a last
// step gathers each shard's temporary files into it, one worker a shard,
// removing them: no line passes through a shuffle, whose runner would
// hold every line (Prism keeps them in memory). A bundle that fails may
// leave its temporary files behind. A bundle holds, for each shard it
// writes to, an open file and a 256 KiB buffer (and, compressed, an
// encoder of about 3 MB): thousands of shards cost a bundle that much
// memory each.
//
// A prefix ending in .zst or .gz writes compressed shards, named with the
// extension last (allowed.zst: allowed-00000-of-00016.zst), which
// ReadLines, robotsdfa filter and the zstd and gzip tools read: each
// bundle's temporary file is a zstd frame (a gzip member) of its own,
// which the shard joins as they are.
func WriteSharded(s beam.Scope, prefix string, shards int, lines beam.PCollection) {
	s = s.Scope("robotsdfa.WriteSharded")
	shards = max(shards, 1)
	temps := beam.ParDo(s, &writeBundleFn{Prefix: prefix, Shards: shards}, lines)
	indices := make([]int, shards)
	for i := range indices {
		indices[i] = i
	}
	every := beam.ParDo(s, &everyShardFn{}, beam.CreateList(s, indices))
	beam.ParDo0(s, &gatherShardFn{Prefix: prefix, Shards: shards}, beam.GroupByKey(s, beam.Flatten(s, temps, every)))
}

// writeBundleFn writes a bundle's lines to a temporary file per shard and
// emits each file's shard and name when the bundle ends.
type writeBundleFn struct {
	Prefix string `json:"prefix"`
	Shards int    `json:"shards"`

	files []*tempFile // by shard, nil until a line goes there
}

// tempFile is one of a bundle's temporary files.
type tempFile struct {
	name string
	fs   filesystem.Interface
	w    io.WriteCloser
	enc  io.WriteCloser // the compressor between bw and w, or nil
	bw   *bufio.Writer
}

// shardName is the name of shard i of n.
func shardName(prefix string, i, n int) string {
	ext := ""
	if compression(prefix) != "" {
		ext = path.Ext(prefix)
		prefix = strings.TrimSuffix(prefix, ext)
	}
	return fmt.Sprintf("%s-%05d-of-%05d%s", prefix, i, n, ext)
}

// compressor compresses into w as kind ("zstd", "gzip") says; nil for "".
// A bundle holds one a shard, so zstd's window is 1 MiB: 3 MB an
// encoder against 19 MB at the default 8 MiB (docs/PERFORMANCE.md).
func compressor(kind string, w io.Writer) (io.WriteCloser, error) {
	switch kind {
	case "zstd":
		return zstd.NewWriter(w, zstd.WithEncoderConcurrency(1), zstd.WithWindowSize(1<<20), zstd.WithLowerEncoderMem(true))
	case "gzip":
		return gzip.NewWriter(w), nil
	}
	return nil, nil
}

func (f *writeBundleFn) ProcessElement(ctx context.Context, line string, _ func(int, string)) error {
	h := fnv.New32a()
	h.Write([]byte(line))
	shard := int(h.Sum32() % uint32(f.Shards))
	if f.files == nil {
		f.files = make([]*tempFile, f.Shards)
	}
	t := f.files[shard]
	if t == nil {
		name := fmt.Sprintf("%s.tmp-%016x", f.Prefix, rand.Uint64())
		fs, err := filesystem.New(ctx, name)
		if err != nil {
			return err
		}
		w, err := fs.OpenWrite(ctx, name)
		if err != nil {
			fs.Close()
			return err
		}
		t = &tempFile{name: name, fs: fs, w: w}
		t.enc, err = compressor(compression(f.Prefix), w)
		if err != nil {
			w.Close()
			fs.Close()
			return err
		}
		if t.enc != nil {
			t.bw = bufio.NewWriterSize(t.enc, 256<<10)
		} else {
			t.bw = bufio.NewWriterSize(w, 256<<10)
		}
		f.files[shard] = t
	}
	t.bw.WriteString(line)
	return t.bw.WriteByte('\n')
}

// FinishBundle closes the bundle's files and emits their shards and
// names. (Beam asks it to take ProcessElement's emitter.)
func (f *writeBundleFn) FinishBundle(emit func(int, string)) error {
	var first error
	for shard, t := range f.files {
		if t == nil {
			continue
		}
		f.files[shard] = nil
		err := t.bw.Flush()
		if t.enc != nil {
			if cerr := t.enc.Close(); err == nil {
				err = cerr
			}
		}
		if cerr := t.w.Close(); err == nil {
			err = cerr
		}
		t.fs.Close()
		if err != nil {
			if first == nil {
				first = fmt.Errorf("%s: %w", t.name, err)
			}
			continue
		}
		emit(shard, t.name)
	}
	return first
}

// everyShardFn names each shard once with no file, so that a shard with
// no temporary file is still written (empty).
type everyShardFn struct{}

func (everyShardFn) ProcessElement(shard int, emit func(int, string)) { emit(shard, "") }

// gatherShardFn writes a shard from its temporary files and removes them.
type gatherShardFn struct {
	Prefix string `json:"prefix"`
	Shards int    `json:"shards"`
}

func (f *gatherShardFn) ProcessElement(ctx context.Context, shard int, temps func(*string) bool) error {
	var names []string
	var name string
	for temps(&name) {
		if name != "" {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	out := shardName(f.Prefix, shard, f.Shards)
	fs, err := filesystem.New(ctx, out)
	if err != nil {
		return err
	}
	defer fs.Close()
	w, err := fs.OpenWrite(ctx, out)
	if err != nil {
		return err
	}
	for _, n := range names {
		if err := appendFile(ctx, fs, w, n); err != nil {
			w.Close()
			return fmt.Errorf("%s: %w", out, err)
		}
	}
	if len(names) == 0 {
		// A compressed shard with no line is one empty frame, which
		// decompresses to nothing (an empty file is no gzip file).
		enc, err := compressor(compression(f.Prefix), w)
		if err == nil && enc != nil {
			err = enc.Close()
		}
		if err != nil {
			w.Close()
			return fmt.Errorf("%s: %w", out, err)
		}
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("%s: %w", out, err)
	}
	rm, ok := fs.(filesystem.Remover)
	if !ok {
		return nil // a filesystem that cannot remove keeps the temporary files
	}
	for _, n := range names {
		if err := rm.Remove(ctx, n); err != nil {
			return fmt.Errorf("%s: written, but its temporary file stays: %w", out, err)
		}
	}
	return nil
}

// appendFile copies the file name to w.
func appendFile(ctx context.Context, fs filesystem.Interface, w io.Writer, name string) error {
	r, err := fs.OpenRead(ctx, name)
	if err != nil {
		return err
	}
	defer r.Close()
	_, err = io.Copy(w, r)
	return err
}
