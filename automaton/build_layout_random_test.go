package automaton

import (
	"cmp"
	"math/rand"
	"slices"
	"testing"
)

// TestAssembleRandom: tables laid out from random rows answer every path
// as the rows do, walked one state at a time. The rows are drawn to make
// what the layout must get right common: states of one exception leading
// on to the next (chains), defaults into live states, several ways into a
// state, outputs, starts other than the first live state, and cycles
// nothing leads into. The hand-made cases of build_layout_test.go each
// pin one of these.
func TestAssembleRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(9309))
	ranks := []rank{{Kind: Allow, Priority: 3, Line: 1}, {Kind: Disallow, Priority: 3, Line: 2}, {Kind: Disallow, Priority: 1, Line: 3}}
	const eoi = 6 // handDFA's classes: other, '/', 'a' to 'd', end of input
	var classOf [256]uint8
	for i, b := range []byte("/abcd") {
		classOf[b] = uint8(i + 1)
	}
	for n := 0; n < 3000; n++ {
		nd := 1 + rng.Intn(3)
		live := 1 + rng.Intn(10)
		results := make([]int32, nd)
		for i := range results {
			results[i] = int32(rng.Intn(len(ranks)+1)) - 1 // NoRule is -1
		}
		outputs := make([]int32, rng.Intn(min(live, 3)+1))
		for i := range outputs {
			outputs[i] = int32(rng.Intn(len(ranks)))
		}
		decided := func() int32 { return int32(rng.Intn(nd)) }
		defs := make([]uint32, nd+live)
		rows := make([][]edge, nd+live)
		// Each live state leads on to the next in a random order, most
		// often: chains through any state, the first live one included.
		next := make([]int32, nd+live)
		order := rng.Perm(live)
		for i, s := range order {
			next[nd+s] = int32(nd + live) // none
			if i+1 < live {
				next[nd+s] = int32(nd + order[i+1])
			}
		}
		for s := nd; s < nd+live; s++ {
			def := decided()
			if rng.Intn(4) == 0 {
				def = int32(nd) // the first live state
				if rng.Intn(2) == 0 {
					def += int32(rng.Intn(live))
				}
			}
			defs[s] = uint32(def)
			k := 1
			if rng.Intn(6) == 0 {
				k = rng.Intn(4)
			}
			for _, c := range rng.Perm(eoi)[:k] {
				to := next[s]
				if to == int32(nd+live) || rng.Intn(6) == 0 {
					to = int32(rng.Intn(nd + live))
				}
				if to != def {
					rows[s] = append(rows[s], edge{uint8(c), to})
				}
			}
			// The end of input leads to a decided state.
			if def >= int32(nd) || rng.Intn(20) == 0 {
				if to := decided(); to != def {
					rows[s] = append(rows[s], edge{eoi, to})
				}
			}
			slices.SortFunc(rows[s], func(a, b edge) int { return cmp.Compare(a.class, b.class) })
		}
		start := uint32(nd + order[0]) // a chain's head, most often
		if rng.Intn(3) == 0 {
			start = uint32(nd + rng.Intn(live))
		}
		d := handDFA(results, outputs, defs, rows, start)
		// The rows, walked one state at a time.
		want := func(path []byte) int32 {
			leader := int32(NoRule)
			settle := func(s uint32) bool {
				if int(s) < nd {
					leader = combine(ranks, leader, results[s])
					return true
				}
				if int(s)-nd < len(outputs) {
					leader = combine(ranks, leader, outputs[int(s)-nd])
				}
				return false
			}
			step := func(s uint32, c uint8) uint32 {
				for _, e := range rows[s] {
					if e.class == c {
						return uint32(e.to)
					}
				}
				return defs[s]
			}
			s := start
			if settle(s) {
				return leader
			}
			for _, b := range path {
				if s = step(s, classOf[b]); settle(s) {
					return leader
				}
			}
			settle(step(s, eoi))
			return leader
		}
		path := make([]byte, 0, 16)
		for range 60 {
			path = path[:0]
			for j := rng.Intn(16); j > 0; j-- {
				path = append(path, "/abcdx"[rng.Intn(6)])
			}
			if got, w := d.run(ranks, path), want(path); got != w {
				t.Fatalf("defs %v rows %v outputs %v results %v start %d, path %q: %d, want %d", defs, rows, outputs, results, start, path, got, w)
			}
		}
	}
}
