package automaton

import (
	"math/rand"
	"slices"
	"testing"
)

// TestSparseStep: sparseStep finds a class in a sparse row as a search of
// its classes one by one would, for rows short enough for its one-word
// compare and of several words, every class of the row's automaton, and classes
// 0 and 255 (a row's padding is zero bytes).
func TestSparseStep(t *testing.T) {
	rng := rand.New(rand.NewSource(9309))
	for round := 0; round < 3000; round++ {
		numClasses := 1 + rng.Intn(256)
		n := rng.Intn(min(numClasses, 41))
		// n distinct classes, ascending, as a valid row holds them.
		classes := rng.Perm(numClasses)[:n]
		slices.Sort(classes)
		r := uint32(2 + rng.Intn(3))
		tab := make([]uint32, r+sparseWords(uint32(n))+uint32(rng.Intn(3)))
		tab[r], tab[r+1] = 1000, uint32(n)
		tw := r + 2 + uint32(n+3)/4
		for j, c := range classes {
			tab[r+2+uint32(j)/4] |= uint32(c) << (8 * (j % 4))
			tab[tw+uint32(j)] = 2000 + uint32(j)
		}
		for c := 0; c < 256; c++ {
			want := uint32(1000)
			for j, k := range classes {
				if k == c {
					want = 2000 + uint32(j)
				}
			}
			if got := sparseStep(tab, r, uint8(c)); got != want {
				t.Fatalf("classes %v, class %d: got %d, want %d", classes, c, got, want)
			}
		}
	}
}
