package robotsbeam

import (
	"bytes"
	"context"
	"fmt"
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
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/memfs"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/robotsdfa/robotsdfa/bench/workload"
	"github.com/robotsdfa/robotsdfa/internal/testexec"
	"github.com/stretchr/testify/require"
)

// cli is robotsdfa, built from this module's copy of the root for the
// tests: the pipeline is held to its filter.
var cli string

func TestMain(m *testing.M) {
	for _, a := range os.Args[1:] {
		if strings.HasPrefix(a, "-test.fuzzworker") {
			// A fuzz worker runs FuzzReadParts in process: no command
			// to build, no runner.
			os.Exit(m.Run())
		}
	}
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
	cmd, _ := testexec.Command(t, cli, args...)
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

// shardLines is the lines of WriteSharded's n files at prefix, sorted.
func shardLines(t *testing.T, prefix string, n int) []string {
	t.Helper()
	files, err := filepath.Glob(fmt.Sprintf("%s-*-of-%05d", prefix, n))
	require.NoError(t, err)
	require.Len(t, files, n)
	var got strings.Builder
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		got.Write(b)
	}
	return sortedLines(got.String())
}

func sortedLines(s string) []string {
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	slices.Sort(lines)
	return lines
}

// TestFilterAsCommandLine (google, rfc): the pipeline on the direct runner
// gives robotsdfa filter -pack's lines (sorted: Beam keeps no order) on
// the sample frontier (zstd) and a plain file of odd lines (CRLF, empty, a path, a
// control byte, a tab, a host without a key between two lines of one host), with -verdicts, -explain and
// -missing disallow, in both modes, and its counters equal filter's
// summary.
func TestFilterAsCommandLine(t *testing.T) {
	dir := t.TempDir()
	frontierFile := "../testdata/frontier/urls.txt.zst" // through ReadLines's own reader; odd.txt through textio
	odd := filepath.Join(dir, "odd.txt")
	require.NoError(t, os.WriteFile(odd, []byte("https://en.wikipedia.org/w/index.php\r\n\n/a/path\nhttps://en.wikipedia.org/\x01x\nhttp://./\nhttps://no-robots.example/x\nhttps://../x\nhttps://no-robots.example/y\nhttps://en.wikipedia.org/wiki/Go\r\nhttps://en.wikipedia.org/wiki/Go\t1\n"), 0o644))
	summary := regexp.MustCompile(`\b([\d,]+) allowed, ([\d,]+) disallowed, ([\d,]+) unusable; ([\d,]+) hosts: ([\d,]+) in the pack, ([\d,]+) not \([^)]*\), ([\d,]+) unreadable`)
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
				lines := beam.Flatten(s, ReadLines(s, frontierFile), ReadLines(s, odd))
				WriteSharded(s, out, 3, Filter(s, lines, opts))
				res, err := ptest.RunWithMetrics(p)
				require.NoError(t, err)
				require.Equal(t, sortedLines(want), shardLines(t, out, 3))

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
				for i, name := range []string{"allowed", "disallowed", "unusable", "", "hosts_in_store", "hosts_not_in_store", "hosts_unreadable"} {
					if name == "" {
						continue // all hosts: the sum of the three
					}
					n, err := strconv.ParseInt(strings.ReplaceAll(m[i+1], ",", ""), 10, 64)
					require.NoError(t, err, m[i+1])
					require.Equal(t, n, counters[name], name)
				}
				require.NotZero(t, counters["hosts_not_in_store"])
			})
		}
	}
}

// TestHostsOncePerBundle: the Filter DoFn sends each host to the host
// counters once a bundle, and again in the next bundle, whose outputs do
// not depend on an earlier bundle's (which a runner may have retried
// elsewhere).
func TestHostsOncePerBundle(t *testing.T) {
	pack := filepath.Join(t.TempDir(), "sample.store")
	run(t, "compile", "-robots-dir", "../testdata/corpus/robots", "-hosts", "../testdata/corpus/hosts.tsv", "-o", pack)
	f := &filterFn{Store: pack, Tokens: []string{"googlebot"}, Missing: "allow"}
	ctx := context.Background()
	require.NoError(t, f.Setup(ctx))
	defer f.Teardown()
	var hosts []string
	emit, host := func(string) {}, func(h string) { hosts = append(hosts, h) }
	bundle := func(lines ...string) {
		f.StartBundle(emit, host)
		for _, l := range lines {
			require.NoError(t, f.ProcessElement(ctx, l, emit, host))
		}
	}
	wiki, none := "https://en.wikipedia.org/wiki/A", "https://no-robots.example/"
	bundle(wiki, wiki, none, wiki, "HTTPS://EN.WIKIPEDIA.ORG:443/B", none)
	require.Equal(t, []string{"pen.wikipedia.org", "nno-robots.example"}, hosts)
	bundle(none, wiki)
	require.Equal(t, []string{"pen.wikipedia.org", "nno-robots.example", "nno-robots.example", "pen.wikipedia.org"}, hosts)
}

