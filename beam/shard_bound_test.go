package robotsbeam

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"hash/fnv"
	"io"
	"maps"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/stretchr/testify/require"
)

// TestWriteBundleBounds: with its limits lowered so that the sample
// frontier meets them all, a bundle keeps no more files open than its
// limit whatever the number of shards, holds no more lines than its
// bundle bytes and buffers within its kept bytes, writes a shard with a
// file of its own in that one file, and the shards gathered from its
// files hold every line once.
func TestWriteBundleBounds(t *testing.T) {
	frontier := strings.Split(strings.TrimSuffix(sampleFrontier(t), "\n"), "\n")
	lim := bundleLimits{stream: 1 << 10, bundle: 32 << 10, kept: 64 << 10, open: 4, openCompressed: 2, runs: 3}
	longest := 0
	for _, l := range frontier {
		longest = max(longest, len(l)+1)
	}
	ctx := context.Background()
	for _, c := range []struct {
		name   string
		shards int
		lines  []string
		ext    string
	}{
		{"a file a shard", 3, frontier, ""},
		{"a file a shard, compressed", 2, frontier, ".zst"},
		{"more shards than files", 200, frontier, ""},
		{"more shards than files, compressed", 50, frontier, ".gz"},
		{"more shards than bytes", 5000, frontier, ".zst"},
		{"each shard in turn", 100, runs(frontier, 100), ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			fs := &countFS{memFS: newMemFS()}
			counting.Store(fs)
			prefix := "countfs://" + t.Name() + "/out" + c.ext
			w := &writeBundleFn{Prefix: prefix, Shards: c.shards, lim: &lim}
			temps := map[int][]string{}
			emit := func(shard int, name string) { temps[shard] = append(temps[shard], name) }
			for _, l := range c.lines {
				require.NoError(t, w.ProcessElement(ctx, l, emit))
				require.LessOrEqual(t, w.held, lim.bundle)
				// Capacity past the kept bytes is what buffers grew by
				// since they were last written: a quarter more than they
				// hold, and a line.
				require.LessOrEqual(t, w.kept, lim.kept+lim.bundle*5/4+longest)
			}
			require.NoError(t, w.FinishBundle(ctx, emit))
			require.Zero(t, w.held)
			require.Zero(t, w.open, "the next bundle may open as many")
			maxOpen := lim.open
			if c.ext != "" {
				maxOpen = lim.openCompressed
			}
			// The files open for shards, and one written at once.
			require.LessOrEqual(t, fs.mostOpen, maxOpen+1, "files open at once")
			require.LessOrEqual(t, fs.mostReading, lim.runs, "runs open at once")
			require.Zero(t, fs.open, "files left open")
			require.Zero(t, fs.reading, "runs left open")
			if c.shards <= maxOpen {
				require.Equal(t, c.shards, fs.mostOpen)
				for shard := range c.shards {
					require.Len(t, temps[shard], 1, "shard %d", shard)
				}
			} else {
				// The files not emitted were runs, merged lim.runs at a
				// time (and the last ones at the end): a shard has a file
				// of each merge and one of its own at most.
				files := 0
				for _, names := range temps {
					files += len(names)
				}
				require.Greater(t, files, c.shards, "shards written in several files")
				runs := fs.made - files
				require.Positive(t, runs)
				merges := (runs + lim.runs - 1) / lim.runs
				streamed := 0 // shards with a file of their own
				for shard := range c.shards {
					require.LessOrEqual(t, len(temps[shard]), merges+1, "shard %d's files", shard)
					if len(temps[shard]) > merges {
						streamed++
					}
				}
				require.LessOrEqual(t, streamed, maxOpen, "the lines left at the end go to the runs")
			}

			var got strings.Builder
			for shard := range c.shards {
				i := 0
				g := &gatherShardFn{Prefix: prefix, Shards: c.shards}
				require.NoError(t, g.ProcessElement(ctx, shard, func(name *string) bool {
					if i == len(temps[shard]) {
						return false
					}
					*name, i = temps[shard][i], i+1
					return true
				}))
				name := ShardName(prefix, shard, c.shards)
				b := fs.files[name]
				if c.ext != "" {
					b = []byte(decompressed(t, name, b))
				}
				got.Write(b)
			}
			sameLines(t, sortedLines(strings.Join(c.lines, "\n")+"\n"), sortedLines(got.String()))
			require.Len(t, fs.files, c.shards, "temporary files removed")
		})
	}
}

