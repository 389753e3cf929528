package atomicfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// newFileMode is the mode os.Create gives a new file under this umask.
func newFileMode(t *testing.T) os.FileMode {
	p := filepath.Join(t.TempDir(), "probe")
	f, err := os.Create(p)
	require.NoError(t, err)
	require.NoError(t, f.Close())
	st, err := os.Stat(p)
	require.NoError(t, err)
	return st.Mode().Perm()
}

// TestCreateBeside: the file is new, in path's directory, named by the
// prefix; it has a new file's mode, or that of the file it will replace.
func TestCreateBeside(t *testing.T) {
	want := newFileMode(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "out.bin")
	f, err := CreateBeside(path, ".out-")
	require.NoError(t, err)
	require.NoError(t, f.Close())
	require.Equal(t, dir, filepath.Dir(f.Name()))
	require.True(t, strings.HasPrefix(filepath.Base(f.Name()), ".out-"), f.Name())
	st, err := os.Stat(f.Name())
	require.NoError(t, err)
	require.Equal(t, want, st.Mode().Perm(), "a new file's mode")
	require.NoError(t, os.Rename(f.Name(), path))

	require.NoError(t, os.Chmod(path, 0o640))
	g, err := CreateBeside(path, ".out-")
	require.NoError(t, err)
	require.NoError(t, g.Close())
	st, err = os.Stat(g.Name())
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o640), st.Mode().Perm(), "the mode of the file it replaces")
	require.NotEqual(t, f.Name(), g.Name())

	// A path without a directory: beside it in the working directory.
	t.Chdir(dir)
	h, err := CreateBeside("rel.bin", ".rel-")
	require.NoError(t, err)
	require.NoError(t, h.Close())
	require.True(t, strings.HasPrefix(h.Name(), ".rel-"), h.Name())
	_, err = os.Stat(filepath.Join(dir, h.Name()))
	require.NoError(t, err)

	_, err = CreateBeside(filepath.Join(dir, "no-such-dir", "x"), ".x-")
	require.Error(t, err)
}
