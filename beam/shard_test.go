package robotsbeam

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
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
}

// closeFails is a Beam filesystem whose temporary files (".tmp-") cannot
// be closed; the rest is kept in memory.
type closeFails struct {
	mu    sync.Mutex
	files map[string][]byte
}

var failing = &closeFails{files: map[string][]byte{}}

func init() {
	filesystem.Register("closefails", func(context.Context) filesystem.Interface { return failing })
}

func (f *closeFails) List(_ context.Context, glob string) ([]string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var names []string
	for n := range f.files {
		if ok, _ := path.Match(glob, n); ok {
			names = append(names, n)
		}
	}
	return names, nil
}

func (f *closeFails) OpenRead(_ context.Context, name string) (io.ReadCloser, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	b, ok := f.files[name]
	if !ok {
		return nil, fmt.Errorf("closefails: %s: not found", name)
	}
	return io.NopCloser(bytes.NewReader(b)), nil
}

func (f *closeFails) OpenWrite(_ context.Context, name string) (io.WriteCloser, error) {
	return &closeFailsWriter{f: f, name: name}, nil
}

func (f *closeFails) Size(_ context.Context, name string) (int64, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return int64(len(f.files[name])), nil
}

func (f *closeFails) Close() error { return nil }

type closeFailsWriter struct {
	f    *closeFails
	name string
	buf  bytes.Buffer
}

func (w *closeFailsWriter) Write(b []byte) (int, error) { return w.buf.Write(b) }

func (w *closeFailsWriter) Close() error {
	if strings.Contains(w.name, ".tmp-") {
		return errors.New("close refused")
	}
	w.f.mu.Lock()
	defer w.f.mu.Unlock()
	w.f.files[w.name] = w.buf.Bytes()
	return nil
}
