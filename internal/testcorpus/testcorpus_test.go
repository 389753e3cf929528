package testcorpus

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSharedDir: $ROBOTSDFA_CORPUS names the shared corpus when it holds a
// robots directory; unset, the corpus beside the repository is looked for.
// (A SharedDir that never finds it would skip the full-corpus tests in
// silence.)
func TestSharedDir(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("ROBOTSDFA_CORPUS", dir)
	got, ok := SharedDir()
	require.Equal(t, dir, got)
	require.False(t, ok, "no robots directory")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "robots"), nil, 0o644))
	_, ok = SharedDir()
	require.False(t, ok, "robots is a file")
	require.NoError(t, os.Remove(filepath.Join(dir, "robots")))
	require.NoError(t, os.Mkdir(filepath.Join(dir, "robots"), 0o755))
	got, ok = SharedDir()
	require.Equal(t, dir, got)
	require.True(t, ok)

	t.Setenv("ROBOTSDFA_CORPUS", "")
	root, err := Root()
	require.NoError(t, err)
	got, _ = SharedDir()
	require.Equal(t, filepath.Join(root, "..", "shared", "corpus"), got)
}

// TestReadDir: every regular file, in name order; directories are left.
func TestReadDir(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"b.txt", "a.txt", "c.txt"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(name), 0o644))
	}
	require.NoError(t, os.Mkdir(filepath.Join(dir, "d"), 0o755))
	files, err := ReadDir(dir)
	require.NoError(t, err)
	require.Equal(t, []File{{"a.txt", []byte("a.txt")}, {"b.txt", []byte("b.txt")}, {"c.txt", []byte("c.txt")}}, files)
}
