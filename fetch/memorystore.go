package fetch

import (
	"container/list"
	"context"
	"sync"
)

// MemoryStore is a Store in memory, bounded by the bytes its entries hold
// and by their number, evicting the least recently used. An entry counts
// its blob and about 400 bytes more (its origin, its outcome, the store's
// list element and map slot), so that the bound holds for a cache of many
// origins without a robots.txt, whose small allow-all blob the Client
// shares among them. It keeps each entry whole, with the loaded robots.txt
// the Client put in it, so a Get of a cached origin neither validates nor
// decodes its blob again. The loaded form is not counted in the bound:
// over the corpus's 15,274 files, their blobs loaded and bound hold half
// as many bytes again as the blobs (a heap of 0.49 bytes a blob byte).
type MemoryStore struct {
	maxBytes, maxEntries int
	mu                   sync.Mutex
	bytes                int
	lru                  *list.List // of *memEntry, most recent first
	byOrigin             map[Origin]*list.Element
	evictions            int
}

type memEntry struct {
	origin Origin
	entry  Entry
}

// NewMemoryStore makes a store holding entries of at most maxBytes (their
// blobs and the rest of each entry, as MemoryStore counts them) and
// maxEntries entries (0: no bound on that count).
func NewMemoryStore(maxBytes, maxEntries int) *MemoryStore {
	return &MemoryStore{maxBytes: maxBytes, maxEntries: maxEntries, lru: list.New(), byOrigin: map[Origin]*list.Element{}}
}

// Get returns an origin's entry and marks it recently used. Its error is
// always nil.
func (s *MemoryStore) Get(_ context.Context, o Origin) (Entry, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	el, ok := s.byOrigin[o]
	if !ok {
		return Entry{}, false, nil
	}
	s.lru.MoveToFront(el)
	return el.Value.(*memEntry).entry, true, nil
}

// Put stores an entry, evicting the least recently used ones beyond the
// bounds (an entry larger than maxBytes on its own is not kept). Its
// error is always nil.
func (s *MemoryStore) Put(_ context.Context, o Origin, e Entry) error {
	s.put(o, e)
	return nil
}

func (s *MemoryStore) put(o Origin, e Entry) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if el, ok := s.byOrigin[o]; ok {
		s.bytes -= entryBytes(o, el.Value.(*memEntry).entry)
		s.lru.Remove(el)
		delete(s.byOrigin, o)
	}
	n := entryBytes(o, e)
	if s.maxBytes > 0 && n > s.maxBytes {
		return
	}
	s.byOrigin[o] = s.lru.PushFront(&memEntry{o, e})
	s.bytes += n
	for (s.maxBytes > 0 && s.bytes > s.maxBytes) || (s.maxEntries > 0 && s.lru.Len() > s.maxEntries) {
		last := s.lru.Back()
		me := last.Value.(*memEntry)
		s.bytes -= entryBytes(me.origin, me.entry)
		s.lru.Remove(last)
		delete(s.byOrigin, me.origin)
		s.evictions++
	}
}

// Len, Bytes and Evictions describe the store.
func (s *MemoryStore) Len() int { s.mu.Lock(); defer s.mu.Unlock(); return s.lru.Len() }

// Bytes is what the entries held count against the bound: their blobs,
// and the rest of each entry (entryBytes).
func (s *MemoryStore) Bytes() int { s.mu.Lock(); defer s.mu.Unlock(); return s.bytes }

// Evictions is how many entries the bounds have evicted.
func (s *MemoryStore) Evictions() int { s.mu.Lock(); defer s.mu.Unlock(); return s.evictions }

// entryOverhead is what a MemoryStore entry holds beside its blob and its
// strings: its Outcome, its list element and its map slot
// (TestMemoryStoreHeap measures it).
const entryOverhead = 360

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
