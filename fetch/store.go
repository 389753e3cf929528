package fetch

import (
	"context"
	"slices"
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
