package fetch

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dgryski/go-farm"
	"github.com/stretchr/testify/require"
)

// TestDefaultStoreBounded: a Client given no Store keeps its robots.txt in
// a MemoryStore bounded in bytes, DefaultStoreBytes, with room for many
// of the largest files it reads: a crawler left at the defaults does not
// grow without end.
func TestDefaultStoreBounded(t *testing.T) {
	c := &Client{}
	c.init()
	ms, ok := c.Store.(*MemoryStore)
	require.True(t, ok, "the default Store is a %T", c.Store)
	require.Equal(t, DefaultStoreBytes, ms.maxBytes)
	require.GreaterOrEqual(t, ms.maxBytes, 64*c.MaxBytes)
	require.Zero(t, ms.maxEntries)
}

// TestMemoryStoreModel: a MemoryStore holds what a clock kept in a plain
// list does under the same Puts and Gets: the same entries; past either
// bound, the entry at the hand evicted unless used since the hand last
// passed it (then put back at the front, its use forgotten) and the Put
// has passed over fewer used ones than its bound (maxPassed, lowered here
// to 1, 2 or 3 in half the rounds so that it is reached), or unless
// it is the entry just put (put back too); an entry larger than the byte bound on its own not
// kept (and the one it replaces gone); and Len, Bytes and Evictions that
// count them (an entry's bytes its blob's, its origin's and
// entryOverhead).
func TestMemoryStoreModel(t *testing.T) {
	rng := rand.New(rand.NewSource(9309))
	type held struct {
		o    Origin
		n    int
		used bool
	}
	bytes := func(model []held) int {
		n := 0
		for _, h := range model {
			n += h.n
		}
		return n
	}
	for round := 0; round < 200; round++ {
		maxBytes, maxEntries := rng.Intn(1800), rng.Intn(6)
		s := NewMemoryStore(maxBytes, maxEntries)
		if round%2 == 1 {
			s.maxPassed = 1 + rng.Intn(3)
		}
		var model []held // put or passed over first, the hand last
		evictions := 0
		for step := 0; step < 300; step++ {
			o := Origin(fmt.Sprintf("https://h%d.example", rng.Intn(8)))
			i := slices.IndexFunc(model, func(h held) bool { return h.o == o })
			if rng.Intn(3) == 0 {
				e, ok, _ := s.Get(context.Background(), o)
				require.Equal(t, i >= 0, ok, "Get %s", o)
				if ok {
					require.Len(t, e.Blob, model[i].n-len(o)-entryOverhead)
					model[i].used = true
				}
				continue
			}
			blob := rng.Intn(150)
			s.Put(context.Background(), o, Entry{Blob: make([]byte, blob)})
			n := blob + len(o) + entryOverhead
			if i >= 0 {
				model = slices.Delete(model, i, i+1)
			}
			if maxBytes > 0 && n > maxBytes {
				_, ok, _ := s.Get(context.Background(), o)
				require.False(t, ok, "%s: larger than the bound", o)
				continue
			}
			model = append([]held{{o, n, false}}, model...)
			passed := 0
			for maxBytes > 0 && bytes(model) > maxBytes || maxEntries > 0 && len(model) > maxEntries {
				hand := model[len(model)-1]
				model = model[:len(model)-1]
				if hand.used && passed < s.maxPassed || hand.o == o {
					passed++
					hand.used = false
					model = append([]held{hand}, model...)
					continue
				}
				evictions++
			}
			require.Equal(t, len(model), s.Len())
			require.Equal(t, bytes(model), s.Bytes())
			require.Equal(t, evictions, s.Evictions())
		}
	}
}

