package automaton

import (
	"math/bits"
	"slices"
)

// The idle state of a floating DFA. The automaton of floating rules
// ("/*x", "*x?y") spends most of a path in one state: the one where no
// pattern has begun to match, which every byte but a pattern's first bytes
// leads back to. A step there is a load that depends on the previous one,
// a few cycles each, for nothing. So a DFA that has such a state records
// it (idle) with the set of bytes that stay in it (stay), and its walk,
// on reaching it, skips to the next byte that leaves it with a loop whose
// iterations do not depend on each other (a word at a time when at most
// four bytes leave, not counting bytes that only pass through, see
// eval_skip.go): most of the path is then read at a cycle a byte or less.
// All this is derived from the table, alike for a built DFA and a decoded
// one, and is not in the blob.

// setIdle finds d's idle state: a live dense state without an output that
// loops on at least half of the classes, reached from the start by a '/'
// (which begins every path) and then a byte of class 0, or the start
// itself. Without one, idle is 0 (no ref is 0: refs start after the
// class map) and the walk never skips.
func (d *dfa) setIdle() {
	d.idle, d.stay = 0, nil
	t := d.t
	loops := func(s uint32) bool {
		if s < d.special || !isDense(s) {
			return false
		}
		n := 0
		for c := uint32(0); c < uint32(d.NumClasses); c++ {
			if t[s+c] == s {
				n++
			}
		}
		return 2*n >= d.NumClasses
	}
	s := d.start
	for k := 0; ; k++ {
		if loops(s) {
			break
		}
		if k == 2 || s < d.decEnd {
			return
		}
		s = d.step(s, [2]uint8{d.cls['/'], 0}[k])
	}
	d.idleBits = idleSet{}
	d.idle, d.stay = s, &d.idleBits
	var stays [256]bool // by class
	for c := uint32(0); c < uint32(d.NumClasses); c++ {
		stays[c] = t[s+c] == s
	}
	// The stay set, and each class's bytes for passes: how many, the
	// first and the last (all of them, for a class of one or two).
	var cb classBytes
	for b, c := range d.cls {
		if stays[c] {
			d.idleBits.stay[b>>6] |= 1 << (b & 63)
		}
		if cb.size[c] == 0 {
			cb.first[c] = byte(b)
		}
		cb.last[c] = byte(b)
		cb.size[c]++
	}
	var buf [leaveWords + passWords]pass
	d.idleBits.setLeave(d.passes(stays[:d.NumClasses], &cb, buf[:0]))
}

// classBytes describes each class's bytes: how many, the first and the
// last.
type classBytes struct {
	size        [256]int
	first, last [256]byte
}

// passRow bounds the exceptions of a sparse row that passes walks: a
// passing byte's state differs from the idle state in at most passWords
// bytes, and its row (whose default, as the compiler lays it out, is the
// idle state) lists those and the classes that leave the idle state. A
// longer row, or a chain row (its count word has chainFlag), is not
// walked: a blob could otherwise make each of up to six walks step 256
// classes through rows of 256.
const passRow = leaveWords + 2*passWords

// passes returns the bytes that pass through the idle state's
// successors (see eval_skip.go), in ascending order: a byte of a class of
// at most two that leads from the idle state to a live state without an
// output, from which the end of input and every class but those of at
// most passWords bytes lead where they lead from the idle state. stays
// tells which classes stay, cb their bytes. When more bytes leave than
// the skip's words can hold, the skip is the byte loop whatever passes,
// and passes returns none. A decoder calls this for every DFA: the work
// is a few rows' steps. It appends to out, which has room for
// leaveWords+passWords passes.
func (d *dfa) passes(stays []bool, cb *classBytes, out []pass) []pass {
	leaving := 256
	for _, w := range d.idleBits.stay {
		leaving -= bits.OnesCount64(w)
	}
	if leaving > leaveWords+passWords {
		return nil
	}
	size, first, last := &cb.size, &cb.first, &cb.last
	for c, stay := range stays {
		if stay || uint8(c) == d.eoi || size[c] == 0 || size[c] > 2 {
			continue // (a blob may have a class without bytes)
		}
		s := d.step(d.idle, uint8(c))
		if s < d.special || d.step(s, d.eoi) != d.step(d.idle, d.eoi) {
			continue // decided, has an output, or ends the path differently
		}
		if !isDense(s) && d.t[s&^sparseRef+1] > passRow {
			continue // see passRow
		}
		p := pass{}
		for k := range stays {
			if size[k] == 0 || d.step(s, uint8(k)) == d.step(d.idle, uint8(k)) {
				continue // no byte, or the same
			}
			if p.n += size[k]; p.n > passWords {
				break
			}
			p.then[p.n-1] = last[k]
			p.then[p.n-size[k]] = first[k]
		}
		if p.n > passWords {
			continue
		}
		p.b = first[c]
		out = append(out, p)
		if size[c] == 2 {
			p.b = last[c]
			out = append(out, p)
		}
	}
	slices.SortFunc(out, func(a, b pass) int { return int(a.b) - int(b.b) })
	return out
}