// TestWriteBundleDefaultLimits: with the limits a pipeline runs with, a
// bundle of a thousand lines is held whole and written when it ends, one
// file a shard, not a line at a time.
func TestWriteBundleDefaultLimits(t *testing.T) {
	lines := strings.Split(sampleFrontier(t), "\n")[:1000]
	fs := &countFS{memFS: newMemFS()}
	counting.Store(fs)
	w := &writeBundleFn{Prefix: "countfs://" + t.Name() + "/out", Shards: 4}
	temps := map[int][]string{}
	emit := func(shard int, name string) { temps[shard] = append(temps[shard], name) }
	ctx := context.Background()
	for _, l := range lines {
		require.NoError(t, w.ProcessElement(ctx, l, emit))
	}
	require.Zero(t, fs.made, "files made before the bundle ends")
	require.NoError(t, w.FinishBundle(ctx, emit))
	require.Equal(t, 4, fs.made)
	for shard := range 4 {
		require.Len(t, temps[shard], 1, "shard %d", shard)
	}
}

// TestWriteBundleFails: a write that fails fails the bundle with the
// file's name, and the files the bundle had open are removed (no shard
// would gather them).
func TestWriteBundleFails(t *testing.T) {
	frontier := strings.Split(strings.TrimSuffix(sampleFrontier(t), "\n"), "\n")
	lim := bundleLimits{stream: 1 << 10, bundle: 32 << 10, kept: 64 << 10, open: 4, openCompressed: 2, runs: 3}
	for _, shards := range []int{3, 50} { // files a shard; runs
		fs := &countFS{memFS: newMemFS(), failAfter: 100 << 10}
		counting.Store(fs)
		w := &writeBundleFn{Prefix: "countfs://fails/out", Shards: shards, lim: &lim}
		var err error
		for _, l := range frontier {
			if err = w.ProcessElement(context.Background(), l, func(int, string) {}); err != nil {
				break
			}
		}
		require.ErrorContains(t, err, "countfs://fails/out.tmp-")
		require.ErrorContains(t, err, "disk full")
		require.Zero(t, w.open)
		require.Empty(t, w.runs)
		require.Empty(t, fs.files, "the bundle's files removed")
		require.Zero(t, fs.open, "files left open")
	}
}

// TestWriteBundleFailsAfterOne: a bundle that fails removes its own
// files, not those of the bundle before it, which the runner keeps.
func TestWriteBundleFailsAfterOne(t *testing.T) {
	frontier := strings.Split(strings.TrimSuffix(sampleFrontier(t), "\n"), "\n")
	lim := bundleLimits{stream: 1 << 10, bundle: 32 << 10, kept: 64 << 10, open: 4, openCompressed: 2, runs: 3}
	fs := &countFS{memFS: newMemFS()}
	counting.Store(fs)
	ctx := context.Background()
	w := &writeBundleFn{Prefix: "countfs://after/out", Shards: 50, lim: &lim}
	var first []string
	for _, l := range frontier[:5000] {
		require.NoError(t, w.ProcessElement(ctx, l, func(_ int, name string) { first = append(first, name) }))
	}
	require.NoError(t, w.FinishBundle(ctx, func(_ int, name string) { first = append(first, name) }))
	require.Len(t, fs.files, len(first))

	fs.failAfter = 1
	var err error
	for _, l := range frontier[5000:] {
		if err = w.ProcessElement(ctx, l, func(int, string) {}); err != nil {
			break
		}
	}
	require.ErrorContains(t, err, "disk full")
	kept := slices.Sorted(maps.Keys(fs.files))
	slices.Sort(first)
	require.Equal(t, first, kept, "the first bundle's files, and no other")
}

// TestMergeDamagedRun: a run cut short, or naming a shard out of order or
// range, fails the merge with the run's name rather than lose or invent
// lines.
func TestMergeDamagedRun(t *testing.T) {
	lim := bundleLimits{stream: 1 << 20, bundle: 1 << 20, kept: 1 << 20, open: 0, openCompressed: 0, runs: 100}
	for _, c := range []struct {
		name   string
		damage func([]byte) []byte
		want   string
	}{
		{"cut", func(b []byte) []byte { return b[:len(b)-1] }, "unexpected EOF"},
		{"cut in a head", func(b []byte) []byte { return append(b, 0x80) }, "unexpected EOF"},
		{"out of order", func(b []byte) []byte { return append(b, 0, 2, 'x', '\n') }, "shard 0 after shard 1"},
		{"out of range", func(b []byte) []byte { return append(b, 9, 2, 'x', '\n') }, "a record of shard 9 of 2, 2 bytes"},
	} {
		fs := &countFS{memFS: newMemFS()}
		counting.Store(fs)
		w := &writeBundleFn{Prefix: "countfs://damaged/out", Shards: 2, lim: &lim}
		ctx := context.Background()
		for _, l := range []string{"a", "b", "c", "d", "e", "f"} {
			require.NoError(t, w.ProcessElement(ctx, l, func(int, string) {}))
		}
		require.NoError(t, w.writeAll(ctx, nil))
		require.Len(t, w.runs, 1)
		run := w.runs[0]
		fs.files[run] = c.damage(fs.files[run])
		err := w.FinishBundle(ctx, func(int, string) {})
		require.ErrorContains(t, err, run, c.name)
		require.ErrorContains(t, err, c.want, c.name)
		require.Empty(t, fs.files, "%s: the bundle's files removed", c.name)
	}
}

