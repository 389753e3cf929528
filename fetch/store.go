package fetch

import (
	"container/list"
	"context"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/robotsdfa/robotsdfa/runtime"
)

// Entry is what the cache keeps for an origin: the outcome of the last
// fetch and the blob of what applies. Blob is the unit of storage: a
// crawler that keeps robots.txt in its own store keeps entries.
type Entry struct {
	Outcome Outcome
	// Blob is the compiled robots.txt that applies after the last fetch
	// (for an unreachable origin: the last good copy, or nil).
	Blob []byte
	// Good is whether Blob is a good copy: a parsed robots.txt, or the
	// allow-all of an unavailable one, as opposed to the disallow-all of
	// an unreachable origin.
	Good bool
	// loaded is Blob loaded, in an entry the Client made. A Store that
	// keeps entries in memory keeps it with them, and a Get that finds
	// such an entry returns it without loading the blob again; one that
	// keeps only the exported fields drops it, and one that hands out a
	// copy of Blob makes it unusable (see load): each Get then loads
	// Blob.
	loaded *loadedBlob
}

// loadedBlob is a blob and the robots.txt loaded from it.
type loadedBlob struct {
	blob   []byte
	robots *runtime.Robots
	// bound is the bindings of the last Alloweds, most recent first,
	// for their tokens: a crawler that asks for every URL with the same
	// tokens, or with a few products' tokens in turn (googlebot-news,
	// googlebot), binds each once.
	bound atomic.Pointer[bindings]
}

// keptBindings is how many token lists a loaded robots.txt keeps bound.
const keptBindings = 4

// bindings are Matchers and the tokens each was bound for; published
// whole, never changed after.
type bindings struct{ list []binding }

// binding is a Matcher and the tokens it was bound for.
type binding struct {
	tokens []string
	m      runtime.Matcher
}

// load returns e's blob loaded: what e holds when it was loaded from
// that very blob (not from one the Blob field was changed from), else
// the blob loaded now.
func (e *Entry) load() (*loadedBlob, error) {
	if l := e.loaded; l != nil && len(l.blob) == len(e.Blob) && (len(e.Blob) == 0 || &l.blob[0] == &e.Blob[0]) {
		return l, nil
	}
	r, err := runtime.Load(e.Blob)
	if err != nil {
		return nil, err
	}
	return &loadedBlob{blob: e.Blob, robots: r}, nil
}

// matcher returns the robots.txt bound for tokens: a kept binding for
// the same tokens, else a new one, kept first (the least recent of
// keptBindings dropped). Two goroutines binding at once may keep only
// one of theirs: the other binds again next time.
func (l *loadedBlob) matcher(tokens []string) runtime.Matcher {
	old := l.bound.Load()
	if old != nil {
		for i := range old.list {
			if slices.Equal(old.list[i].tokens, tokens) {
				return old.list[i].m
			}
		}
	}
	m := l.robots.Agent(tokens...)
	kept := []binding{{slices.Clone(tokens), m}}
	if old != nil {
		kept = append(kept, old.list[:min(len(old.list), keptBindings-1)]...)
	}
	l.bound.Store(&bindings{kept})
	return m
}

// Store keeps entries by origin: in memory (MemoryStore), in files
// (DirStore), or in a crawler's own database. Implementations must be
// safe for concurrent use and must not modify a Blob they were given or
// hand out. An Entry's exported fields are plain data (encoding/json
// round-trips them), which is all a Store needs to keep.
//
// A Store's error never fails a Get: a Get whose Store fails fetches, a
// Put that fails leaves the answer uncached, and both are counted
// (Stats.StoreErrors).
type Store interface {
	// Get returns o's entry; found is false when there is none.
	Get(ctx context.Context, o Origin) (e Entry, found bool, err error)
	// Put keeps e as o's entry.
	Put(ctx context.Context, o Origin, e Entry) error
}

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
