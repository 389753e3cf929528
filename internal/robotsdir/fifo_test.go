//go:build linux || darwin

package robotsdir_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/robotsdfa/robotsdfa/internal/robotsdir"
	"github.com/stretchr/testify/require"
)

// TestScanPassesOverPipes: a named pipe among the files, or a symbolic
// link to one, is passed over with why, as grep -r passes over it, so
// that no reader of the listing blocks opening it; a link to a regular
// file is read.
func TestScanPassesOverPipes(t *testing.T) {
	dir := t.TempDir()
	at := func(name string) string { return filepath.Join(dir, name) }
	require.NoError(t, syscall.Mkfifo(at("a.example.txt"), 0o644))
	require.NoError(t, syscall.Mkfifo(at(".pipe"), 0o644))
	require.NoError(t, os.WriteFile(at("b.example.txt"), []byte("User-agent: *\n"), 0o644))
	require.NoError(t, os.Symlink(at("a.example.txt"), at("c.example.txt")))
	require.NoError(t, os.Symlink(at("b.example.txt"), at("d.example.txt")))
	require.NoError(t, syscall.Mkfifo(at("E.example.txt"), 0o644))

	var own []string
	spelt, skipped, err := robotsdir.Scan(dir, func(key string) { own = append(own, key) })
	require.NoError(t, err)
	require.ElementsMatch(t, []string{"b.example", "d.example"}, own)
	require.Empty(t, spelt)
	require.Equal(t, []robotsdir.Skipped{
		{"E.example.txt", "a named pipe, not a file to read"},
		{"a.example.txt", "a named pipe, not a file to read"},
		{"c.example.txt", "a named pipe, not a file to read"},
	}, skipped)

	require.Equal(t, "a named pipe", robotsdir.Irregular(at("a.example.txt")))
	require.Equal(t, "a named pipe", robotsdir.Irregular(at("c.example.txt")), "through the link")
	require.Empty(t, robotsdir.Irregular(at("d.example.txt")))
	require.Empty(t, robotsdir.Irregular(dir))
	require.Empty(t, robotsdir.Irregular(at("missing.example.txt")), "the read names a missing file")
}
