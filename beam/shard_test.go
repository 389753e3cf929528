package robotsbeam

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
	"github.com/stretchr/testify/require"
)

// TestWriteSharded: every line once in exactly the shards asked for, each
// shard with its share, and no temporary file left.
func TestWriteSharded(t *testing.T) {
	lines := strings.Split(strings.TrimSuffix(sampleFrontier(t), "\n"), "\n")
	lines = append(lines, "", "a line\r", lines[0]) // an empty line, a CR, a repeat
	for _, shards := range []int{1, 7} {
		out := filepath.Join(t.TempDir(), "out")
		p, s := beam.NewPipelineWithRoot()
		WriteSharded(s, out, shards, beam.CreateList(s, lines))
		require.NoError(t, ptest.Run(p))
		sameLines(t, sortedLines(strings.Join(lines, "\n")+"\n"), shardLines(t, out, shards))
		temps, err := filepath.Glob(out + ".tmp-*")
		require.NoError(t, err)
		require.Empty(t, temps)
		// Lines go to shards by hash, not by bundle: every shard gets
		// its share.
		for i := range shards {
			b, err := os.ReadFile(fmt.Sprintf("%s-%05d-of-%05d", out, i, shards))
			require.NoError(t, err)
			require.Greater(t, bytes.Count(b, []byte("\n")), len(lines)/(2*shards), "shard %d", i)
		}
	}
}

// TestWriteShardedEmpty: shards that get no line are written, empty.
func TestWriteShardedEmpty(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	p, s := beam.NewPipelineWithRoot()
	WriteSharded(s, out, 5, beam.CreateList(s, []string{"only line"}))
	require.NoError(t, ptest.Run(p))
	require.Equal(t, []string{"only line"}, shardLines(t, out, 5))
}

// TestWriteShardedFailingClose: a temporary file whose Close fails (on
// gs://, where the upload is committed) fails the pipeline with that
// file's name and error, rather than the lines it held going missing.
func TestWriteShardedFailingClose(t *testing.T) {
	lines := []string{"a", "b", "c", "d"}
	p, s := beam.NewPipelineWithRoot()
	WriteSharded(s, "closefails://out/lines", 2, beam.CreateList(s, lines))
	err := ptest.Run(p)
	require.ErrorContains(t, err, "closefails://out/lines.tmp-")
	require.ErrorContains(t, err, "close refused")

	// A compressed bundle file whose frame cannot be written: its
	// compressor's Close meets the error, which fails the pipeline.
	p, s = beam.NewPipelineWithRoot()
	WriteSharded(s, "closefails://out/writefails.zst", 2, beam.CreateList(s, lines))
	err = ptest.Run(p)
	require.ErrorContains(t, err, "closefails://out/writefails.zst.tmp-")
	require.ErrorContains(t, err, "write refused")
}

// closeFails is a Beam filesystem whose temporary files (".tmp-") cannot
// be closed, or with "writefails" in their names cannot be written, and
// whose files with "listfails" in their names cannot be closed; the rest
// is kept in memory.
type closeFails struct{ memFS }

var failing = &closeFails{newMemFS()}

func init() {
	filesystem.Register("closefails", func(context.Context) filesystem.Interface { return failing })
}

func (f *closeFails) OpenWrite(_ context.Context, name string) (io.WriteCloser, error) {
	return &closeFailsWriter{f: f, name: name}, nil
}

type closeFailsWriter struct {
	f    *closeFails
	name string
	buf  bytes.Buffer
}

func (w *closeFailsWriter) Write(b []byte) (int, error) {
	if strings.Contains(w.name, "writefails") && strings.Contains(w.name, ".tmp-") {
		return 0, errors.New("write refused")
	}
	return w.buf.Write(b)
}

func (w *closeFailsWriter) Close() error {
	if strings.Contains(w.name, ".tmp-") && !strings.Contains(w.name, "writefails") || strings.Contains(w.name, "listfails") {
		return errors.New("close refused")
	}
	w.f.mu.Lock()
	defer w.f.mu.Unlock()
	w.f.put(w.name, w.buf.Bytes())
	return nil
}

