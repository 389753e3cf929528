package main

import (
	"bytes"
	"errors"
	"fmt"
	"hash/maphash"

	"github.com/robotsdfa/robotsdfa/runtime"
	"github.com/robotsdfa/robotsdfa/store"
)

// A worker's hosts, for filter -pack. Each worker keeps the targets of the
// hosts it met in its own map (worker.local), so that a line whose host is
// not the line before's costs a map lookup that writes nothing shared,
// not a store lookup (docs/PERFORMANCE.md, "filter: a worker's hosts").
//
// A kept Matcher keeps its robots.txt in memory, so the map is used only
// while the store's cache holds what the frontier asks for: in a chunk
// that began with no robots.txt dropped since the chunk before (calm).
// It takes a host's Matcher only while nothing has been dropped in the
// chunk, so whatever it holds was in the cache at once, and it is emptied
// at the start of the first chunk after a drop: it holds nothing the
// cache dropped past the chunk in which it was dropped. A frontier that
// visits each host once, or comes back to more hosts than the cache
// holds, keeps the cache dropping and never uses the map (no memory, no
// cost); one that comes back to hosts the cache holds (grown to hold them,
// as filter grows it) keeps them all. Hosts without a robots.txt share one
// target and hold nothing; maxLocalHosts bounds the keys.

// maxLocalHosts is how many hosts a worker's map holds before it is
// emptied (about 4 MiB of keys and entries).
const maxLocalHosts = 1 << 16

// adaptEvery is how many of the store's misses a worker counts between
// its calls of adapt: often enough that the cache grows within a chunk
// in which the frontier comes back to its hosts, rarely enough to cost
// nothing beside the loads.
const adaptEvery = 64

// missingTarget is every host without a robots.txt's target, in a
// pack or a -robots-dir.
var missingTarget = target{missing: true, m: allowAll}

// startChunk decides whether the worker's map of hosts serves this chunk
// (calm), and drops it when not.
func (s *storeSource) startChunk(wk *worker) {
	ev := s.st.CacheStats().Evictions
	wk.calm = ev == wk.evictions && len(wk.local) < maxLocalHosts
	if !wk.calm && len(wk.local) > 0 {
		wk.local = nil // its memory too, not only its entries
	}
	wk.evictions = ev
}

// target answers from the worker's map, else from the store.
func (s *storeSource) target(url string, wk *worker) *target {
	// Consecutive URLs of one host (frontiers are often grouped by host)
	// reuse its target, known by the bytes that decided the last key
	// where they can tell, else by the key (computing a key that is the
	// last one's was a tenth of a grouped frontier's CPU:
	// docs/PERFORMANCE.md, "filter: the host's bytes").
	if runtime.HasHostPrefix(url, wk.prevPrefix) {
		return wk.cur
	}
	key, n, ok := runtime.AppendHostKeyPrefix(wk.key[:0], url)
	if !ok {
		return nil
	}
	wk.key = key
	wk.prevPrefix = append(wk.prevPrefix[:0], url[:n]...)
	if bytes.Equal(key, wk.prevKey) {
		return wk.cur
	}
	wk.prevKey = append(wk.prevKey[:0], key...)
	if wk.calm {
		if t := wk.local[string(key)]; t != nil {
			wk.cur = t
			return t
		}
	}
	wk.cur = s.ask(key, wk)
	return wk.cur
}

// ask looks a host key up in the store, counts the host when the store
// had to (the first time, or again after its slot was taken), and keeps
// its target in the worker's map when it may.
func (s *storeSource) ask(key []byte, wk *worker) *target {
	if wk.calm && wk.local == nil {
		wk.local = map[string]*target{}
	}
	before := s.st.CacheStats()
	m, err := s.agent.MatcherKey(key)
	after := s.st.CacheStats()
	t, status := &wk.scratch, uint8(hostFound)
	switch {
	case err == nil && wk.calm && after.Evictions == wk.evictions:
		t = &target{m: m}
		wk.local[string(key)] = t
	case err == nil:
		wk.scratch = target{m: m}
	case errors.Is(err, store.ErrNotFound):
		t, status = &missingTarget, hostMissing
		if wk.calm {
			wk.local[string(key)] = t
		}
	default:
		// Kept like a robots.txt: a blob the store refused (damaged, too
		// large, compiled for other agents) is refused again, and asking
		// once more would decompress it again and count a miss that grows
		// the cache.
		t, status = &target{problem: fmt.Sprintf("robots.txt of %s: %v", key, err)}, hostProblem
		if wk.calm {
			wk.local[string(key)] = t
		}
	}
	if after.Misses == before.Misses {
		// Found in its slot, which a check of the host that missed put
		// there and counted (store.CacheStats): counting the runs that
		// hit too was 7% of a run's CPU (docs/PERFORMANCE.md, "filter:
		// the per-line work left").
		return t
	}
	if wk.misses++; wk.misses%adaptEvery == 0 {
		s.adapt()
	}
	if s.hosts.put(maphash.Bytes(hostSeed, key), status) && status == hostMissing && s.missing != nil {
		s.missing.add(&wk.missing, key)
	}
	return t
}
