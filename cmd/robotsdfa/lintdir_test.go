package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLintDirectory: lint of a directory is lint of the robots.txt files
// filter -robots-dir reads from it, in name order: the sample directory
// as its 300 files named one by one, text and -json; a stray entry is
// named in a warning; a directory with no such file is an error.
func TestLintDirectory(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(sampleRobots, "*.txt"))
	require.NoError(t, err)
	require.Len(t, files, 300)
	for _, flags := range [][]string{nil, {"-json"}} {
		byName := robotsdfa(t, nil, append(append([]string{"lint"}, flags...), files...)...)
		byDir := robotsdfa(t, nil, append(append([]string{"lint"}, flags...), sampleRobots)...)
		require.Equal(t, byName.code, byDir.code)
		require.Equal(t, byName.stdout, byDir.stdout)
		require.Empty(t, byDir.stderr)
	}

	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "B.example.txt"), []byte("user-agent: *\nfoo bar baz\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.example.txt"), []byte("user-agent: *\ndisallow: /x\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "notes.md"), nil, 0o644))
	r := robotsdfa(t, nil, "lint", dir)
	require.Equal(t, exitFound, r.code, r.stderr)
	b := strings.Index(r.stdout, filepath.Join(dir, "B.example.txt")+`:2: warning: not a "key: value" line`)
	a := strings.Index(r.stdout, filepath.Join(dir, "a.example.txt")+":1: note: ")
	require.True(t, b >= 0 && a > b, "both files, in name order:\n%s", r.stdout)
	require.Contains(t, r.stderr, `robotsdfa lint: warning: `+dir+`: 1 entry not read as a host's robots.txt: "notes.md" (not a <host>.txt file)`)

	empty := t.TempDir()
	r = robotsdfa(t, nil, "lint", empty)
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, empty+": no <host>.txt files")
}
