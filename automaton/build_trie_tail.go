package automaton

// A trie state of one rule begins that rule's tail: the states after it
// hold the same one rule, each with one exception (the rule's next
// byte) and the default of every trie state, nothing else leads to them,
// and they settle nothing, so the layout puts them all in the chain row
// of the first (see DFA) and they need no row of their own. buildTrie
// therefore makes only the first, with the classes of the others as its
// tail: the table is the one it would make state by state (including
// the order in which states and decided states are numbered, as
// TestTrieEqualsSubset checks), at a cost per byte of the tail instead
// of per state. What the tail leads to, its end, is numbered when
// buildTrie would have reached the tail's last state: see tailEnd.

// stateTail is live state s's tail, a span of tailBytes.
type stateTail struct {
	s  int32
	sp span
}

// tailEnd is what a tail leads to, waiting for its number: the state of
// rule sp (a span of the arena) at depth, or the decided state of the
// rule (decided); edge is the edge to patch. It is numbered when
// buildTrie would have expanded the tail's last state, of depth-1: before
// the first state after it in depth, then body order. rank is the rule's
// place in body order, which stands for the tail's path in that order:
// the paths of two states of one depth differ, and the rules under each
// path are a run in body order.
type tailEnd struct {
	sp      span
	depth   int32
	rank    int32
	edge    int32
	decided bool
}

// trieTail adds the row of buildTrie's live state s when it holds one
// rule: the loops over a state's rules, in short, in a function of few
// variables (in buildTrie's loop they are spilled and reloaded at every
// state). The rule ends here (anchored, for the end of input), or its
// next byte leads on, through its tail (the bytes after that one that
// lead on to a state of the same rule), to the state of the same rule
// after the tail or to the decided state that settles it. def is every
// live state's default.
func (b *builder) trieTail(s, def int32) {
	sp := b.threads[s]
	r := b.arena[sp.off]
	d := int(b.depths[s])
	body := b.nfa.body[r]
	row := b.row[:0]
	eoi := def // NoRule's decided state
	if len(body) == d {
		eoi = b.decidedRef(r)
	} else if c := body[d]; b.classOf[c] != b.eoi {
		// The tail: body[d+1:j]; the end of input's class (NUL, in
		// Google mode) cuts it.
		j := d + 1
		for j < len(body) && b.classOf[body[j]] != b.eoi {
			j++
		}
		settles := j == len(body) && !b.nfa.anchored[r]
		var to int32
		switch {
		case j > d+1:
			// Numbered later (see tailEnd).
			at := len(b.tailBytes)
			for k := d + 1; k < j; k++ {
				b.tailBytes = append(b.tailBytes, b.classOf[body[k]])
			}
			b.tails = append(b.tails, stateTail{s, span{int32(at), int32(j - d - 1)}})
			b.pushEnd(tailEnd{sp, int32(j), b.ranks[r], int32(len(b.edges)), settles})
		case settles:
			to = b.decidedRef(r)
		default:
			// The new state shares this one's span of the arena.
			to = b.trieState(sp, j, NoRule)
		}
		row = append(row, edge{b.classOf[c], to})
	}
	b.addRow(row, def, eoi)
}

// endBefore reports whether tail end e is numbered before live state s
// is expanded: whether the tail's last state comes before s in depth,
// then body order.
func (b *builder) endBefore(e tailEnd, s int32) bool {
	d := b.depths[s] + 1
	return e.depth < d || e.depth == d && e.rank < b.ranks[b.arena[b.threads[s].off]]
}

// endLess orders tail ends by their last states, as endBefore.
func endLess(x, y tailEnd) bool {
	return x.depth < y.depth || x.depth == y.depth && x.rank < y.rank
}

// reachEnd numbers the first tail end, and patches its edge.
func (b *builder) reachEnd() {
	e := b.popEnd()
	if e.decided {
		b.edges[e.edge].to = b.decidedRef(b.arena[e.sp.off])
	} else {
		b.edges[e.edge].to = b.trieState(e.sp, int(e.depth), NoRule)
	}
}

// pushEnd and popEnd keep b.ends a binary heap under endLess: a file's
// tails reach their ends in another order than they begin.
func (b *builder) pushEnd(e tailEnd) {
	h := append(b.ends, e)
	for i := len(h) - 1; i > 0; {
		p := (i - 1) / 2
		if !endLess(h[i], h[p]) {
			break
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
	b.ends = h
}

func (b *builder) popEnd() tailEnd {
	h := b.ends
	e := h[0]
	last := len(h) - 1
	h[0] = h[last]
	h = h[:last]
	for i := 0; ; {
		k := 2*i + 1
		if k >= len(h) {
			break
		}
		if k+1 < len(h) && endLess(h[k+1], h[k]) {
			k++
		}
		if !endLess(h[k], h[i]) {
			break
		}
		h[i], h[k] = h[k], h[i]
		i = k
	}
	b.ends = h
	return e
}
