package automaton

import (
	"encoding/binary"
	"slices"
)

// Minimisation (Moore's partition refinement).
//
// Two states are equivalent when every input leads both to the same
// result. Decided states are absorbing, so a decided state behaves like a
// state whose every transition loops to itself; a live state equivalent to
// a decided one is merged into it, and the walk then stops earlier.
//
// Subset construction with pruning and a canonical leader is close to
// minimal already (see the closing figures in the package doc); Minimize
// removes what is left, at O(states × classes) per refinement round.

// minimize returns an equivalent DFA with the fewest states, numbered with
// decided states first, or d itself when it is minimal already.
func (d *dfa) minimize() *dfa {
	l := d.logical()
	n := d.numStates()
	k := d.NumClasses
	nd := uint32(d.NumDecided)
	next := func(s uint32, c int) uint32 {
		if s < nd {
			return s
		}
		return l.step(s, uint8(c))
	}
	// Initial partition: by what a state settles on entry and the result
	// at end of input.
	block := make([]int32, n)
	blocks := partition(n, func(s int, key []byte) []byte {
		var r int32
		if uint32(s) < nd {
			r = l.result(uint32(s))
		} else {
			r = l.result(l.step(uint32(s), d.eoiClass()))
		}
		key = binary.LittleEndian.AppendUint32(key, uint32(l.output(uint32(s))))
		return binary.LittleEndian.AppendUint32(key, uint32(r))
	}, block)
	for {
		prev := slices.Clone(block)
		nb := partition(n, func(s int, key []byte) []byte {
			key = binary.LittleEndian.AppendUint32(key, uint32(prev[s]))
			for c := 0; c < k-1; c++ {
				key = binary.LittleEndian.AppendUint32(key, uint32(prev[next(uint32(s), c)]))
			}
			return key
		}, block)
		if nb == blocks {
			break
		}
		blocks = nb
	}
	if blocks == n {
		return d
	}
	return d.quotient(l, block, blocks)
}

// partition numbers states by the key sig writes for them, in order of
// first appearance, into block; it returns the number of blocks.
func partition(n int, sig func(s int, key []byte) []byte, block []int32) int {
	ids := make(map[string]int32, n)
	var key []byte
	for s := 0; s < n; s++ {
		key = sig(s, key[:0])
		id, ok := ids[string(key)]
		if !ok {
			id = int32(len(ids))
			ids[string(key)] = id
		}
		block[s] = id
	}
	return len(ids)
}

// quotient builds the DFA whose states are the blocks: a block holding a
// decided state is decided; the others keep their representative's output
// and row.
func (d *dfa) quotient(l *logical, block []int32, blocks int) *dfa {
	nd := d.NumDecided
	// kind: 0 decided, 1 live with output, 2 other live.
	kind := make([]uint8, blocks)
	rep := make([]int32, blocks)
	for i := range kind {
		kind[i] = 2
	}
	for s := d.numStates() - 1; s >= 0; s-- {
		b := block[s]
		rep[b] = int32(s)
		switch {
		case s < nd:
			kind[b] = 0
		case l.settles(uint32(s)) && kind[b] != 0:
			kind[b] = 1
		}
	}
	// Renumber by kind, each in order of first state.
	id := make([]uint32, blocks)
	order := make([]int32, 0, blocks)
	for pass := uint8(0); pass < 3; pass++ {
		for s := 0; s < d.numStates(); s++ {
			b := block[s]
			if rep[b] != int32(s) || kind[b] != pass {
				continue
			}
			id[b] = uint32(len(order))
			order = append(order, b)
		}
	}
	var results, outputs []int32
	for _, b := range order {
		s := uint32(rep[b])
		// A block's representative is its first state, so a block holding
		// a decided state (numbered first) is represented by it.
		switch kind[b] {
		case 0:
			results = append(results, l.result(s))
		case 1:
			outputs = append(outputs, l.output(s))
		}
	}
	live := order[len(results):]
	rows := func(defs []uint32, off []int32, buf []edge) []edge {
		for i, b := range live {
			off[i] = int32(len(buf))
			def, ex := l.row(uint32(rep[b]), nil)
			defs[i] = id[block[def]]
			for _, e := range ex {
				if to := id[block[e.to]]; to != defs[i] {
					buf = append(buf, edge{e.class, int32(to)})
				}
			}
		}
		off[len(live)] = int32(len(buf))
		return buf
	}
	return assemble(d.cls, d.NumClasses, results, outputs, len(live), id[block[l.id(d.start)]], rows, chainTails{})
}
