package store

import (
	"fmt"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"unsafe"

	farm "github.com/dgryski/go-farm"
	"github.com/robotsdfa/robotsdfa/runtime"
)

// The hot cache. A content keeps the robots.txt loaded from its blob and
// the Matchers bound from it, shared by every host that serves the same
// file. A host's lookup is kept in a slot that holds the key, the content
// and the Matcher last bound for it, one of a set of two adjacent slots
// its key's hash names, so that a hot host's check reads one or two
// slots and no more before its Matcher's own tables (docs/PERFORMANCE.md,
// "The store"); two ways keep hosts whose hashes collide from evicting
// each other ("filter: the per-line work left").
//
// Loaded contents are bounded by an estimate of their bytes
// (Options.CacheBytes) and dropped by the clock (second chance): a hit
// sets its slot's bit, and the hand drops the first content none of whose
// slots has its bit set, clearing those slots, so that no Matcher of a
// dropped content stays reachable from the cache. A hit reads and, once
// per sweep, writes its slot: no lock, no allocation.

// hostSlot is a host key's lookup: its content (nil when the store does
// not hold the host) and, for agent, its bound Matcher. A slot is not
// changed once published but for ref.
type hostSlot struct {
	h     uint64
	ref   atomic.Bool // the clock's bit: used since the hand last passed
	agent int
	c     *content
	m     runtime.Matcher
	// once: m was bound without deriving its screens (AgentOnce), for
	// the host's first check; its second binds it again, deriving them.
	once bool
	// The key: inline when it is short (most are), so that comparing it
	// reads the slot's own lines.
	n     uint8
	short [slotKey]byte
	long  string
}

const slotKey = 62

// slotBytes is a slot's memory when it holds a host: its place in the
// table and itself.
const slotBytes = int64(unsafe.Sizeof(hostSlot{}) + unsafe.Sizeof(slotRef{}))

// slotRef is a place in the slot table: the slot and a copy of its key's
// hash, so that a lookup tells which way of a set may hold its key from
// the set's own cache line, without reading a slot that cannot
// (docs/PERFORMANCE.md, "filter: the host's bytes"). The two are stored
// one after the other, not together: a lookup that reads a hash and a
// slot of different hosts still compares the slot's key, so a race can
// cost a miss, never a wrong host.
type slotRef struct {
	h  atomic.Uint64
	hs atomic.Pointer[hostSlot]
}

func (r *slotRef) Load() *hostSlot { return r.hs.Load() }

func (r *slotRef) Store(hs *hostSlot) {
	var h uint64
	if hs != nil {
		h = hs.h
	}
	r.h.Store(h)
	r.hs.Store(hs)
}

// clear empties the place if it still holds hs.
func (r *slotRef) clear(hs *hostSlot) {
	if r.hs.CompareAndSwap(hs, nil) {
		r.h.CompareAndSwap(hs.h, 0)
	}
}

// holds is the slot at r if it may be key's (h its hash) and is.
func (r *slotRef) holds(key []byte, h uint64) *hostSlot {
	if r.h.Load() != h {
		return nil
	}
	if hs := r.hs.Load(); hs != nil && hs.is(key, h) {
		return hs
	}
	return nil
}

func newSlot(h uint64, key []byte) *hostSlot {
	hs := &hostSlot{h: h}
	if len(key) <= slotKey {
		hs.n = uint8(len(key))
		copy(hs.short[:], key)
	} else {
		hs.long = string(key)
	}
	return hs
}

// is reports whether the slot is key's (h its hash).
func (hs *hostSlot) is(key []byte, h uint64) bool {
	if hs.h != h {
		return false
	}
	if len(key) <= slotKey {
		return int(hs.n) == len(key) && string(hs.short[:hs.n]) == string(key)
	}
	return hs.long == string(key)
}

func (hs *hostSlot) key() string {
	if hs.long != "" {
		return hs.long
	}
	return string(hs.short[:hs.n])
}

// slotHash is a key's hash for the slots: farm's Hash64, which (unlike
// Fingerprint64's assembly) lets a key on the stack stay there.
func slotHash(key []byte) uint64 { return farm.Hash64(key) }

// matcherOf is agent a's Matcher for a host key, through the cache:
// ErrNotFound itself (not wrapped, so that a miss allocates nothing) when
// the store does not hold the host.
func (s *Store) matcherOf(key []byte, a *Agent) (runtime.Matcher, error) {
	if s.closed.Load() {
		return runtime.Matcher{}, ErrClosed
	}
	h := slotHash(key)
	hs := s.slotOf(key, h)
	if hs != nil {
		if !hs.ref.Load() {
			hs.ref.Store(true)
		}
		if hs.c == nil {
			return runtime.Matcher{}, ErrNotFound
		}
		if hs.agent == a.id && (!hs.once || a.once) {
			return hs.m, nil
		}
	}
	return s.matcherMiss(key, h, a, hs)
}

