package main

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/stretchr/testify/require"
)

// workerHostsPack is hostsPack's size for the worker's map tests: enough
// hosts that a 256 KiB cache drops some.
const workerHostsPack = 2000

// workerHostsSource is filter -pack's source over hostsPack's
// workerHostsPack hosts, its cache at cacheBytes.
func workerHostsSource(t *testing.T, cacheBytes int64) *storeSource {
	t.Helper()
	s, err := openStoreSource(hostsPack(t, workerHostsPack), []string{"bot"}, false, compile.Google, 64<<20)
	require.NoError(t, err)
	t.Cleanup(func() { s.st.Close() })
	s.st.Resize(cacheBytes)
	return s
}

// askHost has the worker look up host i's URLs (i < 0: -i-1 is a host the
// pack does not hold), checking each verdict, and returns the target of
// the first.
func askHost(t *testing.T, s *storeSource, wk *worker, i int) *target {
	t.Helper()
	if i < 0 {
		url := fmt.Sprintf("https://absent%d.example/private-0/x", -i-1)
		tg := s.target(url, wk)
		require.NotNil(t, tg)
		require.True(t, tg.missing, url)
		require.True(t, tg.m.Allowed(url), url)
		return tg
	}
	closed := fmt.Sprintf("https://h%d.example/private-%d/x", i, i)
	tg := s.target(closed, wk)
	require.NotNil(t, tg)
	require.False(t, tg.missing, closed)
	require.False(t, tg.m.Allowed(closed), closed)
	open := fmt.Sprintf("https://h%d.example/private-%d/open", i, i)
	require.True(t, s.target(open, wk).m.Allowed(open), open)
	return tg
}

// TestWorkerHostsKept: while the store drops nothing, a worker's map keeps
// every host it met, those without a robots.txt too, and serves them from
// the next chunk on: the same targets, the same verdicts.
func TestWorkerHostsKept(t *testing.T) {
	s := workerHostsSource(t, 64<<20)

	wk := &worker{}
	s.startChunk(wk)
	require.True(t, wk.calm, "nothing dropped: the map serves")
	first := map[int]*target{}
	for i := -100; i < workerHostsPack; i++ {
		first[i] = askHost(t, s, wk, i)
	}
	require.Zero(t, s.st.CacheStats().Evictions)
	require.Len(t, wk.local, workerHostsPack+100, "every host kept, with or without a robots.txt")
	require.Same(t, &missingTarget, first[-1], "hosts without a robots.txt share one target")

	s.startChunk(wk)
	require.True(t, wk.calm)
	for i := -100; i < workerHostsPack; i++ {
		require.Same(t, first[i], askHost(t, s, wk, i), "host %d: from the map", i)
	}
}

// TestWorkerHostsDropped: once the store drops a robots.txt, a worker's map
// takes no more Matchers in that chunk (what it holds was in the cache at
// once), is emptied at the next chunk's start, and serves no chunk that
// begins after a drop; the verdicts stay the store's.
func TestWorkerHostsDropped(t *testing.T) {
	s := workerHostsSource(t, 256<<10)

	wk := &worker{}
	s.startChunk(wk)
	require.True(t, wk.calm)
	dropped := -1 // the first host asked after a drop
	for i := range workerHostsPack {
		if dropped < 0 && s.st.CacheStats().Evictions > 0 {
			dropped = i
		}
		askHost(t, s, wk, i)
		askHost(t, s, wk, -i-1)
	}
	require.Positive(t, dropped, "a 256 KiB cache drops some of the hosts")
	for i := range workerHostsPack {
		_, kept := wk.local[fmt.Sprintf("h%d.example", i)]
		require.Equal(t, i < dropped-1, kept, "host %d: kept only before the first drop (host %d)", i, dropped)
		_, kept = wk.local[fmt.Sprintf("absent%d.example", i)]
		require.True(t, kept, "a host without a robots.txt holds nothing and is kept")
	}

	s.startChunk(wk)
	require.False(t, wk.calm, "robots.txt dropped in the chunk before")
	require.Empty(t, wk.local)
	for i := range workerHostsPack {
		askHost(t, s, wk, i)
		askHost(t, s, wk, -i-1)
	}
	require.Empty(t, wk.local, "not calm: nothing kept")
}

// TestWorkerHostsFull: a map of maxLocalHosts hosts is emptied at the
// next chunk, which it does not serve.
func TestWorkerHostsFull(t *testing.T) {
	pack := hostsPack(t, 10)
	s, err := openStoreSource(pack, []string{"bot"}, false, compile.Google, 64<<20)
	require.NoError(t, err)
	defer s.st.Close()

	wk := &worker{local: map[string]*target{}}
	for i := range maxLocalHosts - 1 {
		wk.local[fmt.Sprintf("filler%d.example", i)] = &missingTarget
	}
	s.startChunk(wk)
	require.True(t, wk.calm, "one place left")
	askHost(t, s, wk, 3)
	require.Len(t, wk.local, maxLocalHosts)
	s.startChunk(wk)
	require.False(t, wk.calm)
	require.Empty(t, wk.local)
	askHost(t, s, wk, 3)
	require.Empty(t, wk.local)
	s.startChunk(wk)
	require.True(t, wk.calm, "emptied, it serves again")
}

// TestWorkerHostsRefused: a host whose blob the store refuses (here,
// compiled for other agents) is asked of the store once while the map
// serves, however often its URLs come back between another host's: its
// refusal is kept, not decompressed and counted as a miss again.
func TestWorkerHostsRefused(t *testing.T) {
	dir := t.TempDir()
	for _, h := range []string{"a.example", "b.example"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, h+".txt"), []byte("User-agent: *\nDisallow: /x\n"), 0o644))
	}
	pack := filepath.Join(t.TempDir(), "other.pack")
	r := robotsdfa(t, nil, "compile", "-robots-dir", dir, "-agent", "otherbot", "-o", pack)
	require.Equal(t, exitOK, r.code, r.stderr)
	s, err := openStoreSource(pack, []string{"bot"}, false, compile.Google, 64<<20)
	require.NoError(t, err)
	defer s.st.Close()
	wk := &worker{}
	s.startChunk(wk)
	require.True(t, wk.calm)
	for range 50 {
		for _, h := range []string{"a.example", "b.example"} {
			tg := s.target("https://"+h+"/x", wk)
			require.NotNil(t, tg)
			require.Contains(t, tg.problem, "robots.txt of "+h+": ")
		}
	}
	require.Equal(t, int64(2), s.st.CacheStats().Misses, "each host asked once")
}
