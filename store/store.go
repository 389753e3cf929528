package store

import (
	"errors"
	"fmt"
	"os"
	goruntime "runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"unsafe"

	farm "github.com/dgryski/go-farm"
	"github.com/robotsdfa/robotsdfa/runtime"
)

// DefaultCacheBytes bounds the robots.txt a Store keeps loaded when
// Options.CacheBytes is zero.
const DefaultCacheBytes = 64 << 20

// DefaultMaxBlobBytes bounds a blob a Store decompresses when
// Options.MaxBlobBytes is zero: over ten times the largest blob of
// SECURITY.md's hostile robots.txt at the 500 KiB read by default.
const DefaultMaxBlobBytes = 64 << 20

// Options control a Store.
type Options struct {
	// CacheBytes bounds the cache's memory: the hosts' lookups it keeps
	// (about a quarter of it) and the robots.txt kept loaded and bound
	// (an estimate: twice each blob's bytes and a little more); 0 means
	// DefaultCacheBytes. Past it, the least recently used are dropped
	// and loaded again when next asked for. Beyond the cache, an open
	// store's Go heap does not grow with its hosts: its index is read
	// in place from the mapped file.
	CacheBytes int64
	// MaxBlobBytes bounds the blob a lookup decompresses; 0 means
	// DefaultMaxBlobBytes. A host whose blob is larger fails with
	// ErrTooLarge before any memory is taken for it, so that a store
	// (untrusted, as any file) cannot make a lookup allocate what its
	// records claim, up to the format's 2 GiB. A store of robots.txt
	// compiled whole (compile.Options.MaxBytes -1) may need more.
	MaxBlobBytes int64
}

// Store is a store file, open: many hosts' compiled robots.txt, looked up
// by host. It is safe for concurrent use.
type Store struct {
	path    string
	version int
	size    int64
	t       table
	// closed is set by Close; the file stays mapped until t is
	// unreachable (a cleanup unmaps it), so that a call that began
	// before Close reads it whole.
	closed atomic.Bool

	cacheBytes  int64
	maxBlob     int64 // Options.MaxBlobBytes
	loadedBytes int64 // the bound of loaded contents: cacheBytes less the slots'
	// slots caches hosts' lookups in sets of two (slotOf, wayFor) named
	// by the host key's hash: a hot host is found without searching the
	// index.
	slots []slotRef
	mask  uint64

	mu sync.Mutex // contents, ring, agents, agentsBy
	// contents are those loaded, being loaded, or that failed to load:
	// a content is dropped from it when evicted.
	contents map[uint32]*content
	ring     []*content // the contents loaded, for the clock
	hand     int
	loaded   atomic.Int64 // their estimated bytes
	agents   int
	agentsBy map[string]*Agent // by kind and tokens (newAgent)

	misses, loads, evictions, reloads atomic.Int64
	// dropped has a bit for each content evicted once (s.mu): its next
	// load is a reload.
	dropped []uint64
}

// content is one of the store's blobs, and while it is cached, the
// robots.txt loaded from it.
type content struct {
	id     uint32
	mu     sync.Mutex // loading
	loaded atomic.Pointer[loaded]
	err    error // a blob that does not load: for good
	// Under Store.mu: at is the index in Store.ring while loaded; slots
	// are the slots that have held it (see publish); fresh is set on
	// loading and cleared by the clock's hand.
	at    int
	slots []uint32
	fresh bool
}

// loaded is a content's robots.txt and the Matchers bound so far.
type loaded struct {
	robots   *runtime.Robots
	bytes    int64
	matchers atomic.Pointer[[]boundAgent]
}

type boundAgent struct {
	agent int
	once  bool // bound without deriving the screens (hostSlot.once)
	m     runtime.Matcher
}

