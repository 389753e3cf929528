package automaton

import (
	"math/rand"
	"slices"
	"testing"
)

// TestThreadUnion: union agrees with sorting the concatenation, on empty
// and non-empty ascending lists, repeats within and across them included.
func TestThreadUnion(t *testing.T) {
	rng := rand.New(rand.NewSource(9309))
	var ts threadSet
	ascending := func(n int) []int32 {
		s := make([]int32, n)
		for i := range s {
			s[i] = int32(rng.Intn(30))
		}
		slices.Sort(s)
		return s
	}
	for trial := 0; trial < 5000; trial++ {
		a, b := ascending(rng.Intn(40)), ascending(rng.Intn(5))
		want := slices.Sorted(slices.Values(append(slices.Clone(a), b...)))
		ts.pos = append(ts.pos[:0], 99) // stale content is replaced
		ts.union(a, b)
		if !slices.Equal(ts.pos, want) {
			t.Fatalf("trial %d: union(%v, %v) = %v, want %v", trial, a, b, ts.pos, want)
		}
	}
}
