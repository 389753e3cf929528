package main

import "sync"

// hostSet is the hosts a filter run met in a store, for its summary (and
// -missing-hosts: the worker that puts a host first keeps its key): the
// 64-bit hash of each host key, its two low bits replaced by the host's
// status (hostFound, hostMissing, hostProblem), in open-addressed tables
// at most three quarters full: 11 to 21 bytes a host where maps of the
// hashes took about 92 (docs/PERFORMANCE.md, "filter: memory a host").
// The workers share it, in shards each under its own lock; it is written
// only when the store had to look a host up, not for every line. Two
// hosts whose hashes differ only in their two low bits count as one.
type hostSet struct {
	shards [hostShards]hostShard
}

const hostShards = 64

type hostShard struct {
	mu    sync.Mutex
	slots []uint64 // 0: empty
	n     int
	_     [24]byte // 64 bytes a shard, so that two locks seldom share a cache line
}

// put records a host's hash with its status (the last one put wins),
// and reports whether the host was new.
func (s *hostSet) put(h uint64, status uint8) bool {
	sh := &s.shards[h>>(64-6)]
	e := h&^3 | uint64(status)
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if sh.slots == nil {
		sh.slots = make([]uint64, 64)
	}
	if !sh.insert(e) {
		return false
	}
	if sh.n++; sh.n*4 > len(sh.slots)*3 {
		old := sh.slots
		sh.slots = make([]uint64, 2*len(old))
		for _, e := range old {
			if e != 0 {
				sh.insert(e)
			}
		}
	}
	return true
}

// insert puts e in its slot, replacing the status of its host; it
// reports whether the host was new.
func (sh *hostShard) insert(e uint64) bool {
	mask := uint64(len(sh.slots) - 1)
	for i := (e >> 2) & mask; ; i = (i + 1) & mask {
		switch cur := sh.slots[i]; {
		case cur == 0:
			sh.slots[i] = e
			return true
		case cur&^3 == e&^3:
			sh.slots[i] = e
			return false
		}
	}
}

// counts is the number of hosts of each status.
func (s *hostSet) counts() (found, missing, problem int) {
	for i := range s.shards {
		sh := &s.shards[i]
		sh.mu.Lock()
		for _, e := range sh.slots {
			switch {
			case e == 0:
			case e&3 == hostFound:
				found++
			case e&3 == hostMissing:
				missing++
			default:
				problem++
			}
		}
		sh.mu.Unlock()
	}
	return found, missing, problem
}
