package robotsbeam

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/stretchr/testify/require"
)

// TestFilterMissingAsCommandLine: FilterMissing's hosts, written by
// WriteHostList, are robotsdfa filter -missing-hosts' file byte for byte,
// its lines unchanged; a frontier whose hosts the store all holds gives
// an empty file.
func TestFilterMissingAsCommandLine(t *testing.T) {
	dir := t.TempDir()
	frontierFile := "../testdata/frontier/urls.txt.zst"
	odd := filepath.Join(dir, "odd.txt")
	require.NoError(t, os.WriteFile(odd, []byte("https://no-robots.example/x\nhttps://en.wikipedia.org/wiki/Go\nhttps://NO-ROBOTS.example./y\nhttp://other.example:8080/z\n"), 0o644))
	pack := filepath.Join(dir, "google.store")
	run(t, "compile", "-robots-dir", "../testdata/corpus/robots", "-hosts", "../testdata/corpus/hosts.tsv", "-o", pack)
	wantList := filepath.Join(dir, "want.txt")
	want, _ := run(t, "filter", "-pack", pack, "-agent", "googlebot", "-q", "-o", filepath.Join(dir, "want-lines.txt"), "-missing-hosts", wantList, frontierFile, odd)
	require.Empty(t, want)
	wantHosts, err := os.ReadFile(wantList)
	require.NoError(t, err)
	require.Contains(t, string(wantHosts), "no-robots.example\nother.example:8080\n")

	out, list := filepath.Join(dir, "out"), filepath.Join(dir, "missing.txt")
	p, s := beam.NewPipelineWithRoot()
	lines, missing := FilterMissing(s, beam.Flatten(s, ReadLines(s, frontierFile), ReadLines(s, odd)), Options{Store: pack, Agent: "googlebot"})
	WriteSharded(s, out, 2, lines)
	WriteHostList(s, list, missing)
	require.NoError(t, ptest.Run(p))
	got, err := os.ReadFile(list)
	require.NoError(t, err)
	require.Equal(t, string(wantHosts), string(got))
	wantLines, err := os.ReadFile(filepath.Join(dir, "want-lines.txt"))
	require.NoError(t, err)
	require.Equal(t, sortedLines(string(wantLines)), shardLines(t, out, 2))

	// Every host in the store: the list is written, empty.
	p, s = beam.NewPipelineWithRoot()
	_, missing = FilterMissing(s, beam.Create(s, "https://en.wikipedia.org/wiki/Go"), Options{Store: pack, Agent: "googlebot"})
	empty := filepath.Join(dir, "empty.txt")
	WriteHostList(s, empty, missing)
	require.NoError(t, ptest.Run(p))
	got, err = os.ReadFile(empty)
	require.NoError(t, err)
	require.Empty(t, got)
}

// A host list whose file cannot be closed (on gs://, where the upload is
// committed) fails the pipeline, naming it.
func TestWriteHostListFailingClose(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	WriteHostList(s, "closefails://out/listfails.txt", beam.Create(s, "a.example"))
	err := ptest.Run(p)
	require.ErrorContains(t, err, "closefails://out/listfails.txt: close refused")
}
