package main

import (
	"errors"
	"fmt"
	"hash/maphash"
	"io/fs"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/robotsdfa/robotsdfa/internal/frontier"
	"github.com/robotsdfa/robotsdfa/internal/robotsdir"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/runtime"
	"github.com/robotsdfa/robotsdfa/store"
)

// target is what a URL is checked against: its host's bound matcher, or
// the reason its URLs cannot be checked.
type target struct {
	m runtime.Matcher
	// file is the parsed source, kept for -explain; nil for a pack.
	file *compile.File
	// missing: no robots.txt for the host (everything allowed).
	missing bool
	// problem: the host's robots.txt exists but cannot be used.
	problem string
	// cut: -max-bytes cut the robots.txt; the rest is ignored.
	cut bool
}

// source finds the target for a URL.
type source interface {
	// needHost reports whether URLs must be absolute.
	needHost() bool
	// target finds the target of a URL free of control bytes, nil when
	// the URL cannot be checked; wk is the calling worker (its scratch
	// key and host map). It is called by several workers at once.
	target(url string, wk *worker) *target
	// stats reports hosts seen, with a file, without, with a problem.
	stats() hostStats
	// addMissing adds the host keys seen without a robots.txt to r, once
	// the workers are done (for -missing-hosts: a storeSource's workers
	// add them as they go, to the runs it was given).
	addMissing(r *keyRuns)
}

type hostStats struct {
	single                         bool
	hosts, found, missing, problem int
	cut                            int // of found: read to -max-bytes only
	// loading is the time spent reading and compiling robots.txt files
	// (summed over workers).
	loading time.Duration
	// cache is a store's cache figures (-pack), cacheBytes its bound
	// at the end, maxCacheBytes -cache-mb.
	cache                     *store.CacheStats
	cacheBytes, maxCacheBytes int64
	// droppedAtMax are the robots.txt dropped with the cache at
	// -cache-mb.
	droppedAtMax int64
}

// single is -robots FILE: every URL against one file.
type single struct{ t *target }

func (s *single) needHost() bool      { return false }
func (s *single) stats() hostStats    { return hostStats{single: true} }
func (s *single) addMissing(*keyRuns) {}

// target: a path, or an absolute URL with a host.
func (s *single) target(url string, _ *worker) *target {
	if frontier.IsPath(url) {
		return s.t
	}
	if _, _, ok := runtime.Host(url); ok {
		return s.t
	}
	return nil
}

// perHost is -robots-dir and -pack: each host's file, loaded once, on
// first use, shared by every worker.
type perHost struct {
	load func(key string) *target
	mu   sync.Mutex
	m    map[string]*hostEntry
	// gone are the hosts without a robots.txt, once loaded: out of m, in
	// a set that holds no more than their keys (mu's).
	gone keySet
	// counts by outcome, for the summary.
	found, missing, problem atomic.Int64
	cut                     atomic.Int64
	loading                 atomic.Int64
}

type hostEntry struct {
	once sync.Once
	t    *target
}

func newPerHost(load func(key string) *target) *perHost {
	return &perHost{load: load, m: map[string]*hostEntry{}}
}

func (p *perHost) needHost() bool { return true }

// target looks the URL's host key up in the worker's map, then in the
// shared one.
func (p *perHost) target(url string, wk *worker) *target {
	key, ok := runtime.AppendHostKey(wk.key[:0], url)
	if !ok {
		return nil
	}
	wk.key = key
	if t := wk.local[string(wk.key)]; t != nil {
		return t
	}
	t := p.get(wk.key)
	if len(wk.local) >= maxLocalHosts {
		// A frontier of many hosts would hold every key once more per
		// worker; the shared map has them all.
		wk.local = make(map[string]*target)
	}
	wk.local[string(wk.key)] = t
	return t
}

