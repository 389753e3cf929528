package robotsbeam

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
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
