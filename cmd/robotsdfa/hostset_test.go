package main

import (
	"math/rand"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestHostSet: a hostSet answers as a map of the hashes (their two low
// bits aside) to the last status put would: new or not, and the counts
// of each status, through the growth of its shards; hashes with few bits
// set, all in one shard, probe past each other.
func TestHostSet(t *testing.T) {
	rng := rand.New(rand.NewSource(9309))
	for _, gen := range []func(int) uint64{
		func(int) uint64 { return rng.Uint64() },
		func(i int) uint64 { return uint64(rng.Intn(5000)) << 2 },              // one shard, a small range
		func(i int) uint64 { return uint64(rng.Intn(3000))<<40 | uint64(i%3) }, // low bits differ: one host
	} {
		var s hostSet
		model := map[uint64]uint8{}
		for i := range 40_000 {
			h, status := gen(i), uint8(1+rng.Intn(3))
			_, had := model[h&^3]
			require.Equal(t, !had, s.put(h, status), "%#x", h)
			model[h&^3] = status
		}
		var want [4]int
		for _, st := range model {
			want[st]++
		}
		f, m, p := s.counts()
		require.Equal(t, [3]int{want[hostFound], want[hostMissing], want[hostProblem]}, [3]int{f, m, p})
	}
}

// TestHostSetConcurrent: workers putting at once (run under -race in CI)
// count each host once.
func TestHostSetConcurrent(t *testing.T) {
	var s hostSet
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewSource(int64(w)))
			for _, i := range rng.Perm(10_000) { // every host, in an order of its own
				s.put(uint64(i)*0x9e3779b97f4a7c15, hostMissing)
			}
		}()
	}
	wg.Wait()
	_, m, _ := s.counts()
	require.Equal(t, 10_000, m)
}