// get looks a host key up, loading its file on first use; it is only
// reached on a worker's local miss (see worker.target), so the lock is
// taken once per host per worker.
func (p *perHost) get(key []byte) *target {
	p.mu.Lock()
	e := p.m[string(key)]
	if e == nil {
		if p.gone.has(key) {
			p.mu.Unlock()
			return &missingTarget
		}
		e = &hostEntry{}
		p.m[string(key)] = e
	}
	p.mu.Unlock()
	e.once.Do(func() {
		start := time.Now()
		e.t = p.load(string(key))
		p.loading.Add(int64(time.Since(start)))
		switch {
		case e.t.problem != "":
			p.problem.Add(1)
		case e.t.missing:
			p.missing.Add(1)
		default:
			p.found.Add(1)
			if e.t.cut {
				p.cut.Add(1)
			}
		}
	})
	if e.t.missing {
		// A frontier of many hosts meets most without a robots.txt: each
		// is its key alone once loaded (moved by each worker that waited
		// on the entry: the first moves it, the others find it moved).
		p.mu.Lock()
		if p.gone.add(key) {
			delete(p.m, string(key))
		}
		p.mu.Unlock()
	}
	return e.t
}

func (p *perHost) addMissing(r *keyRuns) {
	p.mu.Lock()
	defer p.mu.Unlock()
	l := &keyList{}
	for k, e := range p.m {
		if e.t != nil && e.t.missing {
			r.add(l, []byte(k)) // a key too long for gone
		}
	}
	p.gone.each(func(k []byte) { r.add(l, k) })
	r.hand(l)
}

func (p *perHost) stats() hostStats {
	f, m, pr := int(p.found.Load()), int(p.missing.Load()), int(p.problem.Load())
	return hostStats{hosts: f + m + pr, found: f, missing: m, problem: pr, cut: int(p.cut.Load()), loading: time.Duration(p.loading.Load())}
}

// dirLoader loads DIR/<key>.txt, the file the -hosts table names, or the
// file of another spelling the directory's scan found (spelt).
func dirLoader(dir string, hosts, spelt map[string]string, opts compile.Options, modeSet bool, tokens []string, keepFile bool) func(string) *target {
	return func(key string) *target {
		name, named := hosts[key]
		listed := false
		if !named {
			if name, listed = spelt[key]; !listed {
				name = robotsdir.FileName(key)
			}
		}
		path := filepath.Join(dir, name)
		if what := robotsdir.Irregular(path); what != "" && !named {
			// A named pipe would block the read until written to.
			return &target{problem: fmt.Sprintf("robots.txt %s: %s, not a file to read", path, what)}
		}
		c, err := compileFile(nil, path, opts, modeSet)
		switch {
		case errors.Is(err, fs.ErrNotExist) && named:
			// The table says the host has a robots.txt: a file not there
			// is a table or directory at fault, not a host without one
			// (whose URLs -missing would allow), as compile refuses it.
			return &target{problem: fmt.Sprintf("robots.txt %v (the -hosts table names it)", err)}
		case errors.Is(err, fs.ErrNotExist) && listed:
			return &target{problem: fmt.Sprintf("robots.txt %v (removed since the run listed the directory)", err)}
		case errors.Is(err, fs.ErrNotExist):
			return &missingTarget
		}
		if err == nil {
			err = notCompiledFor(c.path, c.robots, tokens)
		}
		if err != nil {
			return &target{problem: fmt.Sprintf("robots.txt %v", err)}
		}
		t := &target{m: c.robots.Agent(tokens...), cut: c.file != nil && c.file.Truncated()}
		if keepFile {
			t.file = c.file
		}
		return t
	}
}

// allowAll is the matcher of a host without a robots.txt: the zero
// Matcher binds no group and allows everything (RFC 9309 section 2.3.1.3,
// "unavailable").
var allowAll runtime.Matcher

// storeSource is -pack: each URL's host looked up in a store, whose cache
// (bounded) keeps the hosts' robots.txt loaded and bound.
type storeSource struct {
	st    *store.Store
	agent *store.Agent
	hosts hostSet // the hosts met, each with its status
	mu    sync.Mutex
	// missing are the keys of the hosts without a robots.txt, kept when
	// -missing-hosts asks for them (nil otherwise): each once, by the
	// worker that first put it in hosts.
	missing *keyRuns
	// cacheBytes is the cache's bound now, grown by adapt up to
	// maxCacheBytes (-cache-mb); it, grown and atMax are growMu's.
	growMu                    sync.Mutex
	cacheBytes, maxCacheBytes int64
	grown                     store.CacheStats // at the last growth, or the reload window's start
	atMax                     store.CacheStats // when the cache reached maxCacheBytes
}

const (
	hostFound = iota + 1
	hostMissing
	hostProblem
)

