package robotsbeam

import (
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
// to the shard of its hash. Each bundle writes a shard's lines to a
// temporary file beside the output (PREFIX.tmp-RANDOM), 256 KiB at a
// time, keeping at most 64 such files open (16 compressed); a shard past
// them has its lines held in memory, and when the bundle holds more than
// 8 MiB they all go, in shard order, to a run (a temporary file too),
// the runs being merged, 32 at a time and when the bundle ends, into a
// file a shard. A last step gathers each shard's temporary files into
// it, one worker a shard, removing them. So no line passes through a
// shuffle, whose runner would hold every line (Prism keeps them in
// memory); a bundle holds a bounded number of open files and about 8 MiB
// of lines whatever the number of shards, and writes a shard one file,
// and one more for every 256 MiB of its lines in runs (written twice).
// A bundle that fails removes the files it wrote, where the filesystem
// can; a worker that dies leaves them.
//
// A prefix ending in .zst or .gz writes compressed shards, named with the
// extension last (allowed.zst: allowed-00000-of-00016.zst), which
// ReadLines, robotsdfa filter and the zstd and gzip tools read: each
// temporary file is a zstd frame (a gzip member) of its own, which the
// shard joins as they are.
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

// bundleLimits are what a bundle holds: it writes a shard's lines to its
// open file when they reach stream bytes (written while still in the
// processor's cache: docs/PERFORMANCE.md), keeping at most open files
// open, and openCompressed compressed ones (an encoder each, of 3 MB); when
// it holds more than bundle bytes of lines, it writes every buffer: to its
// shard's open file, or else into a run (shard_runs.go). At runs runs, and when
// the bundle ends, the runs are merged into a file a shard. It keeps
// buffers of kept bytes for the next lines once written.
type bundleLimits struct {
	stream, bundle, kept int
	open, openCompressed int
	runs                 int
}

var defaultLimits = bundleLimits{
	stream: 256 << 10, bundle: 8 << 20, kept: 16 << 20,
	open: 64, openCompressed: 16, runs: 32,
}

// writeBundleFn writes a bundle's lines to temporary files and emits each
// file's shard and name.
type writeBundleFn struct {
	Prefix string `json:"prefix"`
	Shards int    `json:"shards"`

	bufs  [][]byte      // by shard, the lines not yet written
	files []*tempFile   // by shard, its open file or nil
	runs  []string      // the runs written since the last merge
	made  []string      // the files emitted in this bundle
	open  int           // files open
	held  int           // bytes in bufs
	kept  int           // bufs' capacity
	enc   encoder       // the compressor of files written at once, nil until one is
	lim   *bundleLimits // nil: defaultLimits
}

// limits are the bundle's limits.
func (f *writeBundleFn) limits() *bundleLimits {
	if f.lim == nil {
		return &defaultLimits
	}
	return f.lim
}

// tempFile is a temporary file open for a shard.
type tempFile struct {
	name string
	fs   filesystem.Interface
	w    io.WriteCloser
	enc  encoder // the compressor between the lines and w, or nil
}

// encoder is a compressor that can start again on another writer, so
// that a bundle keeps one for the files it writes at once.
type encoder interface {
	io.WriteCloser
	Reset(io.Writer)
}

// ShardName is the name of the file WriteSharded writes for shard i of n
// under prefix: PREFIX-SSSSS-of-NNNNN, a compressed prefix's extension
// (.zst, .gz) last.
func ShardName(prefix string, i, n int) string {
	ext := ""
	if compression(prefix) != "" {
		ext = path.Ext(prefix)
		prefix = strings.TrimSuffix(prefix, ext)
	}
	return fmt.Sprintf("%s-%05d-of-%05d%s", prefix, i, n, ext)
}

// compressor compresses into w as kind ("zstd", "gzip") says; nil for "".
// zstd's window is 1 MiB: a bundle may hold sixteen encoders, of 3 MB
// each against 19 MB at the default 8 MiB (docs/PERFORMANCE.md).
func compressor(kind string, w io.Writer) (encoder, error) {
	switch kind {
	case "zstd":
		return zstd.NewWriter(w, zstd.WithEncoderConcurrency(1), zstd.WithWindowSize(1<<20), zstd.WithLowerEncoderMem(true))
	case "gzip":
		return gzip.NewWriter(w), nil
	}
	return nil, nil
}

func (f *writeBundleFn) ProcessElement(ctx context.Context, line string, emit func(int, string)) error {
	h := fnv.New32a()
	h.Write([]byte(line))
	shard := int(h.Sum32() % uint32(f.Shards))
	if f.bufs == nil {
		f.bufs = make([][]byte, f.Shards)
		f.files = make([]*tempFile, f.Shards)
	}
	lim := f.limits()
	c := cap(f.bufs[shard])
	if c == 0 {
		f.bufs[shard] = make([]byte, 0, min(lim.stream+lim.stream/4, max(lim.bundle/f.Shards, 64)))
	}
	f.bufs[shard] = append(append(f.bufs[shard], line...), '\n')
	f.held += len(line) + 1
	f.kept += cap(f.bufs[shard]) - c
	n := len(f.bufs[shard])
	var err error
	switch {
	case n >= lim.stream && (f.files[shard] != nil || f.open < f.maxOpen()):
		err = f.stream(ctx, shard)
	case f.held > lim.bundle:
		err = f.writeAll(ctx, emit)
	}
	if err != nil {
		f.abandon()
	}
	return err
}

// maxOpen is how many files the bundle keeps open.
func (f *writeBundleFn) maxOpen() int {
	if compression(f.Prefix) != "" {
		return f.limits().openCompressed
	}
	return f.limits().open
}

// write writes a shard's buffer to its open file, else to a file of its
// own.
func (f *writeBundleFn) write(ctx context.Context, shard int, emit func(int, string)) error {
	if f.files[shard] != nil {
		return f.stream(ctx, shard)
	}
	return f.spill(ctx, shard, emit)
}

// taken empties a shard's buffer and returns what it held; the buffer is
// kept for the shard's next lines within the bundle's kept bytes.
func (f *writeBundleFn) taken(shard int) []byte {
	lines := f.bufs[shard]
	f.held -= len(lines)
	if f.kept > f.limits().kept {
		f.bufs[shard] = nil
		f.kept -= cap(lines)
	} else {
		f.bufs[shard] = lines[:0]
	}
	return lines
}

// stream writes a shard's buffer to its open file, opening one if it has
// none.
func (f *writeBundleFn) stream(ctx context.Context, shard int) error {
	t := f.files[shard]
	if t == nil {
		var err error
		if t, err = openTemp(ctx, f.Prefix); err != nil {
			return err
		}
		enc, err := compressor(compression(f.Prefix), t.w)
		if err != nil {
			t.discard()
			return fmt.Errorf("%s: %w", t.name, err)
		}
		t.enc = enc
		f.files[shard] = t
		f.open++
	}
	var err error
	if t.enc != nil {
		_, err = t.enc.Write(f.taken(shard))
	} else {
		_, err = t.w.Write(f.taken(shard))
	}
	if err != nil {
		return fmt.Errorf("%s: %w", t.name, err)
	}
	return nil
}

// openTemp opens a new temporary file beside prefix's shards.
func openTemp(ctx context.Context, prefix string) (*tempFile, error) {
	name := fmt.Sprintf("%s.tmp-%016x", prefix, rand.Uint64())
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return nil, err
	}
	w, err := fs.OpenWrite(ctx, name)
	if err != nil {
		fs.Close()
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return &tempFile{name: name, fs: fs, w: w}, nil
}

// close ends t's compressed stream, if any, and closes it; a file that
// could not be written whole is removed where the filesystem can.
func (t *tempFile) close() error {
	var err error
	if t.enc != nil {
		err = t.enc.Close()
	}
	if cerr := t.w.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		remove(t.fs, t.name)
		err = fmt.Errorf("%s: %w", t.name, err)
	}
	t.fs.Close()
	return err
}

