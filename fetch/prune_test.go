package fetch

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestDirStorePrune: the entries last written before the cutoff go, with
// the old temporary files of writes that never finished; the others stay,
// and so does every file the store did not write.
func TestDirStorePrune(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s, err := OpenDirStore(dir, 1<<20, 0)
	require.NoError(t, err)
	c := &Client{Store: s}
	origins := []string{"https://old.example", "https://new.example", "https://also-new.example"}
	for _, o := range origins {
		_, _, err := c.FromResponse(ctx, Response{URL: o + "/robots.txt", StatusCode: 200, Body: []byte("User-agent: *\nDisallow: /x\n")})
		require.NoError(t, err)
	}
	now := time.Now()
	old := s.path(Origin(origins[0]))
	info, err := os.Stat(old)
	require.NoError(t, err)
	require.NoError(t, os.Chtimes(old, now.Add(-10*24*time.Hour), now.Add(-10*24*time.Hour)))

	shard := filepath.Dir(old)
	plant := func(path string, age time.Duration) {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte("x"), 0o644))
		require.NoError(t, os.Chtimes(path, now.Add(-age), now.Add(-age)))
	}
	month := 30 * 24 * time.Hour
	staleTemp := filepath.Join(shard, entryTempPrefix+"123")
	plant(staleTemp, month)
	freshTemp := filepath.Join(shard, entryTempPrefix+"456")
	plant(freshTemp, 0)
	foreign := []string{ // old, but not the store's: kept
		filepath.Join(dir, "README"),
		filepath.Join(shard, "notes.json"),
		filepath.Join(shard, "0123456789abcdef.json"), // not in its shard
		filepath.Join(shard, filepath.Base(shard)+"ghijklmnopqrst.json"),
		filepath.Join(dir, "zz", "zzxxxxxxxxxxxxxx.json"),
		filepath.Join(dir, "zz", "ffffffffffffffff.json"),
		filepath.Join(dir, "abc", "abcdef0123456789.json"),
	}
	for _, f := range foreign {
		plant(f, month)
	}

	st, err := s.Prune(ctx, now.Add(-7*24*time.Hour))
	require.NoError(t, err)
	require.Equal(t, PruneStats{Removed: 1, Kept: 2, Temporary: 1, Bytes: info.Size() + 1}, st)
	require.NoFileExists(t, old)
	require.NoFileExists(t, staleTemp)
	require.FileExists(t, freshTemp)
	for _, f := range foreign {
		require.FileExists(t, f)
	}

	// A crawler started after the prune fetches the old origin again and
	// answers the others from the directory.
	fresh, err := OpenDirStore(dir, 1<<20, 0)
	require.NoError(t, err)
	for i, o := range origins {
		_, found, err := fresh.Get(ctx, Origin(o))
		require.NoError(t, err)
		require.Equal(t, i > 0, found, o)
	}

	// Pruned again at once: nothing is old.
	st, err = s.Prune(ctx, now.Add(-7*24*time.Hour))
	require.NoError(t, err)
	require.Equal(t, PruneStats{Kept: 2}, st)

	// A cutoff in the future takes every entry and the temporary file.
	st, err = s.Prune(ctx, now.Add(time.Hour))
	require.NoError(t, err)
	require.Equal(t, 2, st.Removed)
	require.Equal(t, 1, st.Temporary)

	canceled, cancel := context.WithCancel(ctx)
	cancel()
	_, err = s.Prune(canceled, now)
	require.ErrorIs(t, err, context.Canceled)

	_, err = (&DirStore{dir: filepath.Join(dir, "missing")}).Prune(ctx, now)
	require.ErrorContains(t, err, "fetch: cache: ")
}
