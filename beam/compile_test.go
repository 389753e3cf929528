package robotsbeam

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/robotsdir"
	"github.com/robotsdfa/robotsdfa/store"
	"github.com/stretchr/testify/require"
)

// TestCompileAsCommandLine (google, rfc): Compile of the sample's
// robots.txt files makes a store that answers the sample frontier as the
// store robotsdfa compile -robots-dir makes of the same files, line for
// line; its counters count each distinct body and each host once.
func TestCompileAsCommandLine(t *testing.T) {
	dir := "../testdata/corpus/robots"
	records := sampleRecords(t, dir)
	distinct := map[string]bool{}
	cut := 0
	for _, r := range records {
		if !distinct[string(r.Body)] && len(r.Body) > compile.DefaultMaxBytes {
			cut++
		}
		distinct[string(r.Body)] = true
	}
	require.Equal(t, 1, cut, "the sample's one robots.txt over 500 KiB")
	urls := filepath.Join(t.TempDir(), "urls.txt")
	frontierLines := sampleFrontier(t)
	require.NoError(t, os.WriteFile(urls, []byte(frontierLines), 0o644))
	for _, mode := range []string{"google", "rfc"} {
		t.Run(mode, func(t *testing.T) {
			tmp := t.TempDir()
			cliStore, beamStore := filepath.Join(tmp, "cli.store"), filepath.Join(tmp, "beam.store")
			run(t, "compile", "-mode", mode, "-robots-dir", dir, "-o", cliStore)

			p, s := beam.NewPipelineWithRoot()
			Compile(s, beam.CreateList(s, records), beamStore, CompileOptions{RFC: mode == "rfc"})
			res, err := ptest.RunWithMetrics(p)
			require.NoError(t, err)
			counters := map[string]int64{}
			for _, r := range res.Metrics().AllMetrics().Counters() {
				counters[r.Key.Name] += r.Result()
			}
			require.Equal(t, int64(len(distinct)), counters["files_compiled"])
			require.Equal(t, int64(len(records)), counters["hosts_stored"])
			require.Equal(t, int64(cut), counters["files_cut"], "the bodies over compile.DefaultMaxBytes")

			want, _ := run(t, "filter", "-pack", cliStore, "-agent", "googlebot", "-explain", "-q", urls)
			got, _ := run(t, "filter", "-pack", beamStore, "-agent", "googlebot", "-explain", "-q", urls)
			require.Equal(t, want, got)
			require.Greater(t, strings.Count(got, "disallowed\t"), 100)
		})
	}
}

// TestCompileToAnotherFilesystem: Compile writes a store to a path on a
// Beam filesystem (here memfs, as gs:// on Dataflow) through a local file
// it removes, and the store there answers as the command line's; a
// filesystem that cannot be written fails the pipeline.
func TestCompileToAnotherFilesystem(t *testing.T) {
	dir := "../testdata/corpus/robots"
	records := sampleRecords(t, dir)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	p, s := beam.NewPipelineWithRoot()
	Compile(s, beam.CreateList(s, records), "memfs://robots/compiled.store", CompileOptions{})
	require.NoError(t, ptest.Run(p))
	left, err := os.ReadDir(tmp)
	require.NoError(t, err)
	require.Empty(t, left, "the local file outlives the copy")

	ctx := context.Background()
	fs, err := filesystem.New(ctx, "memfs://robots/compiled.store")
	require.NoError(t, err)
	defer fs.Close()
	r, err := fs.OpenRead(ctx, "memfs://robots/compiled.store")
	require.NoError(t, err)
	data, err := io.ReadAll(r)
	require.NoError(t, err)
	r.Close()
	out := t.TempDir()
	copied, cliStore := filepath.Join(out, "copied.store"), filepath.Join(out, "cli.store")
	require.NoError(t, os.WriteFile(copied, data, 0o644))
	run(t, "compile", "-robots-dir", dir, "-o", cliStore)
	urls := filepath.Join(out, "urls.txt")
	require.NoError(t, os.WriteFile(urls, []byte(sampleFrontier(t)), 0o644))
	want, _ := run(t, "filter", "-pack", cliStore, "-agent", "googlebot", "-explain", "-q", urls)
	got, _ := run(t, "filter", "-pack", copied, "-agent", "googlebot", "-explain", "-q", urls)
	require.Equal(t, want, got)

	p, s = beam.NewPipelineWithRoot()
	Compile(s, beam.CreateList(s, records), "nosuchfs://robots/compiled.store", CompileOptions{})
	require.ErrorContains(t, ptest.Run(p), "robotsdfa: nosuchfs://robots/compiled.store")
	left, err = os.ReadDir(tmp)
	require.NoError(t, err)
	require.Empty(t, left, "the local file of a copy that failed")
}

// TestCompileBlobBound: a robots.txt whose blob is over MaxBlobBytes fails
// the pipeline, naming its hosts, and writes no store; at the bound, the
// store is written and answers for it.
func TestCompileBlobBound(t *testing.T) {
	body := []byte("user-agent: *\ndisallow: /private\n")
	blob, err := compile.Compile(body, compile.Options{}).AppendBinary(nil)
	require.NoError(t, err)
	records := []HostBody{{"a.example", body}, {"b.example", body}}
	path := filepath.Join(t.TempDir(), "bound.store")
	p, s := beam.NewPipelineWithRoot()
	Compile(s, beam.CreateList(s, records), path, CompileOptions{MaxBlobBytes: int64(len(blob) - 1)})
	err = ptest.Run(p)
	require.Error(t, err)
	require.Regexp(t, `the robots.txt of (a.example, b.example|b.example, a.example): robotsdfa store: blob too large: a blob of \d+ bytes, over the bound of \d+`, err.Error())
	require.NoFileExists(t, path)

	p, s = beam.NewPipelineWithRoot()
	Compile(s, beam.CreateList(s, records), path, CompileOptions{MaxBlobBytes: int64(len(blob))})
	require.NoError(t, ptest.Run(p))
	st, err := store.Open(path, store.Options{MaxBlobBytes: int64(len(blob))})
	require.NoError(t, err)
	defer st.Close()
	allowed, err := st.Agent("bot").Allowed("https://b.example/private")
	require.NoError(t, err)
	require.False(t, allowed)
}

// sampleRecords is the host and body of each robots.txt of dir.
func sampleRecords(t *testing.T, dir string) []HostBody {
	t.Helper()
	ents, err := os.ReadDir(dir)
	require.NoError(t, err)
	var records []HostBody
	for _, e := range ents {
		name, ok := strings.CutSuffix(e.Name(), ".txt")
		if !ok {
			continue
		}
		body, err := os.ReadFile(filepath.Join(dir, e.Name()))
		require.NoError(t, err)
		records = append(records, HostBody{Host: robotsdir.FileHost(name), Body: body})
	}
	return records
}