// matcherMiss is matcherOf when the slot does not hold the host's Matcher
// for a: its first check binds it without deriving its screens, a second
// (the slot holding that one) binds it deriving them, unless a is an
// AgentOnce, so that a host checked once costs less and one checked often
// checks faster (docs/PERFORMANCE.md, "The store"). found is key's slot
// as matcherOf read it (a host the store holds), or nil.
func (s *Store) matcherMiss(key []byte, h uint64, a *Agent, found *hostSlot) (_ runtime.Matcher, err error) {
	defer recoverFault(&err, debug.SetPanicOnFault(true))
	s.misses.Add(1)
	derive := found != nil && found.agent == a.id
	var c *content
	if found != nil {
		c = found.c
	} else {
		if c, err = s.contentOf(key, h); err != nil {
			return runtime.Matcher{}, err
		}
	}
	l, err := s.loadContent(c)
	if err != nil {
		return runtime.Matcher{}, err
	}
	if !l.robots.CompiledFor(a.tokens...) {
		// Nothing is published: each lookup of the host asks again,
		// from the content loaded once.
		return runtime.Matcher{}, fmt.Errorf("store: blob %d: %w (%s)", c.id, ErrNotCompiledFor, strings.Join(l.robots.CompiledTokens(), ", "))
	}
	m, once := l.matcher(a, derive)
	hs := newSlot(h, key)
	hs.once = once
	s.publish(hs, s.wayFor(key, h), c, l, a.id, m)
	return m, nil
}

// load returns a host key's loaded robots.txt (not through the slots'
// Matchers: for Robots).
func (s *Store) load(key []byte) (_ *loaded, err error) {
	defer recoverFault(&err, debug.SetPanicOnFault(true))
	if s.closed.Load() {
		return nil, ErrClosed
	}
	c, err := s.contentOf(key, slotHash(key))
	if err != nil {
		return nil, err
	}
	return s.loadContent(c)
}

// contentOf finds a host key's content: in its slot, else in the index
// (a miss that the slot then remembers, with no Matcher).
func (s *Store) contentOf(key []byte, h uint64) (*content, error) {
	if hs := s.slotOf(key, h); hs != nil {
		if hs.c == nil {
			return nil, ErrNotFound
		}
		return hs.c, nil
	}
	hs := newSlot(h, key)
	k := hs.key()
	// The index (an interface) is given a copy of the key, so that the
	// caller's stays on its stack.
	id, found := s.t.lookup(unsafe.Slice(unsafe.StringData(k), len(k)), fingerprint(k))
	if !found {
		s.slots[s.wayFor(key, h)].Store(hs)
		return nil, ErrNotFound
	}
	s.mu.Lock()
	c := s.contents[id]
	if c == nil {
		c = &content{id: id, at: -1}
		s.contents[id] = c
	}
	s.mu.Unlock()
	return c, nil
}

// publish puts a slot in place, slots[i], for content c (loaded as l), if
// c is still loaded as l, and records it with c so that c's eviction
// clears it.
func (s *Store) publish(hs *hostSlot, i uint32, c *content, l *loaded, agent int, m runtime.Matcher) {
	hs.c, hs.agent, hs.m = c, agent, m
	hs.ref.Store(true)
	s.mu.Lock()
	defer s.mu.Unlock()
	if c.loaded.Load() != l {
		return // dropped meanwhile: the next lookup loads it again
	}
	s.slots[i].Store(hs)
	for _, j := range c.slots {
		if j == i {
			return
		}
	}
	c.slots = append(c.slots, i)
}

// loadContent returns c's loaded robots.txt, loading it once when it is
// not cached.
func (s *Store) loadContent(c *content) (*loaded, error) {
	if l := c.loaded.Load(); l != nil {
		return l, nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return nil, c.err
	}
	if l := c.loaded.Load(); l != nil {
		return l, nil
	}
	blob, err := blobOf(s.t, c.id, s.maxBlob)
	var r *runtime.Robots
	if err == nil {
		r, err = runtime.Load(blob)
	}
	if err != nil {
		c.err = fmt.Errorf("store: blob %d: %w", c.id, err)
		return nil, c.err
	}
	l := &loaded{robots: r, bytes: 2*int64(len(blob)) + 512}
	s.loads.Add(1)
	s.mu.Lock()
	if w, bit := c.id/64, uint64(1)<<(c.id%64); int(w) < len(s.dropped) && s.dropped[w]&bit != 0 {
		s.reloads.Add(1)
	}
	c.loaded.Store(l)
	c.fresh = true
	c.at = len(s.ring)
	s.ring = append(s.ring, c)
	if s.contents[c.id] == nil {
		s.contents[c.id] = c // evicted while this load began
	}
	s.loaded.Add(l.bytes)
	s.evict(c)
	s.mu.Unlock()
	return l, nil
}

