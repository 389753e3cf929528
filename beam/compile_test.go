package robotsbeam

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/robotsdfa/robotsdfa/internal/robotsdir"
	"github.com/stretchr/testify/require"
)

// TestCompileAsCommandLine (google, rfc): Compile of the sample's
// robots.txt files makes a store that answers the sample frontier as the
// store robotsdfa compile -robots-dir makes of the same files, line for
// line; its counters count each distinct body and each host once.
func TestCompileAsCommandLine(t *testing.T) {
	dir := "../testdata/corpus/robots"
	ents, err := os.ReadDir(dir)
	require.NoError(t, err)
	var records []HostBody
	distinct := map[string]bool{}
	for _, e := range ents {
		name, ok := strings.CutSuffix(e.Name(), ".txt")
		if !ok {
			continue
		}
		body, err := os.ReadFile(filepath.Join(dir, e.Name()))
		require.NoError(t, err)
		records = append(records, HostBody{Host: robotsdir.FileHost(name), Body: body})
		distinct[string(body)] = true
	}
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

			want, _ := run(t, "filter", "-pack", cliStore, "-agent", "googlebot", "-explain", "-q", urls)
			got, _ := run(t, "filter", "-pack", beamStore, "-agent", "googlebot", "-explain", "-q", urls)
			require.Equal(t, want, got)
			require.Greater(t, strings.Count(got, "disallowed\t"), 100)
		})
	}
}
