package main

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/stretchr/testify/require"
)

// TestCacheGrowsWhenHostsComeBack: filter -pack's store cache stays at its
// start while each host comes once, grows (up to -cache-mb) when the
// frontier comes back to hosts it dropped, and then loads none again. All
// of it within one chunk: the growth does not wait for the next.
func TestCacheGrowsWhenHostsComeBack(t *testing.T) {
	const hosts = 2000
	pack := hostsPack(t, hosts)
	defer func(b int64) { startCacheBytes = b }(startCacheBytes)
	startCacheBytes = 256 << 10
	round := func(s *storeSource, wk *worker) {
		for i := range hosts {
			url := fmt.Sprintf("https://h%d.example/private-%d/x", i, i)
			tg := s.target(url, wk)
			require.NotNil(t, tg)
			require.False(t, tg.m.Allowed(url))
		}
	}

	once, err := openStoreSource(pack, []string{"bot"}, false, compile.Google, 64<<20)
	require.NoError(t, err)
	defer once.st.Close()
	wk := &worker{}
	once.startChunk(wk)
	round(once, wk)
	require.Equal(t, startCacheBytes, once.cacheBytes, "each host once: no growth")
	require.Greater(t, once.st.CacheStats().Evictions, int64(0))

	back, err := openStoreSource(pack, []string{"bot"}, false, compile.Google, 64<<20)
	require.NoError(t, err)
	defer back.st.Close()
	wk = &worker{}
	back.startChunk(wk)
	for range 4 {
		round(back, wk)
	}
	require.Greater(t, back.cacheBytes, startCacheBytes, "hosts came back: the cache grew")
	c := back.st.CacheStats()
	require.Less(t, c.Reloads, int64(2*hosts), "grown in the second round, not after")
	round(back, wk)
	require.Equal(t, c.Loads, back.st.CacheStats().Loads, "grown, it holds them all")
	require.LessOrEqual(t, back.cacheBytes, int64(64<<20))
}

// hostsPack compiles a pack of hosts h0.example … h<n-1>.example, host i
// disallowing /private-i/ but /private-i/open, each file its own blob.
func hostsPack(t *testing.T, n int) string {
	t.Helper()
	dir := t.TempDir()
	for i := range n {
		body := fmt.Sprintf("User-agent: *\nDisallow: /private-%d/\nAllow: /private-%d/open\n", i, i)
		require.NoError(t, os.WriteFile(filepath.Join(dir, fmt.Sprintf("h%d.example.txt", i)), []byte(body), 0o644))
	}
	pack := filepath.Join(t.TempDir(), "hosts.pack")
	r := robotsdfa(t, nil, "compile", "-robots-dir", dir, "-o", pack)
	require.Equal(t, exitOK, r.code, r.stderr)
	return pack
}

// TestCacheKeepsItsSizeForAFewReturns: a frontier that comes back to a
// few of the hosts it dropped (fewer than reloadsToGrow), however close
// together, does not grow the cache: growth is for one that keeps coming
// back, whose reloads would cost more than the memory.
func TestCacheKeepsItsSizeForAFewReturns(t *testing.T) {
	const hosts, returns = 2000, reloadsToGrow - 6
	pack := hostsPack(t, hosts)
	defer func(b int64) { startCacheBytes = b }(startCacheBytes)
	startCacheBytes = 256 << 10
	s, err := openStoreSource(pack, []string{"bot"}, false, compile.Google, 64<<20)
	require.NoError(t, err)
	defer s.st.Close()
	wk := &worker{}
	s.startChunk(wk)
	for i := range hosts + returns {
		url := fmt.Sprintf("https://h%d.example/private-%d/x", i%hosts, i%hosts)
		tg := s.target(url, wk)
		require.NotNil(t, tg)
		require.False(t, tg.m.Allowed(url))
	}
	c := s.st.CacheStats()
	require.Greater(t, c.Reloads, int64(returns/2), "most of the first hosts were dropped, and came back")
	require.Less(t, c.Reloads, int64(reloadsToGrow))
	require.Equal(t, startCacheBytes, s.cacheBytes, "a few returns: no growth")
}
