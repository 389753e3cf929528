package store

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCacheHoldsOnlyWhatIsCached: after many hosts' checks through a small
// cache, the store holds no more contents than it has loaded, and the
// cache's estimate stays within its bound less the slots' share.
func TestCacheHoldsOnlyWhatIsCached(t *testing.T) {
	const hosts = 3000
	path := hostsStore(t, hosts, func(i int) []byte {
		return fmt.Appendf(nil, "User-agent: *\nDisallow: /private-%d/\nAllow: /private-%d/open\n", i, i)
	})
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
	requireNoDroppedSlot(t, s)

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

// TestCacheSecondChance: a host checked again and again through a cache
// far too small for the other hosts stays loaded while each of thousands
// of others is loaded once and dropped: the clock passes over what was
// used since it last passed. The host in use is loaded first, where the
// clock's hand starts. It may be dropped at the first eviction, whose
// sweep finds every content loaded since the start, so the test counts
// from the hundredth host on.
func TestCacheSecondChance(t *testing.T) {
	const hosts, warm = 3000, 100
	path := hostsStore(t, hosts, func(i int) []byte {
		return fmt.Appendf(nil, "User-agent: *\nDisallow: /private-%d/\n", i)
	})
	s, err := Open(path, Options{CacheBytes: 256 << 10})
	require.NoError(t, err)
	defer s.Close()
	a := s.Agent("bot")
	var warmed CacheStats
	for i := 1; i < hosts; i++ {
		if i == warm {
			warmed = s.CacheStats()
			require.Positive(t, warmed.Evictions, "the cache held the first hosts: it does not test the clock")
		}
		for _, u := range []string{"https://h0.example/private-0/", fmt.Sprintf("https://h%d.example/private-%d/", i, i)} {
			ok, err := a.Allowed(u)
			require.NoError(t, err)
			require.False(t, ok, u)
		}
	}
	st := s.CacheStats()
	require.Equal(t, warmed.Reloads, st.Reloads, "the host in use was dropped")
	require.Equal(t, int64(hosts-warm), st.Loads-warmed.Loads)
}

// hostsStore writes a store of hosts h0.example, h1.example, … whose
// robots.txt bodyOf gives, and returns its path.
func hostsStore(t *testing.T, hosts int, bodyOf func(i int) []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "hosts.store")
	w, err := Create(path)
	require.NoError(t, err)
	for i := range hosts {
		require.NoError(t, w.AddRobotsTxt(fmt.Sprintf("h%d.example", i), bodyOf(i), compiled))
	}
	require.NoError(t, w.Close())
	return path
}

// requireNoDroppedSlot: no slot keeps the Matcher of a robots.txt
// dropped, which would keep it in memory past the bound.
func requireNoDroppedSlot(t *testing.T, s *Store) {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range s.slots {
		if hs := s.slots[i].Load(); hs != nil && hs.c != nil {
			require.NotNil(t, hs.c.loaded.Load(), "slot %d holds blob %d, dropped", i, hs.c.id)
		}
	}
}

// TestCacheSharedContent: hosts whose robots.txt is the same share one
// stored content; when it is dropped, the slots of all of them let go of
// it, not only the first host's.
func TestCacheSharedContent(t *testing.T) {
	const hosts = 3000
	path := hostsStore(t, hosts, func(i int) []byte {
		return fmt.Appendf(nil, "User-agent: *\nDisallow: /private-%d/\n", i/3)
	})
	s, err := Open(path, Options{CacheBytes: 256 << 10})
	require.NoError(t, err)
	defer s.Close()
	require.Equal(t, hosts/3, s.Contents())
	a := s.Agent("bot")
	for i := range hosts {
		res, err := a.Check(fmt.Sprintf("https://h%d.example/private-%d/x", i, i/3))
		require.NoError(t, err)
		require.False(t, res.Allowed, "host %d", i)
	}
	require.Positive(t, s.CacheStats().Evictions)
	requireNoDroppedSlot(t, s)
}

