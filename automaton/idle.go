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
// idleskip.go): most of the path is then read at a cycle a byte or less.
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
		if s < d.special || s&sparseRef != 0 {
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
// successors (see idleskip.go), in ascending order: a byte of a class of
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
		if s&sparseRef != 0 && d.t[s&^sparseRef+1] > passRow {
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

// runIdle is run for a walk with an idle state: the same steps, with the
// skip in front. It is a copy rather than a branch in run so that the
// walks of anchored DFAs (the tries of literal rules, most walks) do not
// pay a compare per byte for it: one loop for both, measured against
// the two, made Check/wikipedia 3.9% and the frontier 6.8% slower
// (p<=0.016), and the frontier's other-host checks 17% (p=0.000).
//
// The steps between two skips are a loop of their own, and sparse rows
// of up to four exceptions are stepped inline (wordStep): the skip is a
// call, which clobbers every register, and in one loop with it the walk's
// state and index were stored and reloaded at every step. Callgrind, the
// frontier's checks that walk floating DFAs alone: 16.57M → 15.63M
// instructions (−5.7%); those checks repeated eight times each, warm,
// −2.5% (p=0.035), with several DFAs −3.4% (p=0.022).
func (w *walk) runIdle(rules []Rule, path []byte) int32 {
	t, cls := w.t, w.cls
	decEnd, special, idle, stay := w.decEnd, w.special, w.idle, w.stay
	s := w.start
	leader := int32(NoRule)
	if s < special {
		if s < decEnd {
			return int32(t[s])
		}
		leader = w.output(s)
	}
	for i := 0; i < len(path); {
		// Skip the bytes that stay; none of the end of input's class
		// does (a live state's end-of-input target is decided).
		if s == idle {
			if i = stay.next(path, i); i == len(path) {
				break
			}
		}
		// Step until the walk is back in the idle state.
		for ; i < len(path); i++ {
			c := uint32(cls[path[i]])
			if s&sparseRef == 0 {
				if n := t[s+c]; n != s {
					s = n
				} else {
					i = loopEnd(t, cls, s, path, i)
					continue
				}
			} else if r := s &^ sparseRef; t[r+1] == 1 {
				if t[r+2] == c {
					s = t[r+3]
				} else {
					s = t[r]
				}
			} else if t[r+1]&chainFlag != 0 {
				var in bool
				if s, i, in = chainStep(t, cls, r, c, path, i); !in {
					return combine(rules, leader, int32(t[t[r]])) // decided
				}
			} else if t[r+1] == 2 {
				s = pairStep(t, r, c)
			} else if n := t[r+1]; n-1 < 4 {
				s = wordStep(t, r, c, n)
			} else {
				s = sparseStep(t, r, uint8(c))
			}
			if s < special {
				if s < decEnd {
					return combine(rules, leader, int32(t[s]))
				}
				leader = combine(rules, leader, w.output(s))
			}
			if s == idle {
				i++
				break
			}
		}
	}
	return combine(rules, leader, int32(t[w.step(s, w.eoi)]))
}

// loopEnd returns the index of the last byte of the run at path[i] that
// keeps the dense state at ref s where it is; path[i] must. The walk goes
// on from there: s settles nothing new by staying. Staying is tested as a
// compare of each target with s, not by stepping, so that the run's loads
// do not wait for one another: a floating search's partial match over the
// bytes it ignores (the state after "/*a*a*a" over more a's) is read at
// about a cycle a byte instead of a load's latency a byte. Only runIdle
// has it: in run, the walks of literal rules' tries (whose states never
// loop) paid for the compare, Check/wikipedia +5.3% (p=0.019, n=16).
func loopEnd(t []uint32, cls *[256]uint8, s uint32, path []byte, i int) int {
	for i+1 < len(path) && t[s+uint32(cls[path[i+1]])] == s {
		i++
	}
	return i
}