// TestMemoryStoreCountsOutcome: an entry counts its outcome's strings
// too: its rules, validators, each redirect (and 16 bytes) and its
// error's message (and 32 bytes).
func TestMemoryStoreCountsOutcome(t *testing.T) {
	o := Origin("https://example.com")
	s := NewMemoryStore(0, 0)
	s.Put(context.Background(), o, Entry{Blob: make([]byte, 7), Outcome: Outcome{
		Rules: "robots.txt", ETag: `"abc"`, LastModified: "Sat, 28 Nov 2026 12:00:00 GMT",
		Redirects: []string{"https://www.example.com/robots.txt", "https://x.example/robots.txt"},
		Err:       &Error{ErrNetwork, "connection reset"},
	}})
	want := 7 + len(o) + entryOverhead + len("robots.txt") + len(`"abc"`) + len("Sat, 28 Nov 2026 12:00:00 GMT") +
		len("https://www.example.com/robots.txt") + 16 + len("https://x.example/robots.txt") + 16 + len("connection reset") + 32
	require.Equal(t, want, s.Bytes())
}

// TestMemoryStoreKeepsWhatIsUsed: a crawler's working set, asked for
// again and again, stays in a store that one-off origins pass through,
// as it would under LRU, and an origin just put is not the one evicted.
func TestMemoryStoreKeepsWhatIsUsed(t *testing.T) {
	ctx := context.Background()
	s := NewMemoryStore(0, 100)
	hot := func(i int) Origin { return Origin(fmt.Sprintf("https://hot%d.example", i)) }
	for i := range 50 {
		s.Put(ctx, hot(i), Entry{})
	}
	for round := range 100 {
		for i := range 50 {
			_, ok, _ := s.Get(ctx, hot(i))
			require.True(t, ok, "round %d: %s evicted", round, hot(i))
		}
		for j := range 20 {
			s.Put(ctx, Origin(fmt.Sprintf("https://once%d-%d.example", round, j)), Entry{})
		}
	}
	require.Equal(t, 100, s.Len())
	require.Equal(t, 100*20-50, s.Evictions())

	one := NewMemoryStore(0, 1)
	for i := range 3 {
		one.Put(ctx, hot(i), Entry{})
		_, ok, _ := one.Get(ctx, hot(i))
		require.True(t, ok, "%s, just put", hot(i))
	}
}

// TestMemoryStoreConcurrent: Gets and Puts from several goroutines at
// once (run under -race in CI): a Get finds the entry last put for its
// origin or none, never another origin's, and the bounds hold after.
func TestMemoryStoreConcurrent(t *testing.T) {
	ctx := context.Background()
	const maxEntries = 16
	s := NewMemoryStore(maxEntries*600, maxEntries)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewSource(int64(g)))
			for range 5000 {
				o := Origin(fmt.Sprintf("https://h%d.example", rng.Intn(64)))
				if rng.Intn(4) == 0 {
					s.Put(ctx, o, Entry{Blob: fmt.Appendf(nil, "%s/%d", o, rng.Intn(100))})
					continue
				}
				if e, ok, _ := s.Get(ctx, o); ok && !strings.HasPrefix(string(e.Blob), string(o)+"/") {
					t.Errorf("Get %s: another origin's entry %q", o, e.Blob)
					return
				}
			}
		}()
	}
	wg.Wait()
	require.LessOrEqual(t, s.Len(), maxEntries)
	require.LessOrEqual(t, s.Bytes(), maxEntries*600)
}

// TestDirStorePath: an origin's file is named by its go-farm fingerprint
// in hexadecimal, filed under the first two digits, so that a cache
// directory keeps its entries across versions.
func TestDirStorePath(t *testing.T) {
	dir := t.TempDir()
	st, err := OpenDirStore(dir, 1<<20, 0)
	require.NoError(t, err)
	o := Origin("https://example.com")
	name := fmt.Sprintf("%016x", farm.Fingerprint64([]byte(o)))
	require.Equal(t, filepath.Join(dir, name[:2], name+".json"), st.path(o))
}

