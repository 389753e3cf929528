package automaton

import (
	"math/rand"
	"slices"
	"testing"
)

// TestThreadSort: the run-merging sort agrees with slices.Sort on empty,
// sorted, two-run and arbitrary thread lists, duplicates included.
func TestThreadSort(t *testing.T) {
	rng := rand.New(rand.NewSource(9309))
	var ts threadSet
	for trial := 0; trial < 5000; trial++ {
		n := rng.Intn(40)
		pos := make([]int32, n)
		for i := range pos {
			pos[i] = int32(rng.Intn(30))
		}
		switch trial % 3 {
		case 0: // two ascending runs
			cut := 0
			if n > 0 {
				cut = rng.Intn(n + 1)
			}
			slices.Sort(pos[:cut])
			slices.Sort(pos[cut:])
		case 1:
			slices.Sort(pos)
		}
		want := slices.Sorted(slices.Values(pos))
		ts.pos = append(ts.pos[:0], pos...)
		ts.sort()
		if !slices.Equal(ts.pos, want) {
			t.Fatalf("trial %d: sort(%v) = %v, want %v", trial, pos, ts.pos, want)
		}
	}
}
