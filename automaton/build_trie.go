package automaton

import (
	"slices"
	"strings"
)

// Literal rules (no '*' in what they match) need no subset construction:
// a state's threads are one position per rule, at the depth of the path
// read so far, so the states are the nodes of the trie of the rules'
// bodies, each distinct. A node's output is the plain rules that end
// there; its threads are the rules passing through (and the anchored ones
// ending there, waiting for the end of input) that are still useful given
// that output, as threadSet.normalize prunes them. buildTrie lays the
// trie out in the order subset construction discovers states (the
// default target first, then bytes ascending, then the end of input), so
// it gives the very DFA buildDFA would (TestTrieEqualsSubset), in time
// linear in the patterns' bytes. The states of a pattern's tail, after
// the last byte it shares with another, are not made one by one: the
// first holds the others' classes (see trieTail).

// allLiteral reports whether none of the rules ids needs a star.
func allLiteral(rules []Rule, ids []int32) bool {
	for _, id := range ids {
		if hasStar(rules[id].Pattern) {
			return false
		}
	}
	return true
}

// buildTrie is buildDFA for literal rules, without a budget.
func buildTrie(rules []Rule, ids []int32, opts options) *dfa {
	b := builders.Get().(*builder)
	defer builders.Put(b)
	b.reset(opts)
	b.n = b.nfa.initBodies(rules, ids)
	if !b.makeClasses(ids) {
		return nil
	}
	// Local views, indexed directly in the loops below.
	bodies, anchors := b.nfa.body, b.nfa.anchored

	// Rules sorted by body: the rules of a node are then those of its
	// parent with the node's byte at its depth, a run in that order.
	order := append(b.sorted[:0], ids...)
	// (Equal bodies keep rank order: the sort is total, and unstable.)
	slices.SortFunc(order, func(x, y int32) int {
		if c := strings.Compare(bodies[x], bodies[y]); c != 0 {
			return c
		}
		return int(x - y)
	})

	b.ranks = slices.Grow(b.ranks[:0], len(rules))[:len(rules)]
	for i, r := range order {
		b.ranks[r] = int32(i)
	}

	// Live states: their rules (a span of arena, in body order), depth
	// and output.
	b.depths = b.depths[:0]
	newState := func(rs []int32, d int, out int32) int32 {
		sp := span{int32(len(b.arena)), int32(len(rs))}
		if len(rs) == 1 {
			b.arena = append(b.arena, rs[0]) // (no memmove call)
		} else {
			b.arena = append(b.arena, rs...)
		}
		return b.trieState(sp, d, out)
	}
	// The start state: rules with an empty body ("*") match every path
	// and are settled at once; the others start, if still useful.
	out := int32(NoRule)
	for _, r := range order {
		if bodies[r] == "" && !anchors[r] {
			out = combine(b.nfa.ranks, out, r)
		}
	}
	next := b.next[:0]
	for _, r := range order {
		if (bodies[r] != "" || anchors[r]) && useful(b.nfa.ranks, r, out) {
			next = append(next, r)
		}
	}
	var start int32
	if len(next) > 0 {
		start = newState(next, 0, out)
	} else {
		start = b.decidedRef(out)
	}
	var def int32 // every live state's default, when there is one
	if len(b.threads) > 0 {
		def = b.decidedRef(NoRule)
	}
	for s := int32(0); ; s++ {
		// The ends of tails whose last state would be expanded before s
		// (states are expanded in depth, then body order), and after the
		// last state the rest, one by one.
		for len(b.ends) > 0 && (s == int32(len(b.threads)) || b.endBefore(b.ends[0], s)) {
			b.reachEnd()
		}
		if s == int32(len(b.threads)) {
			break
		}
		if b.threads[s].n == 1 {
			b.trieTail(s, def) // most states: a pattern's tail
			continue
		}
		d := int(b.depths[s])
		row := b.row[:0]
		rs := b.threadsOf(s)
		// Rules ending here are anchored ones waiting for the end of
		// input; they sort first.
		i := 0
		for i < len(rs) && len(bodies[rs[i]]) == d {
			i++
		}
		eoi := int32(NoRule)
		for _, r := range rs[:i] {
			eoi = combine(b.nfa.ranks, eoi, r)
		}
		for i < len(rs) {
			c := bodies[rs[i]][d]
			j := i + 1
			for j < len(rs) && bodies[rs[j]][d] == c {
				j++
			}
			if b.classOf[c] == b.eoi {
				i = j
				continue
			}
			// The successor on c: rules ending at d+1 unanchored are
			// settled; the others advance, if still useful.
			out := int32(NoRule)
			for _, r := range rs[i:j] {
				if len(bodies[r]) == d+1 && !anchors[r] {
					out = combine(b.nfa.ranks, out, r)
				}
			}
			next = next[:0]
			for _, r := range rs[i:j] {
				if (len(bodies[r]) > d+1 || anchors[r]) && useful(b.nfa.ranks, r, out) {
					next = append(next, r)
				}
			}
			var to int32
			if len(next) > 0 {
				to = newState(next, d+1, out)
				rs = b.threadsOf(s) // arena may have moved
			} else {
				to = b.decidedRef(out)
			}
			if to != def {
				row = append(row, edge{b.classOf[c], to})
			}
			i = j
		}
		b.addRow(row, def, b.decidedRef(eoi))
	}
	b.sorted, b.next = order, next
	return b.finish(start)
}

// trieState adds a live trie state of rules sp (a span of the arena), at
// depth d, with output out, and returns its ref.
func (b *builder) trieState(sp span, d int, out int32) int32 {
	id := int32(len(b.threads))
	b.threads = append(b.threads, sp)
	b.outputs = append(b.outputs, out)
	b.depths = append(b.depths, int32(d))
	return id
}