// discard closes t and removes it where the filesystem can.
func (t *tempFile) discard() {
	if t.enc != nil {
		t.enc.Close()
	}
	t.w.Close()
	remove(t.fs, t.name)
	t.fs.Close()
}

// remove removes a temporary file where fs can; an error leaves it.
func remove(fs filesystem.Interface, name string) {
	if rm, ok := fs.(filesystem.Remover); ok {
		rm.Remove(context.Background(), name)
	}
}

// spill writes a shard's buffer to a file of its own and emits the
// file's shard and name.
func (f *writeBundleFn) spill(ctx context.Context, shard int, emit func(int, string)) error {
	return f.piece(ctx, shard, emit, func(w io.Writer) error {
		_, err := w.Write(f.taken(shard))
		return err
	})
}

// piece writes a file of its own for a shard, its lines written to w by
// fill (through the bundle's compressor, if any), and emits the file's
// shard and name.
func (f *writeBundleFn) piece(ctx context.Context, shard int, emit func(int, string), fill func(w io.Writer) error) error {
	t, err := openTemp(ctx, f.Prefix)
	if err != nil {
		return err
	}
	if kind := compression(f.Prefix); kind != "" && f.enc == nil {
		enc, err := compressor(kind, t.w)
		if err != nil {
			t.discard()
			return fmt.Errorf("%s: %w", t.name, err)
		}
		f.enc = enc
	} else if kind != "" {
		f.enc.Reset(t.w)
	}
	w := t.w
	if f.enc != nil {
		t.enc = f.enc
		w = t.enc
	}
	if err := fill(w); err != nil {
		t.discard()
		return fmt.Errorf("%s: %w", t.name, err)
	}
	if err := t.close(); err != nil {
		return err
	}
	f.emit(emit, shard, t.name)
	return nil
}

