package automaton

import "sort"

// logical reads a DFA's states back in logical form: live states in the
// order of their rows, a chain row's states one after another.
type logical struct {
	d *dfa
	// refs is live state i's row (a chain's states share it) and at its
	// place in the row's chain (0 for the first).
	refs, at []uint32
}

func (d *dfa) logical() *logical {
	l := &logical{d: d, refs: make([]uint32, 0, d.NumLive), at: make([]uint32, 0, d.NumLive)}
	pos := uint32(classWords + d.NumDecided)
	for row := 0; len(l.refs) < d.NumLive; row++ {
		r := rowStart(pos, row < d.NumOutputs)
		n := uint32(1)
		switch d.t[r-1] {
		case rowChain:
			n = d.t[r+1] &^ chainFlag
			fallthrough
		case rowSparse:
			r |= sparseRef
		}
		for k := uint32(0); k < n; k++ {
			l.refs = append(l.refs, r)
			l.at = append(l.at, k)
		}
		pos = r&^sparseRef + rowWords(d.t, r&^sparseRef, d.NumClasses)
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

// chain returns the chain row of live state s, with its length and s's
// place in it, or ok false when s has a row of its own.
func (l *logical) chain(s uint32) (r, n, k uint32, ok bool) {
	i := s - uint32(l.d.NumDecided)
	r = l.refs[i] &^ sparseRef
	if l.d.t[r-1] != rowChain {
		return 0, 0, 0, false
	}
	return r, l.d.t[r+1] &^ chainFlag, l.at[i], true
}

// step is the logical state after class c from live state s.
func (l *logical) step(s uint32, c uint8) uint32 {
	if r, n, k, ok := l.chain(s); ok {
		switch {
		case c != chainClass(l.d.t, r, k):
			return l.id(l.d.t[r])
		case k+1 < n:
			return s + 1
		}
		return l.id(l.d.t[r+2+(n+3)/4])
	}
	return l.id(l.d.step(l.refs[s-uint32(l.d.NumDecided)], c))
}

// result is what decided state s settles.
func (l *logical) result(s uint32) int32 { return int32(l.d.t[classWords+s]) }

// settles reports whether live state s has an output word.
func (l *logical) settles(s uint32) bool {
	i := s - uint32(l.d.NumDecided)
	return l.at[i] == 0 && l.refs[i] < l.d.special
}

// output is what live state s settles on entry (NoRule for none).
func (l *logical) output(s uint32) int32 {
	if s >= uint32(l.d.NumDecided) && l.settles(s) {
		return l.d.output(l.refs[s-uint32(l.d.NumDecided)])
	}
	return NoRule
}

// row returns live state s's row: its default and exceptions, the default
// of a dense row being its most common target.
func (l *logical) row(s uint32, buf []edge) (uint32, []edge) {
	r := l.refs[s-uint32(l.d.NumDecided)]
	t := l.d.t
	if r, _, k, ok := l.chain(s); ok {
		c := chainClass(t, r, k)
		return l.id(t[r]), append(buf, edge{c, int32(l.step(s, c))})
	}
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
