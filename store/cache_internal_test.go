package store

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/stretchr/testify/require"
)

// TestCacheHoldsOnlyWhatIsCached: after many hosts' checks through a small
// cache, the store holds no more contents than it has loaded, and the
// cache's estimate stays within its bound less the slots' share.
func TestCacheHoldsOnlyWhatIsCached(t *testing.T) {
	path := filepath.Join(t.TempDir(), "many.store")
	w, err := Create(path)
	require.NoError(t, err)
	const hosts = 3000
	for i := range hosts {
		body := fmt.Appendf(nil, "User-agent: *\nDisallow: /private-%d/\nAllow: /private-%d/open\n", i, i)
		require.NoError(t, w.AddRobotsTxt(fmt.Sprintf("h%d.example", i), body, func(b []byte) ([]byte, error) {
			return compile.Compile(b, compile.Options{}).AppendBinary(nil)
		}))
	}
	require.NoError(t, w.Close())
	const bound = 512 << 10
	s, err := Open(path, Options{CacheBytes: bound})
	require.NoError(t, err)
	defer s.Close()
	require.Equal(t, bound-int64(len(s.slots))*slotBytes, s.loadedBytes)
	a := s.Agent("bot")
	for round := range 2 {
		for i := range hosts {
			res, err := a.Check(fmt.Sprintf("https://h%d.example/private-%d/x", i, i))
			require.NoError(t, err)
			require.False(t, res.Allowed, "host %d, round %d", i, round)
		}
	}
	st := s.CacheStats()
	require.Greater(t, st.Evictions, int64(hosts))
	require.LessOrEqual(t, st.Bytes, s.loadedBytes)
	// The second round came back to hosts the first had dropped.
	require.Equal(t, st.Loads-int64(hosts), st.Reloads)
	s.mu.Lock()
	require.Equal(t, len(s.ring), len(s.contents), "contents held beyond those loaded")
	for _, c := range s.ring {
		require.Same(t, c, s.contents[c.id])
	}
	s.mu.Unlock()

	// Resized to hold them all, a third and a fourth round load each
	// host at most once more, and drop none.
	s.Resize(64 << 20)
	for range 2 {
		for i := range hosts {
			_, err := a.Check(fmt.Sprintf("https://h%d.example/x", i))
			require.NoError(t, err)
		}
	}
	after := s.CacheStats()
	require.Equal(t, st.Evictions, after.Evictions)
	require.LessOrEqual(t, after.Loads-st.Loads, int64(hosts))
	// And shrunk back, it drops down to the bound at once.
	s.Resize(bound)
	require.LessOrEqual(t, s.CacheStats().Bytes, max(int64(bound)/2, bound-int64(len(s.slots))*slotBytes))
}

// TestSlotBindsOnceThenDerives: a host's first check binds its Matcher
// without the screens (AgentOnce), its second with them, and later
// checks find that one in the slot, counting no miss.
func TestSlotBindsOnceThenDerives(t *testing.T) {
	path := filepath.Join(t.TempDir(), "one.store")
	w, err := Create(path)
	require.NoError(t, err)
	require.NoError(t, w.AddRobotsTxt("a.example", []byte("User-agent: *\nDisallow: /p\nAllow: /p/q\n"), func(b []byte) ([]byte, error) {
		return compile.Compile(b, compile.Options{}).AppendBinary(nil)
	}))
	require.NoError(t, w.Close())
	s, err := Open(path, Options{})
	require.NoError(t, err)
	defer s.Close()
	a := s.Agent("bot")
	slot := func() *hostSlot {
		key := []byte("a.example")
		hs := s.slots[slotHash(key)&s.mask].Load()
		require.NotNil(t, hs)
		return hs
	}
	for i, want := range []struct {
		once   bool
		misses int64
	}{{true, 1}, {false, 2}, {false, 2}} {
		res, err := a.Check("https://a.example/p/x")
		require.NoError(t, err)
		require.False(t, res.Allowed)
		require.Equal(t, want.once, slot().once, "check %d", i+1)
		require.Equal(t, want.misses, s.CacheStats().Misses, "check %d", i+1)
	}
	require.Equal(t, int64(1), s.CacheStats().Loads)
	// A host the store does not hold: its first check misses, and the
	// slot remembers it, so that the next counts none (CacheStats.Misses).
	for _, want := range []int64{3, 3} {
		_, err := a.Check("https://b.example/p")
		require.ErrorIs(t, err, ErrNotFound)
		require.Equal(t, want, s.CacheStats().Misses)
	}
}
