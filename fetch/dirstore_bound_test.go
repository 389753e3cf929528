package fetch

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDirStoreFileBound: Get reads only a regular file within the bound
// (anything else is an error, not a hang or an allocation of the file's
// size), and Put refuses an entry past it, keeping it in memory; an entry
// at the bound itself reads back.
func TestDirStoreFileBound(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	st, err := OpenDirStore(dir, 1<<20, 0)
	require.NoError(t, err)
	require.EqualValues(t, MaxEntryFileBytes, st.maxFile)

	o := Origin("https://example.com")
	e := Entry{Blob: make([]byte, 300), Good: true}
	file, err := json.Marshal(dirEntry{o, e})
	require.NoError(t, err)
	st.maxFile = int64(len(file))
	require.NoError(t, st.Put(ctx, o, e))

	fresh := func() *DirStore { // a restart: nothing in memory
		s, err := OpenDirStore(dir, 1<<20, 0)
		require.NoError(t, err)
		s.maxFile = int64(len(file))
		return s
	}
	got, ok, err := fresh().Get(ctx, o)
	require.NoError(t, err)
	require.True(t, ok, "an entry of exactly the bound reads back")
	require.Equal(t, e.Blob, got.Blob)

	path := st.path(o)
	require.NoError(t, os.WriteFile(path, append(file, ' '), 0o644))
	_, ok, err = fresh().Get(ctx, o)
	require.ErrorContains(t, err, "past the bound")
	require.False(t, ok)

	require.NoError(t, os.Remove(path))
	require.NoError(t, os.Mkdir(path, 0o755))
	_, ok, err = fresh().Get(ctx, o)
	require.ErrorContains(t, err, "not a regular file")
	require.False(t, ok)
	require.NoError(t, os.Remove(path))

	big := Entry{Blob: make([]byte, 301), Good: true}
	err = st.Put(ctx, o, big)
	require.ErrorContains(t, err, "kept in memory only")
	_, err = os.Stat(path)
	require.ErrorIs(t, err, os.ErrNotExist, "no file written")
	entries, err := os.ReadDir(filepath.Dir(path))
	require.NoError(t, err)
	require.Empty(t, entries, "no temporary file left")
	got, ok, err = st.Get(ctx, o)
	require.NoError(t, err)
	require.True(t, ok, "the refused entry is served from memory")
	require.Len(t, got.Blob, 301)
}