// TestWriteShardedCompressed: a prefix ending in .zst or .gz writes
// shards named with the extension last, each a stream of whole frames
// (members) that decompresses to its lines, an empty shard to nothing,
// and ReadLines reads them back.
func TestWriteShardedCompressed(t *testing.T) {
	lines := strings.Split(strings.TrimSuffix(sampleFrontier(t), "\n"), "\n")
	for _, ext := range []string{".zst", ".gz"} {
		dir := t.TempDir()
		out := filepath.Join(dir, "out.txt"+ext)
		p, s := beam.NewPipelineWithRoot()
		WriteSharded(s, out, 3, beam.CreateList(s, lines))
		require.NoError(t, ptest.Run(p))
		raw, all := compressedShards(t, filepath.Join(dir, "out.txt"), 3, ext)
		require.Less(t, raw, len(all)/2, "compressed")
		sameLines(t, sortedLines(strings.Join(lines, "\n")+"\n"), sortedLines(all))
		temps, err := filepath.Glob(out + ".tmp-*")
		require.NoError(t, err)
		require.Empty(t, temps)

		back := filepath.Join(dir, "back")
		p, s = beam.NewPipelineWithRoot()
		WriteSharded(s, back, 1, ReadLines(s, filepath.Join(dir, "out.txt-*-of-00003"+ext)))
		require.NoError(t, ptest.Run(p))
		sameLines(t, sortedLines(strings.Join(lines, "\n")+"\n"), shardLines(t, back, 1))

		// Shards with no line are one empty frame each.
		empty := filepath.Join(dir, "empty"+ext)
		p, s = beam.NewPipelineWithRoot()
		WriteSharded(s, empty, 4, beam.CreateList(s, []string{"only line"}))
		require.NoError(t, ptest.Run(p))
		_, got := compressedShards(t, filepath.Join(dir, "empty"), 4, ext)
		require.Equal(t, "only line\n", got)
	}
}

// compressedShards reads the n compressed shards of base (the prefix
// without its extension ext): their bytes in all, and their text joined.
// No shard is empty: one with no line is an empty frame.
func compressedShards(t *testing.T, base string, n int, ext string) (int, string) {
	t.Helper()
	raw := 0
	var all strings.Builder
	for i := range n {
		name := fmt.Sprintf("%s-%05d-of-%05d%s", base, i, n, ext)
		b, err := os.ReadFile(name)
		require.NoError(t, err)
		require.NotEmpty(t, b, name)
		raw += len(b)
		all.WriteString(decompressed(t, name, b))
	}
	return raw, all.String()
}

// decompressed is a compressed shard's text; every frame must be whole.
func decompressed(t *testing.T, name string, b []byte) string {
	t.Helper()
	var r io.Reader
	if strings.HasSuffix(name, ".gz") {
		g, err := gzip.NewReader(bytes.NewReader(b))
		require.NoError(t, err)
		r = g
	} else {
		d, err := zstd.NewReader(bytes.NewReader(b))
		require.NoError(t, err)
		defer d.Close()
		r = d
	}
	plain, err := io.ReadAll(r)
	require.NoError(t, err, name)
	return string(plain)
}

// Two bundles' compressed temporary files joined into one shard
// decompress to both bundles' lines: frames (members) joined as they are.
func TestGatherCompressedBundles(t *testing.T) {
	ctx := context.Background()
	for _, ext := range []string{".zst", ".gz"} {
		prefix := filepath.Join(t.TempDir(), "out"+ext)
		var temps []string
		for _, bundle := range [][]string{{"a", "b", "c"}, {"d", "e"}} {
			w := &writeBundleFn{Prefix: prefix, Shards: 1}
			emit := func(_ int, name string) { temps = append(temps, name) }
			for _, l := range bundle {
				require.NoError(t, w.ProcessElement(ctx, l, emit))
			}
			require.NoError(t, w.FinishBundle(ctx, emit))
		}
		require.Len(t, temps, 2)
		i := 0
		g := &gatherShardFn{Prefix: prefix, Shards: 1}
		require.NoError(t, g.ProcessElement(ctx, 0, func(name *string) bool {
			if i == len(temps) {
				return false
			}
			*name = temps[i]
			i++
			return true
		}))
		name := strings.TrimSuffix(prefix, ext) + "-00000-of-00001" + ext
		b, err := os.ReadFile(name)
		require.NoError(t, err)
		require.Equal(t, []string{"a", "b", "c", "d", "e"}, sortedLines(decompressed(t, name, b)))
	}
}
