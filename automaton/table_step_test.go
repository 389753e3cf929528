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

// TestLogicalRows: the logical form of a table (what Dump prints and
// minimisation reads) gives every live state the transitions its walk
// takes: the row's exceptions and default against a step on every class,
// for sparse rows of up to 6 exceptions (two words of classes), dense
// rows and chains.
func TestLogicalRows(t *testing.T) {
	for _, pats := range [][]string{
		{"/a1", "/b1", "/c1", "/d1", "/e1", "/f*x"},
		{"/abcdef", "/xyz", "/a*b"},
		{"/*.pdf$", "/private/", "/p*q*r"},
	} {
		sparse := 0
		for _, d := range build(rulesOf([]Kind{Disallow}, pats...), options{}).dfas {
			l := d.logical()
			for s := uint32(d.NumDecided); s < uint32(d.numStates()); s++ {
				def, ex := l.row(s, nil)
				if !isDense(l.refs[s-uint32(d.NumDecided)]) && len(ex) >= 5 {
					sparse++
				}
				want := make([]uint32, d.NumClasses)
				for c := range want {
					want[c] = def
				}
				for _, e := range ex {
					want[e.class] = uint32(e.to)
				}
				for c := range want {
					if got := l.step(s, uint8(c)); got != want[c] {
						t.Fatalf("%q: state %d, class %d: its row says %d, a step %d", pats, s, c, want[c], got)
					}
				}
			}
		}
		if pats[0] == "/a1" && sparse == 0 {
			t.Fatalf("%q: no sparse row of 5 exceptions or more: change the rules", pats)
		}
	}
}