// TestWriteBundleFewLines: a bundle with fewer lines than shards writes
// a file for each shard that got a line, and none for the others.
func TestWriteBundleFewLines(t *testing.T) {
	fs := &countFS{memFS: newMemFS()}
	counting.Store(fs)
	ctx := context.Background()
	w := &writeBundleFn{Prefix: "countfs://few/out", Shards: 20}
	lines := []string{"https://a.example/1", "https://b.example/2", "https://c.example/3"}
	temps := map[int][]string{}
	emit := func(shard int, name string) { temps[shard] = append(temps[shard], name) }
	for _, l := range lines {
		require.NoError(t, w.ProcessElement(ctx, l, emit))
	}
	require.NoError(t, w.FinishBundle(ctx, emit))
	var got []string
	files := 0
	for _, names := range temps {
		for _, name := range names {
			files++
			b := fs.files[name]
			require.NotEmpty(t, b, "%s: a file for a shard with no line", name)
			got = append(got, strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")...)
		}
	}
	require.LessOrEqual(t, len(temps), len(lines))
	require.Equal(t, fs.made, files, "files made and not emitted")
	require.ElementsMatch(t, lines, got)
}

// runs is lines with those of a shard (of shards) in a row, so that each
// shard's buffer grows while the others wait.
func runs(lines []string, shards int) []string {
	type line struct {
		text  string
		shard uint32
	}
	sorted := make([]line, len(lines))
	for i, l := range lines {
		h := fnv.New32a()
		h.Write([]byte(l))
		sorted[i] = line{l, h.Sum32() % uint32(shards)}
	}
	slices.SortStableFunc(sorted, func(a, b line) int { return cmp.Compare(a.shard, b.shard) })
	out := make([]string, len(lines))
	for i, l := range sorted {
		out[i] = l.text
	}
	return out
}

// countFS is a Beam filesystem in memory that counts the files open for
// writing at once.
type countFS struct {
	memFS
	open, mostOpen int
	made           int // temporary files opened
	// reading counts the files open for reading, mostReading the most
	// at once.
	reading, mostReading int
	// failAfter, if not 0, is how many bytes of temporary files are
	// written before every Write fails.
	failAfter, written int
}

// counting is the countFS that "countfs://" names, one a test.
var counting atomic.Pointer[countFS]

func init() {
	filesystem.Register("countfs", func(context.Context) filesystem.Interface { return counting.Load() })
}

func (f *countFS) OpenWrite(_ context.Context, name string) (io.WriteCloser, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if strings.Contains(name, ".tmp-") {
		f.made++
		f.open++
		f.mostOpen = max(f.mostOpen, f.open)
	}
	return &countWriter{f: f, name: name}, nil
}

func (f *countFS) OpenRead(ctx context.Context, name string) (io.ReadCloser, error) {
	r, err := f.memFS.OpenRead(ctx, name)
	if err != nil {
		return nil, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.reading++
	f.mostReading = max(f.mostReading, f.reading)
	return &countReader{r, f}, nil
}

// countReader is a file of a countFS open for reading.
type countReader struct {
	io.ReadCloser
	f *countFS
}

func (r *countReader) Close() error {
	r.f.mu.Lock()
	defer r.f.mu.Unlock()
	r.f.reading--
	return r.ReadCloser.Close()
}

type countWriter struct {
	f    *countFS
	name string
	buf  bytes.Buffer
}

func (w *countWriter) Write(b []byte) (int, error) {
	w.f.mu.Lock()
	defer w.f.mu.Unlock()
	if w.f.failAfter != 0 && strings.Contains(w.name, ".tmp-") {
		if w.f.written += len(b); w.f.written > w.f.failAfter {
			return 0, errors.New("disk full")
		}
	}
	return w.buf.Write(b)
}

func (w *countWriter) Close() error {
	w.f.mu.Lock()
	defer w.f.mu.Unlock()
	if strings.Contains(w.name, ".tmp-") {
		w.f.open--
	}
	w.f.put(w.name, w.buf.Bytes())
	return nil
}
