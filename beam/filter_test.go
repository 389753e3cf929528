package robotsbeam

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/robotsdfa/robotsdfa/bench/workload"
	"github.com/stretchr/testify/require"
)

// cli is robotsdfa, built from this module's copy of the root for the
// tests: the pipeline is held to its filter.
var cli string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "robotsdfa-beam")
	if err != nil {
		panic(err)
	}
	cli = filepath.Join(dir, "robotsdfa")
	if out, err := exec.Command("go", "build", "-o", cli, "github.com/robotsdfa/robotsdfa/cmd/robotsdfa").CombinedOutput(); err != nil {
		panic(string(out))
	}
	code := ptest.MainRetWithDefault(m, "direct")
	os.RemoveAll(dir)
	os.Exit(code)
}

// run runs robotsdfa with args; it returns standard output and error.
func run(t *testing.T, args ...string) (string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	cmd := exec.Command(cli, args...)
	cmd.Stdout, cmd.Stderr = &out, &errb
	require.NoError(t, cmd.Run(), errb.String())
	return out.String(), errb.String()
}

// sampleFrontier is the sample frontier's lines, newline-terminated.
func sampleFrontier(t *testing.T) string {
	urls, err := workload.ReadLines("../testdata/frontier/urls.txt.zst")
	require.NoError(t, err)
	return strings.Join(urls, "\n") + "\n"
}

func sortedLines(s string) []string {
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	slices.Sort(lines)
	return lines
}

// TestFilterAsCommandLine (google, rfc): the pipeline on the direct runner
// gives robotsdfa filter -pack's lines (sorted: Beam keeps no order) on
// the sample frontier and a file of odd lines (CRLF, empty, a path, a
// control byte, a host without a key), with -verdicts, -explain and
// -missing disallow, in both modes, and its counters equal filter's
// summary.
func TestFilterAsCommandLine(t *testing.T) {
	dir := t.TempDir()
	frontierFile := filepath.Join(dir, "urls.txt")
	require.NoError(t, os.WriteFile(frontierFile, []byte(sampleFrontier(t)), 0o644))
	odd := filepath.Join(dir, "odd.txt")
	require.NoError(t, os.WriteFile(odd, []byte("https://en.wikipedia.org/w/index.php\r\n\n/a/path\nhttps://en.wikipedia.org/\x01x\nhttp://./\nhttps://no-robots.example/x\nhttps://en.wikipedia.org/wiki/Go\r\n"), 0o644))
	summary := regexp.MustCompile(`(\d+) allowed, (\d+) disallowed, (\d+) unusable`)
	for _, mode := range []string{"google", "rfc"} {
		pack := filepath.Join(dir, mode+".store")
		run(t, "compile", "-mode", mode, "-robots-dir", "../testdata/corpus/robots", "-hosts", "../testdata/corpus/hosts.tsv", "-o", pack)
		for _, c := range []struct {
			name  string
			flags []string
			opts  Options
		}{
			{"verdicts", []string{"-verdicts"}, Options{Verdicts: true}},
			{"explain", []string{"-explain"}, Options{Explain: true}},
			{"allowed only, missing disallowed", []string{"-missing", "disallow"}, Options{Missing: "disallow"}},
		} {
			t.Run(mode+"/"+c.name, func(t *testing.T) {
				args := append([]string{"filter", "-pack", pack, "-agent", "googlebot", "-q"}, c.flags...)
				want, _ := run(t, append(args, frontierFile, odd)...)

				opts := c.opts
				opts.Store, opts.Agent = pack, "googlebot"
				out := filepath.Join(t.TempDir(), "out")
				p, s := beam.NewPipelineWithRoot()
				lines := beam.Flatten(s, textio.Read(s, frontierFile), textio.Read(s, odd))
				WriteSharded(s, out, 3, Filter(s, lines, opts))
				res, err := ptest.RunWithMetrics(p)
				require.NoError(t, err)
				files, err := filepath.Glob(out + "-*-of-00003")
				require.NoError(t, err)
				var got strings.Builder
				for _, f := range files {
					b, err := os.ReadFile(f)
					require.NoError(t, err)
					got.Write(b)
				}
				require.Equal(t, sortedLines(want), sortedLines(got.String()))

				// The counters, against the summary of the same run
				// without -q.
				_, stderr := run(t, append(append([]string{"filter", "-pack", pack, "-agent", "googlebot"}, c.flags...), frontierFile, odd)...)
				m := summary.FindStringSubmatch(stderr)
				require.NotNil(t, m, stderr)
				counters := map[string]int64{}
				for _, r := range res.Metrics().AllMetrics().Counters() {
					if r.Key.Namespace == "robotsdfa" {
						counters[r.Key.Name] += r.Result()
					}
				}
				for i, name := range []string{"allowed", "disallowed", "unusable"} {
					n, _ := strconv.ParseInt(m[i+1], 10, 64)
					require.Equal(t, n, counters[name], name)
				}
			})
		}
	}
}
