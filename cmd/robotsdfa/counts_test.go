package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCount(t *testing.T) {
	require.Equal(t, "0 files", count(0, "file"))
	require.Equal(t, "1 file", count(1, "file"))
	require.Equal(t, "2 files", count(2, "file"))
	require.Equal(t, "1,000 files", count(int64(1000), "file"))
	require.Equal(t, "1 automaton", count(1, "automaton", "automata"))
	require.Equal(t, "31 automata", count(31, "automaton", "automata"))
}

// TestSummariesOfOne: a run over one file, one host and one line says so
// in the singular, in every command's summary.
func TestSummariesOfOne(t *testing.T) {
	dir := t.TempDir()
	robots := filepath.Join(dir, "robots")
	require.NoError(t, os.Mkdir(robots, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(robots, "a.example.txt"), []byte("User-agent: *\nDisallow: /x\n"), 0o644))
	pack := filepath.Join(dir, "a.pack")

	r := robotsdfa(t, nil, "compile", "-o", filepath.Join(dir, "a.blob"), filepath.Join(robots, "a.example.txt"))
	require.Equal(t, 0, r.code, r.stderr)
	require.Regexp(t, `: [\d,]+ bytes, 1 merged group, 1 automaton, \d+ states\n$`, r.stderr)

	r = robotsdfa(t, nil, "compile", "-robots-dir", robots, "-o", pack)
	require.Equal(t, 0, r.code, r.stderr)
	require.Regexp(t, `: 1 file \(\d+ bytes, google mode\), 1 host → \S+: 1 distinct blob of [\d,]+ bytes, `, r.stderr)

	r = robotsdfa(t, nil, "inspect", pack)
	require.Contains(t, r.stdout, ": pack v3, 1 host, 1 distinct blob (0 rfc mode), ")

	r = robotsdfa(t, []byte("https://a.example/x\n"), "filter", "-pack", pack, "-agent", "bot")
	require.Equal(t, 0, r.code, r.stderr)
	require.Regexp(t, `filter: 1 line in [\d.]+s .*: 0 allowed, 1 disallowed, 0 unusable; 1 host: 1 in the pack, 0 not \(allowed\), 0 unreadable; the pack's cache: 1 load, 0 evictions`, r.stderr)

	r = robotsdfa(t, []byte("https://a.example/x\nbad\nbad\n"), "filter", "-robots-dir", robots, "-agent", "bot", "-skip", "1")
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stderr, ": 2 lines in ")
	require.Contains(t, r.stderr, "; 1 line before them passed over (-skip)")
}