// TestDirStoreFileMode: an entry's file gets a new file's permissions
// (0666 less the umask), as the directories do, not os.CreateTemp's 0600:
// processes of other users sharing the directory read it.
func TestDirStoreFileMode(t *testing.T) {
	probe := filepath.Join(t.TempDir(), "probe")
	f, err := os.Create(probe)
	require.NoError(t, err)
	require.NoError(t, f.Close())
	want, err := os.Stat(probe)
	require.NoError(t, err)

	dir := t.TempDir()
	st, err := OpenDirStore(dir, 1<<20, 0)
	require.NoError(t, err)
	o := Origin("https://example.com")
	require.NoError(t, st.Put(context.Background(), o, Entry{}))
	got, err := os.Stat(st.path(o))
	require.NoError(t, err)
	require.Equal(t, want.Mode().Perm(), got.Mode().Perm())
	entries, err := os.ReadDir(filepath.Dir(st.path(o)))
	require.NoError(t, err)
	require.Len(t, entries, 1, "nothing left beside it")
}

// TestCompiledBodiesBounded: identical bodies compile once; at most
// compiledKeep compiled bodies are held.
func TestCompiledBodiesBounded(t *testing.T) {
	c, _ := newClient()
	c.init()
	held := len(c.compiled) // the allow-all and disallow-all entries
	body := func(i int) []byte { return []byte(fmt.Sprintf("user-agent: *\ndisallow: /%d\n", i)) }
	for _, i := range []int{0, 1, 0, 1} {
		_, err := c.compileEntry(body(i))
		require.NoError(t, err)
	}
	require.Equal(t, held+2, len(c.compiled))
	for i := range compiledKeep + 1 {
		_, err := c.compileEntry(body(i))
		require.NoError(t, err)
		require.LessOrEqual(t, len(c.compiled), compiledKeep)
	}
}

// TestMemoryStoreHeap: what a MemoryStore counts for its entries is near
// the heap they take, for entries sharing one small blob (origins without
// a robots.txt, all given the Client's allow-all) and for entries of
// blobs of their own.
func TestMemoryStoreHeap(t *testing.T) {
	if strconv.IntSize != 64 {
		t.Skip("entryOverhead is measured with 64-bit pointers; with 32-bit ones it counts more than is held")
	}
	c := &Client{}
	c.init()
	const n = 50_000
	for _, own := range []int{0, 2000} {
		s := NewMemoryStore(0, 0)    // no bound
		origins := make([]Origin, n) // made before, as a crawler holds its URLs
		for i := range origins {
			origins[i] = Origin(fmt.Sprintf("https://host%d.example.com", i))
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		for i, o := range origins {
			e := c.allowAll
			if own > 0 {
				e = Entry{Blob: make([]byte, own)}
			}
			e.Good = true
			e.Outcome = Outcome{Origin: o, Status: Unavailable, HTTPStatus: 404, Rules: "allow all", FetchedAt: time.Unix(int64(i), 0)}
			s.Put(context.Background(), o, e)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		heap := float64(after.HeapAlloc-before.HeapAlloc) / n
		counted := float64(s.Bytes()) / n
		if own == 0 {
			counted -= float64(len(c.allowAll.Blob)) // held once, counted in each
		}
		t.Logf("blob of its own %d bytes: heap %.0f bytes an entry, counted %.0f", own, heap, counted)
		require.InDelta(t, 1, counted/heap, 0.25, "blob %d: heap %.0f, counted %.0f", own, heap, counted)
		runtime.KeepAlive(s)
	}
}

// TestMemoryStorePutBounded: in a full store whose every entry was used
// since the clock last passed, a Put passes over maxPassed of them (1,024)
// and evicts the next, used as it is, rather than walk the whole clock.
func TestMemoryStorePutBounded(t *testing.T) {
	ctx := context.Background()
	const n = 3000
	s := NewMemoryStore(0, n)
	origin := func(i int) Origin { return Origin(fmt.Sprintf("https://h%d.example", i)) }
	for i := range n {
		s.Put(ctx, origin(i), Entry{})
	}
	for i := range n {
		_, ok, _ := s.Get(ctx, origin(i))
		require.True(t, ok)
	}
	s.Put(ctx, "https://new.example", Entry{})
	require.Equal(t, 1, s.Evictions())
	for i := range n {
		_, ok, _ := s.Get(ctx, origin(i))
		require.Equal(t, i != maxPassed, ok, "%s", origin(i))
	}
}