// evict drops loaded contents until the estimate is within the bound,
// keeping keep (just loaded). A content is kept for one more sweep when
// it is fresh (loaded since the hand last passed) or one of its slots was
// used. s.mu is held.
func (s *Store) evict(keep *content) {
	for s.loaded.Load() > s.loadedBytes && len(s.ring) > 1 {
		if s.hand >= len(s.ring) {
			s.hand = 0
		}
		c := s.ring[s.hand]
		if c == keep || s.used(c) {
			s.hand++
			continue
		}
		l := c.loaded.Swap(nil)
		s.loaded.Add(-l.bytes)
		s.evictions.Add(1)
		if w := c.id / 64; int(w) < len(s.dropped) {
			s.dropped[w] |= 1 << (c.id % 64)
		}
		for _, i := range c.slots {
			if hs := s.slots[i].Load(); hs != nil && hs.c == c {
				s.slots[i].clear(hs)
			}
		}
		c.slots = nil
		if s.contents[c.id] == c {
			delete(s.contents, c.id) // so that the heap holds only what is cached
		}
		last := s.ring[len(s.ring)-1]
		s.ring[s.hand], last.at = last, s.hand
		s.ring = s.ring[:len(s.ring)-1]
		c.at = -1
	}
}

// used reports, and clears, whether c was used since the hand last
// passed: it was loaded since, or one of its slots was hit. The slots
// that are another content's now are dropped from c's list.
func (s *Store) used(c *content) bool {
	used := c.fresh
	c.fresh = false
	kept := c.slots[:0]
	for _, i := range c.slots {
		hs := s.slots[i].Load()
		if hs == nil || hs.c != c {
			continue
		}
		kept = append(kept, i)
		if hs.ref.Load() {
			hs.ref.Store(false)
			used = true
		}
	}
	c.slots = kept
	return used
}

// matcher returns l's Matcher for agent a: the one bound deriving its
// screens when there is one, else, unless derive, the one bound without
// (once), binding it on first use. An AgentOnce never derives.
func (l *loaded) matcher(a *Agent, derive bool) (m runtime.Matcher, once bool) {
	derive = derive && !a.once
	if ms := l.matchers.Load(); ms != nil {
		found := -1
		for i := range *ms {
			if (*ms)[i].agent != a.id {
				continue
			}
			if !(*ms)[i].once {
				return (*ms)[i].m, false
			}
			found = i
		}
		if found >= 0 && !derive {
			return (*ms)[found].m, true
		}
	}
	m = a.bind(l.robots, derive)
	for {
		old := l.matchers.Load()
		var next []boundAgent
		if old != nil {
			next = append(next, *old...)
		}
		next = append(next, boundAgent{a.id, !derive, m})
		if l.matchers.CompareAndSwap(old, &next) {
			return m, !derive
		}
	}
}

// slotOf is the slot that holds key (h its hash), nil if neither of its
// set's two ways does.
func (s *Store) slotOf(key []byte, h uint64) *hostSlot {
	i := h & s.mask &^ 1
	if hs := s.slots[i].holds(key, h); hs != nil {
		return hs
	}
	return s.slots[i|1].holds(key, h)
}

// wayFor is the slot a new lookup of key takes: the way that holds key,
// else an empty one, else one not used since the clock passed, else the
// one h's high bit names.
func (s *Store) wayFor(key []byte, h uint64) uint32 {
	i := h & s.mask &^ 1
	a, b := s.slots[i].Load(), s.slots[i|1].Load()
	switch {
	case a != nil && a.is(key, h):
		return uint32(i)
	case b != nil && b.is(key, h):
		return uint32(i | 1)
	case a == nil:
		return uint32(i)
	case b == nil:
		return uint32(i | 1)
	case !a.ref.Load() && b.ref.Load():
		return uint32(i)
	case !b.ref.Load() && a.ref.Load():
		return uint32(i | 1)
	}
	return uint32(i | (h>>63)&1)
}