// openStoreSource opens a store for filter. A -mode given that is not the
// mode its blobs were compiled in is refused at once (the first blob is
// asked; a store is written by one compile run).
func openStoreSource(path string, tokens []string, modeSet bool, mode compile.Mode, cacheBytes int64) (*storeSource, error) {
	// The host slots are sized at Open, for a cache of up to 64 MiB:
	// more would hold a slot for every host seen, in memory the cache's
	// bound does not count.
	st, err := store.Open(path, store.Options{CacheBytes: min(cacheBytes, 64<<20)})
	if err == nil {
		st.Resize(min(cacheBytes, startCacheBytes))
	}
	if err != nil {
		return nil, packHint(err, path)
	}
	if packed, ok := packMode(st); ok && modeSet && packed != mode {
		st.Close()
		return nil, fmt.Errorf("%s: its robots.txt were compiled in %s mode; -mode %s does not apply to them", path, packed, mode)
	}
	return &storeSource{st: st, agent: st.AgentOnce(tokens...),
		cacheBytes: min(cacheBytes, startCacheBytes), maxCacheBytes: cacheBytes}, nil
}

// startCacheBytes is filter -pack's first cache bound: a frontier that
// visits each host once (most do) needs no more, and keeps the job's
// memory small (docs/PERFORMANCE.md, "filter on a store").
var startCacheBytes int64 = 16 << 20 // a variable for the tests

// reloadsToGrow is how many robots.txt loaded again after being dropped,
// and at least half the loads since the last growth, double the cache (up
// to -cache-mb): a frontier that comes back to its hosts over and over,
// not one that meets an old host now and then.
const reloadsToGrow = 256

// adapt doubles the cache, up to -cache-mb, while robots.txt dropped
// earlier are loaded again: the frontier comes back to more hosts than
// the cache holds. The workers call it every adaptEvery misses, one at a
// time (a worker that finds another at it goes on), so that the growth
// depends neither on the size of a chunk nor on the order chunks finish
// in: decided once a chunk, it came a chunk late, and a frontier that
// came back to its hosts within a few chunks loaded most of them again
// (docs/PERFORMANCE.md, "filter: the cache's growth within a chunk").
func (s *storeSource) adapt() {
	if !s.growMu.TryLock() {
		return
	}
	defer s.growMu.Unlock()
	if s.cacheBytes >= s.maxCacheBytes {
		return
	}
	c := s.st.CacheStats()
	switch r, loads := c.Reloads-s.grown.Reloads, c.Loads-s.grown.Loads; {
	case r >= reloadsToGrow && 2*r >= loads:
		s.cacheBytes = min(2*s.cacheBytes, s.maxCacheBytes)
		s.st.Resize(s.cacheBytes)
		s.grown, s.atMax = c, c
	case loads >= reloadWindow:
		s.grown = c // the window moves on: what counts is the recent loads
	}
}

// reloadWindow is how many loads adapt judges the reloads among: the
// fewest in which reloadsToGrow can be half, so that the loads of new
// hosts before the frontier comes back delay the growth little.
const reloadWindow = 2 * reloadsToGrow

// hostSeed hashes host keys for the count of hosts seen.
var hostSeed = maphash.MakeSeed()

func (s *storeSource) needHost() bool { return true }

// merge hands a worker's keys of hosts without a robots.txt to the
// source's runs.
func (s *storeSource) merge(wk *worker) {
	if s.missing != nil {
		s.missing.hand(&wk.missing)
	}
}

// addMissing: the workers have handed theirs (merge).
func (s *storeSource) addMissing(*keyRuns) {}

func (s *storeSource) stats() hostStats {
	s.mu.Lock()
	defer s.mu.Unlock()
	var st hostStats
	st.found, st.missing, st.problem = s.hosts.counts()
	st.hosts = st.found + st.missing + st.problem
	c := s.st.CacheStats()
	st.loading = 0
	st.cache = &c
	s.growMu.Lock()
	defer s.growMu.Unlock()
	st.cacheBytes, st.maxCacheBytes = s.cacheBytes, s.maxCacheBytes
	if s.cacheBytes >= s.maxCacheBytes {
		st.droppedAtMax = c.Evictions - s.atMax.Evictions // since the cache reached -cache-mb
	}
	return st
}
