package automaton

import (
	"slices"
)

// From a builder's rows to a DFA. Subset construction, the trie and the
// keyword automaton all record their states' rows in a builder; finish
// numbers the states and hands the rows to assemble (build_layout.go).

// addRow records the next live state's row: its exceptions, then its
// end-of-input target where it is not the default.
func (b *builder) addRow(row []edge, def, eoi int32) {
	if eoi != def {
		row = append(row, edge{b.eoi, eoi})
	}
	b.rows = append(b.rows, span{int32(len(b.edges)), int32(len(row))})
	if len(row) <= 2 {
		// Most rows (a trie's every state): cheaper than memmove's call.
		//lint:ignore S1011 measured: the loop is cheaper for one or two edges
		for _, e := range row {
			b.edges = append(b.edges, e)
		}
	} else {
		b.edges = append(b.edges, row...)
	}
	if cap(row) > cap(b.row) {
		b.row = row // grown: keep the larger buffer
	}
	b.defaults = append(b.defaults, def)
}

// stateNumber is the logical state number of ref (see edge), given the
// live states' numbers id. (A function rather than a closure in finish,
// so that it inlines into the loop over every edge.)
func stateNumber(id []uint32, ref int32) uint32 {
	if ref < 0 {
		return uint32(-ref - 1)
	}
	return id[ref]
}

// finish numbers decided states first, then live states with an
// output, then the other live states, and lays out the table.
func (b *builder) finish(start int32) *dfa {
	nd := uint32(len(b.results))
	live, nout := len(b.threads), 0
	for _, l := range b.outputs {
		if l != NoRule {
			nout++
		}
	}
	id := slices.Grow(b.ids[:0], live)[:live]
	order := slices.Grow(b.order[:0], live)[:live]
	outputs := slices.Grow(b.outs[:0], nout)[:nout]
	defer func() { b.ids, b.order, b.outs = id, order, outputs }()
	// In one pass: the states with an output from 0, the others from nout.
	with, without := 0, nout
	for s, l := range b.outputs {
		k := without
		if l != NoRule {
			k, outputs[with] = with, l
			with++
		} else {
			without++
		}
		id[s], order[k] = nd+uint32(k), int32(s)
	}
	rows := func(defs []uint32, off []int32, buf []edge) []edge {
		// Every live state's row, written in place.
		at := len(buf)
		buf = slices.Grow(buf, len(b.edges))[:at+len(b.edges)]
		defs, off = defs[:len(order)], off[:len(order)+1] // no bounds checks below
		for i, s := range order {
			off[i] = int32(at)
			sp := b.rows[s]
			for _, e := range b.edges[sp.off : sp.off+sp.n] {
				buf[at] = edge{e.class, int32(stateNumber(id, e.to))}
				at++
			}
			defs[i] = stateNumber(id, b.defaults[s])
		}
		off[len(order)] = int32(at)
		return buf
	}
	var tails []span // by live state, in order (a trie's, see trieTail)
	if len(b.tails) > 0 {
		tails = slices.Grow(b.tailOf[:0], live)[:live]
		clear(tails)
		for _, x := range b.tails {
			tails[id[x.s]-nd] = x.sp
		}
		b.tailOf = tails
	}
	return assemble(&b.classOf, b.classes, b.results, outputs, len(order), stateNumber(id, start), rows, chainTails{tails, b.tailBytes})
}
