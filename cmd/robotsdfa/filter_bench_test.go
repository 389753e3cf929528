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
// whole run's time over its lines. The frontier comes in each of
// frontierForms, and as a tab-separated file read with -field 1 (field).
func BenchmarkFilter(b *testing.B) {
	c, err := benchCorpus()
	require.NoError(b, err)
	b.Logf("corpus: %s", c.name)
	pack := filepath.Join(b.TempDir(), "corpus.pack")
	r := robotsdfa(b, nil, "compile", "-robots-dir", c.robots, "-hosts", c.hosts, "-o", pack)
	require.Equal(b, exitOK, r.code, r.stderr)
	in, n := benchFrontier(b, c)
	for _, form := range frontierForms {
		b.Run(form.name, func(b *testing.B) {
			stdin := form.of(b, in)
			b.SetBytes(int64(len(in)))
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				var errb bytes.Buffer
				e := &env{stdin: bytes.NewReader(stdin), stdout: io.Discard, stderr: &errb}
				if code := run(e, []string{"filter", "-pack", pack, "-agent", "googlebot"}); code != exitOK {
					b.Fatal(errb.String())
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/line")
		})
	}
	// The plain frontier with a field after each URL, read with -field 1.
	b.Run("field", func(b *testing.B) {
		tsv := bytes.ReplaceAll(in, []byte("\n"), []byte("\t1\n"))
		b.SetBytes(int64(len(tsv)))
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			var errb bytes.Buffer
			e := &env{stdin: bytes.NewReader(tsv), stdout: io.Discard, stderr: &errb}
			if code := run(e, []string{"filter", "-pack", pack, "-agent", "googlebot", "-field", "1"}); code != exitOK {
				b.Fatal(errb.String())
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/line")
	})
}

// BenchmarkReadURLs reads BenchmarkFilter's frontier through openInput and
// discards it: what a filter's reading goroutine spends on decompression
// alone, which no worker shares (plain text is left out: there is
// nothing to measure in copying a reader in memory).
func BenchmarkReadURLs(b *testing.B) {
	c, err := benchCorpus()
	require.NoError(b, err)
	in, _ := benchFrontier(b, c)
	for _, form := range frontierForms[1:] {
		b.Run(form.name, func(b *testing.B) {
			data := form.of(b, in)
			b.SetBytes(int64(len(in)))
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				src, err := openInput(&env{stdin: bytes.NewReader(data)}, "-", nil)
				require.NoError(b, err)
				got, err := io.Copy(io.Discard, src.r)
				require.NoError(b, err)
				require.NoError(b, src.close())
				require.Equal(b, int64(len(in)), got)
			}
		})
	}
}

// benchFrontier is the corpus's URL lists, every line, repeated to at
// least two million lines, one URL a line; n is its count of lines.
func benchFrontier(b *testing.B, c filterCorpus) (in []byte, n int) {
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
	for n < 2_000_000 {
		in = append(in, one.Bytes()...)
		n += lines
	}
	return in, n
}

// frontierForms are the forms a crawler's URL lists come in: plain text,
// gzip and zstd, compressed before the timer starts (bytes/s counts the
// plain text in all three).
var frontierForms = []struct {
	name string
	of   func(b *testing.B, plain []byte) []byte
}{
	{"plain", func(b *testing.B, p []byte) []byte { return p }},
	{"gzip", func(b *testing.B, p []byte) []byte { z, err := gzipBytes(p); require.NoError(b, err); return z }},
	{"zstd", func(b *testing.B, p []byte) []byte { z, err := zstdBytes(p); require.NoError(b, err); return z }},
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
