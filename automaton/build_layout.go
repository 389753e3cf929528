package automaton

import (
	"slices"
	"sync"
	"unsafe"
)

// Laying out a DFA's table (see DFA) from its states in logical form, and
// reading the logical form back (for dumps and minimisation). Logical
// state numbers are decided states 0..D-1, then live states D.., those
// with an output first.

// rowSource gives every live state's row in logical form, in one call
// (not one per state: a trie has thousands of states of one exception):
// live state i's default target in defs[i] and its exceptions, classes
// ascending, targets as logical state numbers, appended to edges from
// off[i], with off[len(defs)] the end. It returns edges.
type rowSource func(defs []uint32, off []int32, edges []edge) []edge

// layout is the scratch of one assemble, pooled: the rows in logical
// form, read once, and the chains found in them.
type layout struct {
	defs  []uint32 // live state i's default
	off   []int32  // its exceptions: edges[off[i]:off[i+1]]
	edges []edge
	next  []int32 // its successor in its chain, -1 at a chain's end
	head  []bool  // whether it begins a row
	one   []bool  // whether it can be in a chain (chains' scratch)
	in    []int32 // edges into it
	ref   []uint32
}

var layouts = sync.Pool{New: func() any { return new(layout) }}

// read takes the rows of live states in logical form.
func (l *layout) read(live int, rows rowSource) {
	l.defs = slices.Grow(l.defs[:0], live)[:live]
	l.off = slices.Grow(l.off[:0], live+1)[:live+1]
	l.edges = rows(l.defs, l.off, l.edges[:0])
}

// row is live state i's default and exceptions.
func (l *layout) row(i int) (uint32, []edge) { return l.defs[i], l.edges[l.off[i]:l.off[i+1]] }

// chains finds the runs of live states that share a chain row (see DFA).
// Every state of a chain has one exception, of a class other than the
// end of input, and the same decided default; each but the first has no
// output (it is not among the first nout), is not the start, and nothing
// but the one before leads to it. It sets next and head.
func (l *layout) chains(nd, nout int, start uint32, eoi uint8) {
	defs, edges := l.defs, l.edges
	// Locals of defs' length, so that indexing them by a live state
	// needs no bounds check.
	live := len(defs)
	next := slices.Grow(l.next[:0], live)[:live]
	head := slices.Grow(l.head[:0], live)[:live]
	in := slices.Grow(l.in[:0], live)[:live]
	one := slices.Grow(l.one[:0], live)[:live]
	l.next, l.head, l.in, l.one = next, head, in, one
	clear(in)
	// A target t is live state t-nd when that is below live (as uint32,
	// one compare, and in's bounds check with it).
	lo, ends := l.off[0], l.off[1:live+1]
	for i, def := range defs {
		hi := ends[i]
		ex := edges[lo:hi]
		lo = hi
		next[i], head[i], one[i] = -1, true, false
		if t := def - uint32(nd); t < uint32(len(in)) {
			in[t]++
		}
		for _, e := range ex {
			if t := uint32(e.to) - uint32(nd); t < uint32(len(in)) {
				in[t]++
			}
		}
		if len(ex) == 1 && ex[0].class != eoi && int(def) < nd {
			one[i] = true
			if t := uint32(ex[0].to) - uint32(nd); t < uint32(len(in)) {
				next[i] = int32(t)
			}
		}
	}
	if int(start) >= nd {
		in[int(start)-nd]++
	}
	for i, j := range next {
		if j < 0 {
			continue
		}
		if int(j) >= nout && in[j] == 1 && j != int32(i) && int(start) != nd+int(j) && defs[j] == defs[i] && one[j] {
			head[j] = false
		} else {
			next[i] = -1
		}
	}
	// The states of a cycle of chained states (unreachable: nothing else
	// leads into it) have no head: the first of each begins a row. Every
	// other state is reached once walking the chains from the heads (a
	// state has one predecessor in a chain at most), so only when fewer
	// are reached is there a cycle to find; in is then reused to mark the
	// states reached.
	reached := 0
	for i := range head {
		if head[i] {
			for j := int32(i); j >= 0; j = next[j] {
				reached++
			}
		}
	}
	if reached == live {
		return
	}
	seen := in
	clear(seen)
	for i := range head {
		if head[i] {
			for j := int32(i); j >= 0 && seen[j] == 0; j = next[j] {
				seen[j] = 1
			}
		}
	}
	for i := range head {
		if seen[i] == 0 {
			head[i] = true
			j := int32(i)
			for seen[j] = 1; next[j] != int32(i); j = next[j] {
				seen[next[j]] = 1
			}
			next[j] = -1
		}
	}
}