// TestSlotBindsOnceThenDerives: a host's first check binds its Matcher
// without the screens (AgentOnce), its second with them, and later
// checks find that one in the slot, counting no miss.
func TestSlotBindsOnceThenDerives(t *testing.T) {
	s := oneHost(t)
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

// TestAgentOnceNeverDerives: an AgentOnce's Matcher is bound without the
// screens on the first check and found in its slot by every later one,
// with Agent's verdicts.
func TestAgentOnceNeverDerives(t *testing.T) {
	s := oneHost(t)
	once, full := s.AgentOnce("bot"), s.Agent("bot")
	for i := range 3 {
		for _, url := range []string{"https://a.example/p/x", "https://a.example/p/q", "https://a.example/r"} {
			got, err := once.Check(url)
			require.NoError(t, err)
			want, err := full.Check(url)
			require.NoError(t, err)
			require.Equal(t, want, got, url)
			m, err := once.MatcherKey([]byte("a.example"))
			require.NoError(t, err)
			require.Equal(t, want.Allowed, m.Allowed(url), "check %d", i+1)
		}
	}
	before := s.CacheStats().Misses
	for range 3 {
		_, err := once.MatcherKey([]byte("a.example"))
		require.NoError(t, err)
	}
	require.Equal(t, before, s.CacheStats().Misses, "found in its slot, bound once")
	hs := s.slots[slotHash([]byte("a.example"))&s.mask].Load()
	require.True(t, hs.once)
	require.Equal(t, once.id, hs.agent)
	// A miss that finds the slot holding the host's Matcher (another
	// check published it meanwhile) binds no screens either.
	key := []byte("a.example")
	_, err := s.matcherMiss(key, slotHash(key), once, s.slotOf(key, slotHash(key)))
	require.NoError(t, err)
	require.True(t, s.slots[slotHash(key)&s.mask].Load().once)
}

// oneHost is an open store of one host, a.example (closed by the test's
// end).
func oneHost(t *testing.T) *Store {
	path := filepath.Join(t.TempDir(), "one.store")
	w, err := Create(path)
	require.NoError(t, err)
	require.NoError(t, w.AddRobotsTxt("a.example", []byte("User-agent: *\nDisallow: /p\nAllow: /p/q\n"), compiled))
	require.NoError(t, w.Close())
	s, err := Open(path, Options{})
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	return s
}

// TestSlotsTwoWays: two hosts whose hashes name the same slot both stay
// cached (a set of two ways), so that alternating checks of them miss
// once each; a third host of the set takes a way and misses once too.
func TestSlotsTwoWays(t *testing.T) {
	s := oneHost(t)
	a := s.Agent("bot")
	bySlot := map[uint64]string{}
	var keys []string
	for i := 0; len(keys) < 3; i++ {
		k := fmt.Sprintf("h%d.example", i)
		slot := slotHash([]byte(k)) & s.mask
		if len(keys) == 0 {
			if other, ok := bySlot[slot]; ok {
				keys = append(keys, other, k)
			}
			bySlot[slot] = k
			continue
		}
		if slot == slotHash([]byte(keys[0]))&s.mask {
			keys = append(keys, k)
		}
	}
	check := func(k string) {
		_, err := a.Check("https://" + k + "/p")
		require.ErrorIs(t, err, ErrNotFound)
	}
	before := s.CacheStats().Misses
	for range 10 {
		check(keys[0])
		check(keys[1])
	}
	require.Equal(t, before+2, s.CacheStats().Misses, "%v share a set of two ways", keys[:2])
	check(keys[2])
	require.Equal(t, before+3, s.CacheStats().Misses)
	check(keys[2])
	require.Equal(t, before+3, s.CacheStats().Misses, "the third took a way")
}

// TestStoreDefaults: a zero or negative bound is the default, at Open and
// at Resize; ContentBlob refuses an index outside the contents.
func TestStoreDefaults(t *testing.T) {
	path := oneHost(t).path
	for _, o := range []Options{{}, {CacheBytes: -1, MaxBlobBytes: -1}} {
		s, err := Open(path, o)
		require.NoError(t, err)
		require.Equal(t, int64(DefaultCacheBytes), s.cacheBytes)
		require.Equal(t, int64(DefaultMaxBlobBytes), s.maxBlob)
		s.Resize(1 << 20)
		require.Equal(t, int64(1<<20), s.cacheBytes)
		s.Resize(0)
		require.Equal(t, int64(DefaultCacheBytes), s.cacheBytes)
		for _, i := range []int{-1, s.Contents()} {
			_, err = s.ContentBlob(i)
			require.Error(t, err, "content %d of %d", i, s.Contents())
		}
		_, err = s.ContentBlob(s.Contents() - 1)
		require.NoError(t, err)
		s.Close()
	}
}

// TestSlotIsItsKey: a slot is a key's only if it holds the key's bytes; an
// equal hash, and an equal length, are not enough (64-bit hashes collide).
func TestSlotIsItsKey(t *testing.T) {
	for _, key := range []string{"a.example", strings.Repeat("x", slotKey), strings.Repeat("y", slotKey+1)} {
		hs := newSlot(7, []byte(key))
		require.True(t, hs.is([]byte(key), 7), "%d bytes", len(key))
		require.Equal(t, key, hs.key())
		require.False(t, hs.is([]byte(key), 8), "%d bytes, another hash", len(key))
		other := []byte(key)
		other[len(other)-1]++
		require.False(t, hs.is(other, 7), "%d bytes: the same hash and length, another key", len(key))
		require.False(t, hs.is(other[:len(other)-1], 7), "%d bytes: the same hash, a prefix", len(key))
	}
}

// TestSlotRefHolds: a place gives its slot only to the slot's own key: not
// to another key of the same hash, and not when its hash is still there but
// its slot was just cleared (clear's two steps).
func TestSlotRefHolds(t *testing.T) {
	key := []byte("a.example")
	var r slotRef
	hs := newSlot(7, key)
	r.Store(hs)
	require.Same(t, hs, r.holds(key, 7))
	require.Nil(t, r.holds([]byte("b.example"), 7), "the same hash, another key")
	require.Nil(t, r.holds(key, 8), "another hash")
	r.hs.Store(nil)
	require.Nil(t, r.holds(key, 7), "a hash left behind by a cleared slot")
}

// TestSlotCount: Open gives about one host slot per KiB of CacheBytes, a
// power of two from 2^10 to 2^20 (the slots of a large cache hold millions
// of hosts' Matchers; too few would reload them).
func TestSlotCount(t *testing.T) {
	path := oneHost(t).path
	for cacheBytes, want := range map[int64]int{0: 1 << 16, 1 << 10: 1 << 10, 3 << 20: 1 << 12, 64 << 20: 1 << 16, 8 << 30: 1 << 20} {
		s, err := Open(path, Options{CacheBytes: cacheBytes})
		require.NoError(t, err)
		require.Len(t, s.slots, want, "CacheBytes %d", cacheBytes)
		require.Equal(t, uint64(want-1), s.mask)
		s.Close()
	}
}

// TestWayFor: the way of its set a new lookup takes: the one that holds its
// key, else an empty one, else one not used since the clock passed, else
// the one its hash's high bit names, so that no way is always the victim.
func TestWayFor(t *testing.T) {
	key := []byte("k.example")
	for _, high := range []uint64{0, 1 << 63} {
		h := high | 2 // the set of slots 2 and 3
		byBit := uint32(2 + high>>63)
		for _, c := range []struct {
			name       string
			a, b       *hostSlot
			aRef, bRef bool
			want       uint32
		}{
			{"the key in the first", newSlot(h, key), newSlot(5, []byte("b")), false, false, 2},
			{"the key in the second", newSlot(5, []byte("a")), newSlot(h, key), true, true, 3},
			{"the first empty", nil, newSlot(5, []byte("b")), false, true, 2},
			{"the second empty", newSlot(5, []byte("a")), nil, false, false, 3},
			{"the first not used", newSlot(5, []byte("a")), newSlot(6, []byte("b")), false, true, 2},
			{"the second not used", newSlot(5, []byte("a")), newSlot(6, []byte("b")), true, false, 3},
			{"neither used", newSlot(5, []byte("a")), newSlot(6, []byte("b")), false, false, byBit},
			{"both used", newSlot(5, []byte("a")), newSlot(6, []byte("b")), true, true, byBit},
		} {
			s := &Store{slots: make([]slotRef, 4), mask: 3}
			for i, hs := range []*hostSlot{c.a, c.b} {
				if hs != nil {
					hs.ref.Store([]bool{c.aRef, c.bRef}[i])
					s.slots[2+i].Store(hs)
				}
			}
			require.Equal(t, c.want, s.wayFor(key, h), "%s, hash %#x", c.name, h)
		}
	}
}
