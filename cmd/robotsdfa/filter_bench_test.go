package main

import (
	"bytes"
	"io"
	"path/filepath"
	"testing"

	"github.com/robotsdfa/robotsdfa/bench/workload"
	"github.com/robotsdfa/robotsdfa/internal/testcorpus"
	"github.com/stretchr/testify/require"
)

// BenchmarkFilter runs the main job in the process: filter -pack over a
// frontier of at least two million lines (the corpus's URL lists, every
// line, repeated), allowed URLs written and discarded, with the default
// workers (one per core). The shared corpus is used when it is there, else
// the testdata sample. Each run includes reading the pack; ns/line is the
// whole run's time over its lines.
func BenchmarkFilter(b *testing.B) {
	c, err := benchCorpus()
	require.NoError(b, err)
	b.Logf("corpus: %s", c.name)
	pack := filepath.Join(b.TempDir(), "corpus.pack")
	r := robotsdfa(b, nil, "compile", "-robots-dir", c.robots, "-hosts", c.hosts, "-o", pack)
	require.Equal(b, exitOK, r.code, r.stderr)
	var one bytes.Buffer
	lines := 0
	for _, f := range c.urls {
		ls, err := workload.ReadLines(f)
		require.NoError(b, err)
		for _, l := range ls {
			one.WriteString(l)
			one.WriteByte('\n')
		}
		lines += len(ls)
	}
	var in []byte
	n := 0
	for n < 2_000_000 {
		in = append(in, one.Bytes()...)
		n += lines
	}
	b.SetBytes(int64(len(in)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var errb bytes.Buffer
		e := &env{stdin: bytes.NewReader(in), stdout: io.Discard, stderr: &errb}
		if code := run(e, []string{"filter", "-pack", pack, "-agent", "googlebot"}); code != exitOK {
			b.Fatal(errb.String())
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/line")
}

// filterCorpus is where BenchmarkFilter's files are: the robots.txt
// directory, the host table and the URL lists.
type filterCorpus struct {
	name, robots, hosts string
	urls                []string
}

// benchCorpus is the shared corpus when present, else the sample.
func benchCorpus() (filterCorpus, error) {
	dir, ok := testcorpus.SharedDir()
	if !ok {
		return filterCorpus{"testdata sample", sampleRobots, sampleHosts, []string{sampleURLs}}, nil
	}
	w, err := workload.Shared(dir)
	if err != nil {
		return filterCorpus{}, err
	}
	return filterCorpus{w.Name, w.Robots, filepath.Join(dir, "robots-hosts.tsv"), w.URLs}, nil
}