// emit emits a file written for a shard, noting it so that a failing
// bundle removes it.
func (f *writeBundleFn) emit(emit func(int, string), shard int, name string) {
	f.made = append(f.made, name)
	emit(shard, name)
}

// abandon discards a failing bundle's files (open, runs and those it
// emitted), which no shard will gather: a runner drops a failed bundle's
// output. It drops what the bundle holds.
func (f *writeBundleFn) abandon() {
	for _, t := range f.files {
		if t != nil {
			t.discard()
		}
	}
	removeTemps(f.Prefix, f.runs)
	removeTemps(f.Prefix, f.made)
	f.bufs, f.files, f.runs, f.made, f.open, f.held, f.kept = nil, nil, nil, nil, 0, 0, 0
}

// FinishBundle writes the lines left, closes the bundle's files and
// emits their shards and names. (Beam asks it to take ProcessElement's
// emitter.)
func (f *writeBundleFn) FinishBundle(ctx context.Context, emit func(int, string)) error {
	if len(f.runs) > 0 {
		// The lines left join the runs, so that a shard gets one file
		// of the merge rather than one more of its own.
		err := f.writeAll(ctx, emit)
		if err == nil && len(f.runs) > 0 { // writeAll merges at the runs' limit
			err = f.merge(ctx, emit)
		}
		if err != nil {
			f.abandon()
			return err
		}
	}
	for shard, lines := range f.bufs {
		var err error
		if len(lines) > 0 {
			err = f.write(ctx, shard, emit)
		}
		if t := f.files[shard]; t != nil && err == nil {
			f.files[shard] = nil
			f.open--
			if err = t.close(); err == nil {
				f.emit(emit, shard, t.name)
			}
		}
		if err != nil {
			f.abandon()
			return err
		}
	}
	f.made = f.made[:0]
	return nil
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
	out := ShardName(f.Prefix, shard, f.Shards)
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