// Open opens a store file: a file of version 2 or 3 is memory-mapped where the
// system allows it (read whole elsewhere), and only its header and index
// are read and validated (see docs/FORMAT.md); each blob is validated by
// runtime.Load at its first use, and one that is damaged makes only its
// own hosts unreadable. A version 1 pack (compressed whole) is
// decompressed into memory. Errors wrap ErrFormat, ErrVersion or
// ErrChecksum and name the byte offset of the fault; a path that is no
// regular file (a directory, a pipe) is refused as such.
func Open(path string, opts Options) (*Store, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, fmt.Errorf("%s: is a directory, not a store", path)
	}
	if !st.Mode().IsRegular() {
		// A pipe (such as <(zstdcat x)) reports no size and cannot be
		// mapped: it would read as an empty, malformed store.
		return nil, fmt.Errorf("%s: not a regular file (a pipe or a device), and a store is read in place: copy it to a file", path)
	}
	s := &Store{path: path, size: st.Size()}
	var head [1]byte
	if _, err := f.ReadAt(head[:], 0); err == nil && head[0] == zstdMagicByte {
		t, err := openV1(f, st.Size())
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		s.t, s.version = t, 1
	} else {
		data, unmap, err := mapFile(f, st.Size())
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		t, err := openMapped(data)
		if err != nil {
			unmap()
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		s.t, s.version = t, int(t.version)
		// Unmapped once nothing holds the table: a call that reads the
		// file holds it (or keeps it alive past the bytes it reads).
		goruntime.AddCleanup(t, func(unmap func() error) { unmap() }, unmap)
	}
	s.cacheBytes = opts.CacheBytes
	if s.cacheBytes <= 0 {
		s.cacheBytes = DefaultCacheBytes
	}
	s.maxBlob = opts.MaxBlobBytes
	if s.maxBlob <= 0 {
		s.maxBlob = DefaultMaxBlobBytes
	}
	n := 1 << 10 // host slots: a power of two, about one per 1 KiB of cache
	for n < 1<<20 && int64(n)<<10 < s.cacheBytes {
		n <<= 1
	}
	s.slots, s.mask = make([]slotRef, n), uint64(n-1)
	// The slots' share of the bound; loaded robots.txt have the rest.
	s.loadedBytes = max(0, s.cacheBytes-int64(n)*slotBytes)
	s.contents = map[uint32]*content{}
	s.dropped = make([]uint64, (s.t.contents()+63)/64)
	return s, nil
}

// Close closes the store: a call that begins after it returns an error
// wrapping ErrClosed (Has: false). Calls already running finish with their
// answers, and Robots and Matchers obtained before stay valid (they are
// in the Go heap, not the file), so that a scheduler can put a new store
// in an old one's place while others check: publish the new one, then
// Close the old, and a check that meets ErrClosed asks the new one. The
// file's mapping and the cache's memory are released once the Store is
// unreachable (by the garbage collector, within minutes): drop it after
// Close. Close returns nil; closing again is harmless.
func (s *Store) Close() error {
	s.closed.Store(true)
	return nil
}

// Version is the file's format version: 3, the one a Writer writes; 2 (no
// S2 frames) or 1 (an old pack) for files written before.
func (s *Store) Version() int { return s.version }

// Hosts counts the hosts the store holds; Contents its distinct blobs.
func (s *Store) Hosts() int { return s.t.hosts() }

// Contents counts the distinct blobs.
func (s *Store) Contents() int { return s.t.contents() }

// Size is the file's size in bytes.
func (s *Store) Size() int64 { return s.size }

// Has reports whether the store holds host's robots.txt (host: a URL, or a
// host with an optional port; see Key).
func (s *Store) Has(host string) bool {
	key, ok := Key(host)
	if !ok || s.closed.Load() {
		return false
	}
	found, _ := s.has(key)
	return found
}

// has looks key up in the index; err says the file changed under it.
func (s *Store) has(key string) (found bool, err error) {
	defer recoverFault(&err, debug.SetPanicOnFault(true))
	_, found = s.t.lookup([]byte(key), fingerprint(key))
	return found, nil
}

