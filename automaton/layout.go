package automaton

import (
	"sort"
	"unsafe"
)

// Laying out a DFA's table (see DFA) from its states in logical form, and
// reading the logical form back (for dumps and minimisation). Logical
// state numbers are decided states 0..D-1, then live states D.., those
// with an output first.

// rowSource gives live state i's row in logical form: its default target
// and its exceptions, classes ascending, targets as logical state numbers.
// It may append to buf and return it.
type rowSource func(i int, buf []edge) (def uint32, ex []edge)

// rowStart returns where a live state's row starts when its words begin
// at pos: after an output word (out) and the header, at an even offset
// (a pad word first where needed).
func rowStart(pos uint32, out bool) uint32 {
	k := uint32(1)
	if out {
		k = 2
	}
	if (pos+k)&1 == 1 {
		pos++
	}
	return pos + k
}

// sparseWords is the length of a sparse row of n exceptions.
func sparseWords(n uint32) uint32 { return 2 + (n+3)/4 + n }

// assemble lays out the table of a DFA whose states are, in logical form,
// results (decided), outputs (of the first live states), and the rows of
// live live states.
func assemble(classes *[256]uint8, numClasses int, results, outputs []int32, live int, start uint32, rows rowSource) *DFA {
	nd := len(results)
	ref := make([]uint32, nd+live)
	for k := range results {
		ref[k] = classWords + uint32(k)
	}
	// First pass: where each row goes, and its kind.
	pos := uint32(classWords + nd)
	special := uint32(0)
	var buf []edge
	for i := 0; i < live; i++ {
		def, ex := rows(i, buf[:0])
		buf = ex
		if i == len(outputs) {
			special = rowStart(pos, false)
		}
		r := rowStart(pos, i < len(outputs))
		if denseRow(len(ex), def, uint32(nd+i)) {
			ref[nd+i] = r
			pos = r + uint32(numClasses)
		} else {
			ref[nd+i] = r | sparseRef
			pos = r + sparseWords(uint32(len(ex)))
		}
	}
	if live == len(outputs) {
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
		def, ex := rows(i, buf[:0])
		buf = ex
		r := ref[nd+i] &^ sparseRef
		if i < len(outputs) {
			t[r-2] = uint32(outputs[i])
			maxRule = max(maxRule, outputs[i])
		}
		if ref[nd+i]&sparseRef == 0 {
			t[r-1] = rowDense
			for c := 0; c < numClasses; c++ {
				t[r+uint32(c)] = ref[def]
			}
			for _, e := range ex {
				t[r+uint32(e.class)] = ref[e.to]
			}
			continue
		}
		t[r-1] = rowSparse
		n := uint32(len(ex))
		t[r], t[r+1] = ref[def], n
		cw, tw := r+2, r+2+(n+3)/4
		for j, e := range ex {
			t[cw+uint32(j)>>2] |= uint32(e.class) << (8 * (j & 3))
			t[tw+uint32(j)] = ref[e.to]
		}
	}
	d := &DFA{
		NumClasses: numClasses,
		NumDecided: nd, NumOutputs: len(outputs), NumLive: live,
		maxRule: maxRule,
	}
	d.walk = walk{
		t: t, cls: classView(t), start: ref[start],
		decEnd: uint32(classWords + nd), special: special, eoi: uint8(numClasses - 1),
	}
	d.setIdle()
	return d
}

// classView returns the class map at the start of a table as bytes: a view
// of the words on a little-endian machine, else a copy.
func classView(t []uint32) *[256]uint8 {
	if littleEndian {
		return (*[256]uint8)(unsafe.Pointer(&t[0]))
	}
	var m [256]uint8
	for b := range m {
		m[b] = uint8(t[b>>2] >> (8 * (b & 3)))
	}
	return &m
}

// logical reads a DFA's states back in logical form.
type logical struct {
	d    *DFA
	refs []uint32 // live state i's ref
}

func (d *DFA) logical() *logical {
	l := &logical{d: d, refs: make([]uint32, 0, d.NumLive)}
	pos := uint32(classWords + d.NumDecided)
	for i := 0; i < d.NumLive; i++ {
		r := rowStart(pos, i < d.NumOutputs)
		if d.t[r-1] == rowSparse {
			l.refs = append(l.refs, r|sparseRef)
			pos = r + sparseWords(d.t[r+1])
		} else {
			l.refs = append(l.refs, r)
			pos = r + uint32(d.NumClasses)
		}
	}
	return l
}

// id returns the logical number of the state at ref.
func (l *logical) id(ref uint32) uint32 {
	if ref < l.d.decEnd {
		return ref - classWords
	}
	i := sort.Search(len(l.refs), func(i int) bool { return l.refs[i] >= ref })
	return uint32(l.d.NumDecided + i)
}

// step is the logical state after class c from live state s.
func (l *logical) step(s uint32, c uint8) uint32 {
	return l.id(l.d.step(l.refs[s-uint32(l.d.NumDecided)], c))
}

// result is what decided state s settles.
func (l *logical) result(s uint32) int32 { return int32(l.d.t[classWords+s]) }

// output is what live state s settles on entry (NoRule for none).
func (l *logical) output(s uint32) int32 {
	if i := int(s) - l.d.NumDecided; i >= 0 && i < l.d.NumOutputs {
		return l.d.output(l.refs[i])
	}
	return NoRule
}

// row returns live state s's row: its default and exceptions, the default
// of a dense row being its most common target.
func (l *logical) row(s uint32, buf []edge) (uint32, []edge) {
	r := l.refs[s-uint32(l.d.NumDecided)]
	t := l.d.t
	if r&sparseRef != 0 {
		r &^= sparseRef
		n := t[r+1]
		for j := uint32(0); j < n; j++ {
			c := uint8(t[r+2+j>>2] >> (8 * (j & 3)))
			buf = append(buf, edge{c, int32(l.id(t[r+2+(n+3)/4+j]))})
		}
		return l.id(t[r]), buf
	}
	counts := map[uint32]int{}
	def, most := uint32(0), 0
	for c := 0; c < l.d.NumClasses; c++ {
		to := l.id(t[r+uint32(c)])
		counts[to]++
		if counts[to] > most || counts[to] == most && to < def {
			def, most = to, counts[to]
		}
	}
	for c := 0; c < l.d.NumClasses; c++ {
		if to := l.id(t[r+uint32(c)]); to != def {
			buf = append(buf, edge{uint8(c), int32(to)})
		}
	}
	return def, buf
}

// denseRow is the layout's choice of a dense row: many exceptions, or a
// default that is the state itself (a state a walk loops in, byte after
// byte, as in a floating pattern's scan, must step in one load).
func denseRow(exceptions int, def, self uint32) bool {
	return exceptions > denseAbove || def == self
}