// assemble lays out the table of a DFA whose states are, in logical form,
// results (decided), outputs (of the first live states), and the rows of
// live live states.
func assemble(classes *[256]uint8, numClasses int, results, outputs []int32, live int, start uint32, rows rowSource, tails chainTails) *dfa {
	l := layouts.Get().(*layout)
	defer layouts.Put(l)
	nd := len(results)
	eoi := uint8(numClasses - 1)
	l.read(live, rows)
	l.chains(nd, len(outputs), start, eoi)
	// Sliced to live, so that indexing them by a live state needs no
	// bounds check; own[i] is live state i's ref, ref[nd+i].
	next, head := l.next[:live], l.head[:live]
	l.ref = slices.Grow(l.ref[:0], nd+live)[:nd+live]
	ref := l.ref
	own := ref[nd:][:live]
	for k := range results {
		ref[k] = classWords + uint32(k)
	}
	// First pass: where each row goes, and its kind; the states a chain
	// row holds after its first have no ref.
	pos := uint32(classWords + nd)
	special := uint32(0)
	for i := 0; i < live; i++ {
		if !head[i] {
			continue
		}
		out := i < len(outputs)
		if !out && special == 0 {
			special = rowStart(pos, false)
		}
		r := rowStart(pos, out)
		if next[i] >= 0 || tails.len(i) > 0 {
			n := uint32(0)
			for j := int32(i); j >= 0; j = next[j] {
				n += 1 + tails.len(int(j))
			}
			own[i] = r | sparseRef
			pos = r + chainWords(n)
			continue
		}
		if n := l.off[i+1] - l.off[i]; denseRow(int(n), l.defs[i], uint32(nd+i)) {
			own[i] = r
			pos = r + uint32(numClasses)
		} else {
			own[i] = r | sparseRef
			pos = r + sparseWords(uint32(n))
		}
	}
	if special == 0 {
		special = pos
	}
	// Second pass: the words.
	t := make([]uint32, pos)
	if littleEndian {
		copy((*[256]uint8)(unsafe.Pointer(&t[0]))[:], classes[:])
	} else {
		for b, c := range classes {
			t[b>>2] |= uint32(c) << (8 * (b & 3))
		}
	}
	maxRule := int32(NoRule)
	for k, r := range results {
		t[classWords+k] = uint32(r)
		maxRule = max(maxRule, r)
	}
	for i := 0; i < live; i++ {
		if !head[i] {
			continue
		}
		def, ex := l.row(i)
		r := own[i] &^ sparseRef
		if i < len(outputs) {
			t[r-2] = uint32(outputs[i])
			maxRule = max(maxRule, outputs[i])
		}
		switch {
		case next[i] >= 0 || tails.len(i) > 0:
			// A chain row: its states' classes, one byte each, then the
			// last one's target.
			t[r-1] = rowChain
			t[r] = ref[def]
			k := uint32(0)
			for j := int32(i); ; j = next[j] {
				e := l.edges[l.off[j]] // its one exception
				t[r+2+k>>2] |= uint32(e.class) << (8 * (k & 3))
				k++
				for _, c := range tails.of(int(j)) {
					t[r+2+k>>2] |= uint32(c) << (8 * (k & 3))
					k++
				}
				if next[j] < 0 {
					t[r+1] = chainFlag | k
					t[r+2+(k+3)/4] = ref[e.to]
					break
				}
			}
		case own[i]&sparseRef == 0:
			t[r-1] = rowDense
			for c := 0; c < numClasses; c++ {
				t[r+uint32(c)] = ref[def]
			}
			for _, e := range ex {
				t[r+uint32(e.class)] = ref[e.to]
			}
		default:
			t[r-1] = rowSparse
			n := uint32(len(ex))
			t[r], t[r+1] = ref[def], n
			cw, tw := r+2, r+2+(n+3)/4
			for j, e := range ex {
				t[cw+uint32(j)>>2] |= uint32(e.class) << (8 * (j & 3))
				t[tw+uint32(j)] = ref[e.to]
			}
		}
	}
	d := &dfa{
		NumClasses: numClasses,
		NumDecided: nd, NumOutputs: len(outputs), NumLive: live + len(tails.classes),
		maxRule: maxRule,
	}
	d.walk = walk{
		t: t, cls: classView(t), start: ref[start],
		decEnd: uint32(classWords + nd), special: special, eoi: eoi,
	}
	d.setIdle()
	return d
}

// chainTails gives live states (by number) tails: classes of states
// that follow them in their chain rows with no row nor number of their
// own (see trieTail). Only a trie has them; zero means none.
type chainTails struct {
	spans   []span // by live state; nil: none
	classes []uint8
}

// len is the length of live state i's tail.
func (c chainTails) len(i int) uint32 {
	if c.spans == nil {
		return 0
	}
	return uint32(c.spans[i].n)
}

// of is live state i's tail.
func (c chainTails) of(i int) []uint8 {
	if c.spans == nil {
		return nil
	}
	sp := c.spans[i]
	return c.classes[sp.off : sp.off+sp.n]
}

// denseRow is the layout's choice of a dense row: many exceptions, or a
// default that is the state itself (a state a walk loops in, byte after
// byte, as in a floating pattern's scan, must step in one load).
func denseRow(exceptions int, def, self uint32) bool {
	return exceptions > denseAbove || def == self
}