// TestStoreOnAnotherFilesystem: a store on a Beam filesystem (here
// memfs://) is copied to local disk at Setup, answers as the local one,
// and leaves no copy behind even if the runner never calls Teardown.
func TestStoreOnAnotherFilesystem(t *testing.T) {
	pack := filepath.Join(t.TempDir(), "sample.store")
	run(t, "compile", "-robots-dir", "../testdata/corpus/robots", "-hosts", "../testdata/corpus/hosts.tsv", "-o", pack)
	b, err := os.ReadFile(pack)
	require.NoError(t, err)
	memfs.Write("memfs://robots/sample.store", b)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	f := &filterFn{Store: "memfs://robots/sample.store", Tokens: []string{"googlebot"}, Verdicts: true, Missing: "allow"}
	ctx := context.Background()
	require.NoError(t, f.Setup(ctx))
	left, err := os.ReadDir(tmp)
	require.NoError(t, err)
	require.Empty(t, left, "the local copy outlives Setup")
	var out []string
	emit := func(s string) { out = append(out, s) }
	require.NoError(t, f.ProcessElement(ctx, "https://en.wikipedia.org/w/index.php?title=Special:Search", emit, func(string) {}))
	require.NoError(t, f.ProcessElement(ctx, "https://en.wikipedia.org/wiki/Go", emit, func(string) {}))
	require.Equal(t, []string{"disallowed\thttps://en.wikipedia.org/w/index.php?title=Special:Search", "allowed\thttps://en.wikipedia.org/wiki/Go"}, out)
	require.NoError(t, f.Teardown())

	// A copy that does not open as a store fails Setup and is removed.
	memfs.Write("memfs://robots/damaged.store", b[:len(b)/2])
	f = &filterFn{Store: "memfs://robots/damaged.store", Tokens: []string{"googlebot"}, Missing: "allow"}
	require.ErrorContains(t, f.Setup(ctx), "robotsdfa: ")
	left, err = os.ReadDir(tmp)
	require.NoError(t, err)
	require.Empty(t, left, "the copy of a store that did not open")
	// Teardown after a Setup that failed (or none) has nothing to close.
	require.NoError(t, f.Teardown())
}

// TestMissingChecked: an Options.Missing that is neither verdict fails
// Setup before the store is copied, as robotsdfa filter -missing refuses
// it.
func TestMissingChecked(t *testing.T) {
	ctx := context.Background()
	for _, missing := range []string{"deny", "Allow", ""} {
		f := &filterFn{Store: "memfs://robots/none.store", Tokens: []string{"googlebot"}, Missing: missing}
		require.ErrorContains(t, f.Setup(ctx), fmt.Sprintf(`Options.Missing is "allow" or "disallow", not %q`, missing))
		require.Nil(t, f.shared)
		require.NoError(t, f.Teardown())
	}
}

// TestFieldAsCommandLine: with Options.Field the pipeline reads the URL
// from a tab-separated field and writes the whole line, as robotsdfa
// filter -field does: the sample frontier with its line numbers beside
// each URL, and lines with too few fields or a bad URL in the field.
func TestFieldAsCommandLine(t *testing.T) {
	dir := t.TempDir()
	pack := filepath.Join(dir, "sample.store")
	run(t, "compile", "-robots-dir", "../testdata/corpus/robots", "-hosts", "../testdata/corpus/hosts.tsv", "-o", pack)
	var tsv strings.Builder
	for i, u := range strings.Split(strings.TrimSuffix(sampleFrontier(t), "\n"), "\n") {
		fmt.Fprintf(&tsv, "%d\t%s\tx\n", i, u)
	}
	tsv.WriteString("1\n\n2\t/a/path\n3\thttps://no-robots.example/y\r\n4\thttps://en.wikipedia.org/w/x\t\n")
	in := filepath.Join(dir, "frontier.tsv")
	require.NoError(t, os.WriteFile(in, []byte(tsv.String()), 0o644))
	for _, c := range []struct {
		flags []string
		opts  Options
	}{
		{[]string{"-explain"}, Options{Explain: true}},
		{nil, Options{}},
	} {
		want, _ := run(t, append(append([]string{"filter", "-pack", pack, "-agent", "googlebot", "-q", "-field", "2"}, c.flags...), in)...)
		require.Contains(t, want, "https://no-robots.example/y")
		opts := c.opts
		opts.Store, opts.Agent, opts.Field = pack, "googlebot", 2
		out := filepath.Join(t.TempDir(), "out")
		p, s := beam.NewPipelineWithRoot()
		WriteSharded(s, out, 2, Filter(s, ReadLines(s, in), opts))
		require.NoError(t, ptest.Run(p))
		require.Equal(t, sortedLines(want), shardLines(t, out, 2))
	}

	f := &filterFn{Store: "memfs://robots/none.store", Tokens: []string{"googlebot"}, Missing: "allow", Field: -1}
	require.ErrorContains(t, f.Setup(context.Background()), "Options.Field must not be negative, not -1")
}
