package automaton

import "testing"

// TestSealSlab: a decoder's slab with room for a program's other walks
// holds them, to its last slot, with no allocation (Decode's allocation
// count depends on it); a slab with less room is left alone and the walks
// are allocated.
func TestSealSlab(t *testing.T) {
	// Floating and anchored rules: two DFAs at least, none scanned.
	p := build([]Rule{
		{Kind: Disallow, Pattern: "/a", Line: 1},
		{Kind: Disallow, Pattern: "*.pdf", Line: 2},
		{Kind: Allow, Pattern: "/a*b", Line: 3},
	}, options{})
	n := len(p.dfas) - 1
	if n < 1 || len(p.scan) > 0 {
		t.Fatalf("%d DFAs and %d scanned rules, want two DFAs or more and none scanned", len(p.dfas), len(p.scan))
	}
	slab := make([]walk, 1, 1+n) // one slot taken by an earlier program
	allocs := testing.AllocsPerRun(10, func() {
		slab = slab[:1]
		p.seal(&slab)
	})
	if allocs != 0 || len(slab) != 1+n || len(p.rest) != n || &p.rest[0] != &slab[1] {
		t.Fatalf("exact room: %.0f allocations, slab of %d, rest of %d, in the slab %v", allocs, len(slab), len(p.rest), len(p.rest) > 0 && &p.rest[0] == &slab[1])
	}
	short := make([]walk, 1, n) // one slot short
	p.seal(&short)
	inShort := cap(short) > 1 && &p.rest[0] == &short[:2][1]
	if len(short) != 1 || len(p.rest) != n || inShort {
		t.Fatalf("a slab one slot short: slab of %d, rest of %d, in the slab %v", len(short), len(p.rest), inShort)
	}
	for i, d := range p.dfas[1:] {
		if &p.rest[i].t[0] != &d.walk.t[0] {
			t.Fatalf("rest[%d] is not DFA %d's walk", i, i+1)
		}
	}
}
