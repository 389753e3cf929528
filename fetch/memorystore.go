package fetch

import (
	"container/list"
	"context"
	"sync"
	"sync/atomic"
)

// MemoryStore is a Store in memory, bounded by the bytes its entries hold
// and by their number. An entry counts its blob and about 470 bytes more
// (its origin, its outcome, the store's own records of it), so that the
// bound holds for a cache of many origins without a robots.txt, whose
// small allow-all blob the Client shares among them. It keeps each entry
// whole, with the loaded robots.txt the Client put in it, so a Get of a
// cached origin neither validates nor decodes its blob again. The loaded
// form is not counted in the bound: over the corpus's 15,274 files, their
// blobs loaded and bound hold half as many bytes again as the blobs (a
// heap of 0.49 bytes a blob byte).
//
// Past a bound it evicts as a clock does (second chance): the entries in
// the order they were put, each one used since the clock last passed it
// put back once, so that the least recently used go first as nearly as
// one bit an entry tells, and an origin put but never asked for again
// goes before those asked for. A Get takes no lock and writes nothing but
// that bit, once, so a crawler's goroutines on many cores ask it side by
// side (docs/PERFORMANCE.md, "fetch.MemoryStore: Gets side by side"); a
// Put takes the store's lock. A Put's eviction passes over at most
// maxPassed entries (1,024) before it evicts the one at the hand, used or
// not, so that a Put never holds the lock for a turn of the clock
// when every entry was used since the last (a million passes, 33 ms: a
// stall for every fetch finishing meanwhile), and takes tens of
// microseconds at most (BenchmarkMemoryStorePutAllUsed). Past 1,024
// entries used in a row, one bit an entry no longer ranks them anyway.
type MemoryStore struct {
	byOrigin sync.Map // Origin → *memEntry; read without a lock

	mu                   sync.Mutex // held by Put and the figures
	maxBytes, maxEntries int
	maxPassed            int // entries a Put passes over at most; tests lower it
	bytes                int
	clock                *list.List // of *memEntry: put or passed over at the front, the hand at the back
	evictions            int
}

type memEntry struct {
	origin Origin
	entry  Entry
	el     *list.Element // in clock
	// used is set by a Get and cleared by the clock as it passes.
	used atomic.Bool
}

// NewMemoryStore makes a store holding entries of at most maxBytes (their
// blobs and the rest of each entry, as MemoryStore counts them; 0: no
// bound on the bytes) and maxEntries entries (0: no bound on that count).
func NewMemoryStore(maxBytes, maxEntries int) *MemoryStore {
	return &MemoryStore{maxBytes: maxBytes, maxEntries: maxEntries, maxPassed: maxPassed, clock: list.New()}
}

// maxPassed is how many entries a Put's eviction puts back, at most,
// before it evicts one used since the clock last passed.
const maxPassed = 1024

// Get returns an origin's entry and marks it used. Its error is always nil.
func (s *MemoryStore) Get(_ context.Context, o Origin) (Entry, bool, error) {
	v, ok := s.byOrigin.Load(o)
	if !ok {
		return Entry{}, false, nil
	}
	me := v.(*memEntry)
	if !me.used.Load() {
		me.used.Store(true)
	}
	return me.entry, true, nil
}

// Put stores an entry, evicting beyond the bounds (an entry larger than
// maxBytes on its own is not kept). Its error is always nil.
func (s *MemoryStore) Put(_ context.Context, o Origin, e Entry) error {
	s.put(o, e)
	return nil
}

func (s *MemoryStore) put(o Origin, e Entry) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if v, ok := s.byOrigin.Load(o); ok {
		old := v.(*memEntry)
		s.bytes -= entryBytes(o, old.entry)
		s.clock.Remove(old.el)
	}
	n := entryBytes(o, e)
	if s.maxBytes > 0 && n > s.maxBytes {
		s.byOrigin.Delete(o)
		return
	}
	me := &memEntry{origin: o, entry: e}
	me.el = s.clock.PushFront(me)
	s.byOrigin.Store(o, me)
	s.bytes += n
	passed := 0
	for (s.maxBytes > 0 && s.bytes > s.maxBytes) || (s.maxEntries > 0 && s.clock.Len() > s.maxEntries) {
		last := s.clock.Back()
		old := last.Value.(*memEntry)
		// Just put, or used since the hand last passed: once more round
		// (a used one only within the bound of a Put's passes; the one
		// just put is reached only once every other entry was passed).
		if old == me || old.used.Load() && passed < s.maxPassed {
			passed++
			old.used.Store(false)
			s.clock.MoveToFront(last)
			continue
		}
		s.bytes -= entryBytes(old.origin, old.entry)
		s.clock.Remove(last)
		s.byOrigin.Delete(old.origin)
		s.evictions++
	}
}

// Len, Bytes and Evictions describe the store.
func (s *MemoryStore) Len() int { s.mu.Lock(); defer s.mu.Unlock(); return s.clock.Len() }

// Bytes is what the entries held count against the bound: their blobs,
// and the rest of each entry (entryBytes).
func (s *MemoryStore) Bytes() int { s.mu.Lock(); defer s.mu.Unlock(); return s.bytes }

// Evictions is how many entries the bounds have evicted.
func (s *MemoryStore) Evictions() int { s.mu.Lock(); defer s.mu.Unlock(); return s.evictions }

// entryOverhead is what a MemoryStore entry holds beside its blob and its
// strings: its Outcome, its record in the clock and its sync.Map node
// (TestMemoryStoreHeap measures it).
const entryOverhead = 435

// entryBytes is what o's entry e counts against a MemoryStore's bound:
// its blob, its origin and the outcome's strings (its Origin is o's), and
// entryOverhead. A blob two entries share (a Client's allow-all) counts
// in each.
func entryBytes(o Origin, e Entry) int {
	n := len(e.Blob) + len(o) + entryOverhead
	out := &e.Outcome
	n += len(out.Rules) + len(out.ETag) + len(out.LastModified)
	for _, r := range out.Redirects {
		n += len(r) + 16
	}
	if out.Err != nil {
		n += len(out.Err.Message) + 32
	}
	return n
}
