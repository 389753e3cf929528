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

// Minimize returns an equivalent DFA with the fewest states, numbered with
// decided states first, or d itself when it is minimal already.
func (d *DFA) Minimize() *DFA {
	n := d.NumStates()
	k := d.NumClasses
	nd := uint32(d.NumDecided)
	next := func(s uint32, c int) uint32 {
		if s < nd {
			return s
		}
		return d.Step(s, uint8(c))
	}
	// Initial partition: by what a state settles on entry and the result
	// at end of input.
	out := func(s uint32) int32 {
		if i := s - nd; s >= nd && int(i) < len(d.Outputs) {
			return d.Outputs[i]
		}
		return NoRule
	}
	block := make([]int32, n)
	blocks := partition(n, func(s int, key []byte) []byte {
		r := int32(0)
		if uint32(s) < nd {
			r = d.Results[s]
		} else {
			r = d.Results[d.Step(uint32(s), d.EOIClass())]
		}
		key = binary.LittleEndian.AppendUint32(key, uint32(out(uint32(s))))
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
	return d.quotient(block, blocks)
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
func (d *DFA) quotient(block []int32, blocks int) *DFA {
	nd := d.NumDecided
	// kind: 0 decided, 1 live with output, 2 other live.
	kind := make([]uint8, blocks)
	rep := make([]int32, blocks)
	for i := range kind {
		kind[i] = 2
	}
	for s := d.NumStates() - 1; s >= 0; s-- {
		b := block[s]
		rep[b] = int32(s)
		switch {
		case s < nd:
			kind[b] = 0
		case s-nd < len(d.Outputs) && kind[b] != 0:
			kind[b] = 1
		}
	}
	// Renumber by kind, each in order of first state.
	id := make([]uint32, blocks)
	order := make([]int32, 0, blocks)
	for pass := uint8(0); pass < 3; pass++ {
		for s := 0; s < d.NumStates(); s++ {
			b := block[s]
			if rep[b] != int32(s) || kind[b] != pass {
				continue
			}
			id[b] = uint32(len(order))
			order = append(order, b)
		}
	}
	out := &DFA{Classes: d.Classes, NumClasses: d.NumClasses}
	for _, b := range order {
		s := int(rep[b])
		// A block's representative is its first state, so a block holding
		// a decided state (numbered first) is represented by it.
		switch kind[b] {
		case 0:
			out.Results = append(out.Results, d.Results[s])
		case 1:
			out.Outputs = append(out.Outputs, d.Outputs[s-nd])
		}
	}
	out.NumDecided = len(out.Results)
	out.Start = id[block[d.Start]]
	for _, b := range order[out.NumDecided:] {
		s := uint32(rep[b])
		def := id[block[d.defaultOf(s)]]
		var row []edge
		for c := 0; c < d.NumClasses; c++ {
			if to := id[block[d.Step(s, uint8(c))]]; to != def {
				row = append(row, edge{uint8(c), int32(to)})
			}
		}
		out.appendRow(row, def, id[b])
	}
	return out
}

// defaultOf is the most common target of live state s's row.
func (d *DFA) defaultOf(s uint32) uint32 {
	off := d.Rows[s-uint32(d.NumDecided)]
	if off&SparseRow != 0 {
		return d.Trans[off&^SparseRow]
	}
	counts := map[uint32]int{}
	best, most := uint32(0), 0
	for c := 0; c < d.NumClasses; c++ {
		t := d.Trans[off+uint32(c)]
		counts[t]++
		if counts[t] > most || counts[t] == most && t < best {
			best, most = t, counts[t]
		}
	}
	return best
}

// appendRow lays out live state self's row: dense when it has many
// exceptions, or when its default is itself (a state a walk loops in, byte
// after byte, as in a floating pattern's scan, must step in one load);
// else sparse (a default and the exceptions). Targets are absolute state
// numbers.
func (d *DFA) appendRow(row []edge, def, self uint32) {
	if denseRow(len(row), def, self) {
		d.Rows = append(d.Rows, uint32(len(d.Trans)))
		base := len(d.Trans)
		for c := 0; c < d.NumClasses; c++ {
			d.Trans = append(d.Trans, def)
		}
		for _, e := range row {
			d.Trans[base+int(e.class)] = uint32(e.to)
		}
		return
	}
	d.Rows = append(d.Rows, uint32(len(d.Trans))|SparseRow)
	d.Trans = append(d.Trans, def, uint32(len(row)))
	for _, e := range row {
		d.Trans = append(d.Trans, uint32(e.class), uint32(e.to))
	}
}

// denseRow is appendRow's choice, also used to size tables.
func denseRow(exceptions int, def, self uint32) bool {
	return exceptions > denseAbove || def == self
}