// Robots returns host's robots.txt, loaded (and kept in the cache). The
// error is ErrNotFound when the store does not hold the host, or says
// why its blob does not load. Unlike an Agent's lookups, it does not ask
// whether the blob was compiled for the tokens the caller will bind:
// one compiled for some product tokens only (robotsdfa compile -agent)
// answers others from what it kept, so a caller binding its own asks
// Robots.CompiledFor first.
func (s *Store) Robots(host string) (*runtime.Robots, error) {
	key, ok := Key(host)
	if !ok {
		return nil, fmt.Errorf("store: %q is not a host", host)
	}
	l, err := s.load([]byte(key))
	if err == ErrNotFound {
		return nil, fmt.Errorf("%w: %s", ErrNotFound, key)
	}
	if err != nil {
		return nil, err
	}
	return l.robots, nil
}

// Blob returns host's blob, decompressed, not cached.
func (s *Store) Blob(host string) (_ []byte, err error) {
	defer recoverFault(&err, debug.SetPanicOnFault(true))
	key, ok := Key(host)
	if !ok {
		return nil, fmt.Errorf("store: %q is not a host", host)
	}
	if s.closed.Load() {
		return nil, ErrClosed
	}
	id, found := s.t.lookup([]byte(key), fingerprint(key))
	if !found {
		return nil, fmt.Errorf("%w: %s", ErrNotFound, key)
	}
	return blobOf(s.t, id, s.maxBlob)
}

// ContentBlob returns the i-th distinct blob, decompressed (for tools that
// check every blob: inspect).
func (s *Store) ContentBlob(i int) (_ []byte, err error) {
	defer recoverFault(&err, debug.SetPanicOnFault(true))
	if s.closed.Load() {
		return nil, ErrClosed
	}
	if i < 0 || i >= s.t.contents() {
		return nil, fmt.Errorf("store: content %d of %d", i, s.t.contents())
	}
	return blobOf(s.t, uint32(i), s.maxBlob)
}

// Each calls fn with every host key and the index of its blob, in the
// index's order, until fn returns an error, which Each returns.
func (s *Store) Each(fn func(key string, content int) error) error {
	return s.eachHost(func(k string, c uint32) error { return fn(k, int(c)) })
}

func (s *Store) eachHost(fn func(string, uint32) error) (err error) {
	defer recoverFault(&err, debug.SetPanicOnFault(true))
	if s.closed.Load() {
		return ErrClosed
	}
	return s.t.eachHost(fn)
}

func (s *Store) frame(i uint32) (contentRec, []byte, error) { return s.t.frame(i) }

// CacheStats are a Store's cache figures since it was opened.
type CacheStats struct {
	// Misses count the checks whose host's Matcher was not in its slot
	// (hits are not counted, so that they write nothing shared). A check
	// that counts no miss found what an earlier check of the same host,
	// which counted one, or a Robots call put in the slot.
	Misses int64
	// Loads count blobs decompressed and loaded; Evictions those dropped
	// to keep within CacheBytes; Reloads the loads of blobs dropped
	// before (a cache too small for the hosts in use). Bytes is the
	// estimate of what is loaded.
	Loads, Evictions, Reloads, Bytes int64
}

// CacheStats returns the cache's figures.
func (s *Store) CacheStats() CacheStats {
	return CacheStats{Misses: s.misses.Load(), Loads: s.loads.Load(), Evictions: s.evictions.Load(),
		Reloads: s.reloads.Load(), Bytes: s.loaded.Load()}
}

// Resize changes the cache's bound (Options.CacheBytes) of an open store:
// a smaller one drops the least recently used at once, a larger one keeps
// more. The host slots keep the number Open gave them, and
// loaded robots.txt get at least half of the bound. A caller that does
// not know its working set can start small and grow while
// CacheStats.Reloads says that robots.txt dropped earlier are asked for
// again (robotsdfa filter -pack does).
func (s *Store) Resize(cacheBytes int64) {
	if cacheBytes <= 0 {
		cacheBytes = DefaultCacheBytes
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cacheBytes = cacheBytes
	s.loadedBytes = max(cacheBytes/2, cacheBytes-int64(len(s.slots))*slotBytes)
	s.evict(nil)
}

// errNoHost is a URL without a host.
var errNoHost = errors.New("store: the URL has no host")

// fingerprint is Fingerprint64 of a host key, the index's order.
func fingerprint(key string) uint64 {
	return farm.Fingerprint64(unsafe.Slice(unsafe.StringData(key), len(key)))
}
