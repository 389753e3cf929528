package robotsbeam

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/store"
	"github.com/stretchr/testify/require"
)

// TestParseRecords: JSON lines {"host", "body" or "body_base64"} become
// the hosts' records (a CR before the line end dropped, empty and blank
// lines skipped, a body in base64 byte for byte), and
// Compile makes a store of them; a line that is not such a record fails
// the pipeline with the line's start.
func TestParseRecords(t *testing.T) {
	lines := []string{
		`{"host": "a.example", "body": "User-agent: *\nDisallow: /a\n"}` + "\r",
		"",
		"  \t",
		`{"host": "B.example:8080", "body": "User-agent: *\nDisallow: /b\n", "fetched": "2026-11-27"}`,
		`{"host": "empty.example", "body": ""}`,
		// "Disallow: /caf\xe9" (Latin-1), which no JSON string holds.
		`{"host": "latin1.example", "body_base64": "VXNlci1hZ2VudDogKgpEaXNhbGxvdzogL2NhZuk="}`,
	}
	st := compileStore(t, func(s beam.Scope) beam.PCollection {
		return ParseRecords(s, beam.CreateList(s, lines))
	})
	require.Equal(t, 4, st.Hosts())
	requireVerdict(t, st, "https://a.example/a", false)
	requireVerdict(t, st, "https://a.example/b", true)
	requireVerdict(t, st, "https://b.example:8080/b", false)
	requireVerdict(t, st, "https://empty.example/a", true)
	requireVerdict(t, st, "https://latin1.example/caf%E9", false)
	requireVerdict(t, st, "https://latin1.example/caf%C3%A9", true)

	for _, bad := range []string{
		`{"host": "", "body": "x"}`,
		`{"body": "x"}`,
		`{"host": "h.example"}`,
		`{"host": "h.example", "body": 3}`,
		`not json at all`,
		`{"host": "h.example", "body": "x", "body_base64": "eA=="}`,
	} {
		p, s := beam.NewPipelineWithRoot()
		Compile(s, ParseRecords(s, beam.CreateList(s, []string{lines[0], bad})), filepath.Join(t.TempDir(), "x.store"), CompileOptions{})
		require.ErrorContains(t, ptest.Run(p), `robotsdfa: not a {"host", "body" or "body_base64"} record: `+quote80(bad), bad)
	}
	p, s := beam.NewPipelineWithRoot()
	Compile(s, ParseRecords(s, beam.CreateList(s, []string{`{"host": "h.example", "body_base64": "not base64!"}`})), filepath.Join(t.TempDir(), "x.store"), CompileOptions{})
	require.ErrorContains(t, ptest.Run(p), "robotsdfa: body_base64 of h.example: illegal base64 data")
}

// TestReadBodies: each (host, path) becomes the host and its file's body,
// read on the workers no further than Compile reads; a file that cannot
// be read fails the pipeline with its path.
func TestReadBodies(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.txt")
	require.NoError(t, os.WriteFile(a, []byte("User-agent: *\nDisallow: /a\n"), 0o644))
	// A rule past the 500 KiB Compile reads by default.
	big := filepath.Join(dir, "big.txt")
	require.NoError(t, os.WriteFile(big, []byte("User-agent: *\n"+strings.Repeat("# filler\n", 60000)+"Disallow: /late\n"), 0o644))
	files := []HostFile{{"a.example", a}, {"also-a.example", a}, {"big.example", big}}
	st := compileStore(t, func(s beam.Scope) beam.PCollection {
		return ReadBodies(s, beam.CreateList(s, files), CompileOptions{})
	})
	require.Equal(t, 3, st.Hosts())
	require.Equal(t, 2, st.Contents(), "one body, stored once")
	requireVerdict(t, st, "https://also-a.example/a", false)
	requireVerdict(t, st, "https://big.example/late", true)
	var got []byte
	require.NoError(t, (&readBodyFn{}).ProcessElement(context.Background(), HostFile{"big.example", big}, func(b HostBody) { got = b.Body }))
	require.Len(t, got, compile.DefaultMaxBytes+1, "read no further than Compile")

	path := filepath.Join(t.TempDir(), "all.store")
	p, s := beam.NewPipelineWithRoot()
	all := CompileOptions{MaxBytes: -1}
	Compile(s, ReadBodies(s, beam.CreateList(s, files), all), path, all)
	require.NoError(t, ptest.Run(p))
	whole, err := store.Open(path, store.Options{})
	require.NoError(t, err)
	defer whole.Close()
	requireVerdict(t, whole, "https://big.example/late", false)

	missing := filepath.Join(dir, "missing.txt")
	p, s = beam.NewPipelineWithRoot()
	Compile(s, ReadBodies(s, beam.CreateList(s, []HostFile{{"a.example", a}, {"m.example", missing}}), CompileOptions{}), filepath.Join(dir, "x.store"), CompileOptions{})
	require.ErrorContains(t, ptest.Run(p), "robotsdfa: "+missing)
}

// compileStore runs Compile on the records records makes and opens the
// store it writes.
func compileStore(t *testing.T, records func(beam.Scope) beam.PCollection) *store.Store {
	t.Helper()
	path := filepath.Join(t.TempDir(), "records.store")
	p, s := beam.NewPipelineWithRoot()
	Compile(s, records(s), path, CompileOptions{})
	require.NoError(t, ptest.Run(p))
	st, err := store.Open(path, store.Options{})
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	return st
}

func requireVerdict(t *testing.T, st *store.Store, url string, allowed bool) {
	t.Helper()
	got, err := st.Agent("examplebot").Allowed(url)
	require.NoError(t, err, url)
	require.Equal(t, allowed, got, url)
}

// quote80 is how ParseRecords shows a line: %.80q.
func quote80(s string) string { return fmt.Sprintf("%.80q", s) }
