package automaton

import (
	"math/bits"
	"unsafe"
)

// dfa is one deterministic byte automaton over a set of rules of a
// program. Its result for a path is a leader: the index, in the program's
// ranked rule table, of the only rule of this dfa that can decide, or
// NoRule.
//
// A dfa is one table T of 32-bit words, the same in memory and in a blob
// (docs/FORMAT.md), laid out so that a cold walk touches few cache lines
// and a step is one load:
//
//	T[0:64]          the class map: byte b's class is byte b of these words
//	T[64:64+D]       decided states' results (a rule index or NoRule)
//	then per live state, in state order:
//	  [pad]          one zero word, where needed to start the row at an even offset
//	  [output]       for a live state with an output: the rule it settles on entry
//	  header         0 dense, 1 sparse, 2 chain
//	  row            dense: NumClasses targets, indexed by class;
//	                 sparse: default target, count n, ceil(n/4) words of
//	                 classes (bytes, ascending), n targets;
//	                 chain: default target, count n|chainFlag, ceil(n/4)
//	                 words of classes (bytes, in chain order), one target
//
// A chain row holds n ≥ 2 live states in a row, as a trie's patterns make
// them: each has one exception, its class in the chain, leading to the
// next (the last to the row's target), the same decided default, and no
// other way in. A walk compares the path's classes with the chain's and
// leaves it at the first difference, for the default, or at its end; a
// pattern's bytes then cost a byte each in the table instead of a row
// each, and a cold walk reads them from consecutive words.
//
// A state is referred to by its premultiplied id, its ref: decided state k
// is 64+k; a live state is the offset of its row, plus one for a sparse
// or chain row (rows start at even offsets); a chain's states after its
// first have no ref. A dense step is s = T[s+class].
//
// States are numbered decided first, then live states with an output, then
// the others, so the refs of decided states are below decEnd and those of
// every state that needs more than a step below special: one compare finds
// them. Decided states are absorbing, so a walk stops on reaching one; the
// walk keeps a leader register and combines each output into it (see
// combine). The last class, EOIClass, is the end of input (and, in Google
// mode, the NUL byte, where the reference's C-string path ends); every live
// state's end-of-input target is decided.
type dfa struct {
	walk
	// NumClasses counts the classes, EOI included; EOIClass = NumClasses-1.
	NumClasses int
	// NumDecided, NumOutputs and NumLive count the states of each kind.
	NumDecided, NumOutputs, NumLive int
	// maxRule is the largest rule index a result or output names, or
	// NoRule (validation against a program's rule table).
	maxRule int32
	// idleBits is what walk.stay points to when there is an idle state:
	// inline, so that a decoded set's DFAs need no allocation each.
	idleBits idleSet
}

// walk is what a check reads of a DFA, kept small so that a Program can
// hold its first DFA's inline.
type walk struct {
	t       []uint32
	cls     *[256]uint8 // T[0:64] as bytes (a copy on big-endian machines)
	start   uint32
	decEnd  uint32
	special uint32
	eoi     uint8
	// idle is the ref of the idle state, 0 for none, and stay the bytes
	// that stay in it (see eval_idle.go).
	idle uint32
	stay *idleSet
}

const (
	// classWords is the size of the class map at the start of T.
	classWords = 64
	// sparseRef marks a ref to a sparse row.
	sparseRef = 1
	rowDense  = 0
	rowSparse = 1
	rowChain  = 2
	// chainFlag marks a chain row's count word (a sparse row's count is
	// at most 256): a walk tells the kinds apart without the header.
	chainFlag = 1 << 31
)

// isDense reports whether ref s (a live state's) is a dense row's.
func isDense(s uint32) bool { return s&sparseRef == 0 }

// chainAt reports whether ref s is a chain row's, and gives the row's
// offset and its length in states.
func chainAt(t []uint32, s uint32) (r, n uint32, ok bool) {
	r = s &^ sparseRef
	if s&sparseRef == 0 || t[r+1]&chainFlag == 0 {
		return r, 0, false
	}
	return r, t[r+1] &^ chainFlag, true
}

// chainNext is the ref a chain row at r of n states leads to after its
// last state.
func chainNext(t []uint32, r, n uint32) uint32 { return t[r+2+(n+3)/4] }

// sparseRow gives a sparse row's offset, its exceptions' classes (bytes,
// ascending, four to a word) as words, and their targets.
func sparseRow(t []uint32, s uint32) (r uint32, classes, targets []uint32) {
	r = s &^ sparseRef
	n := t[r+1]
	w := (n + 3) / 4
	return r, t[r+2 : r+2+w], t[r+2+w : r+2+w+n]
}

// chainClass is the class of the k-th state of the chain row at r.
func chainClass(t []uint32, r, k uint32) uint8 { return uint8(t[r+2+k>>2] >> (8 * (k & 3))) }

// eoiClass is the end-of-input class.
func (d *dfa) eoiClass() uint8 { return uint8(d.NumClasses - 1) }

// numStates is the number of states, decided and live.
func (d *dfa) numStates() int { return d.NumDecided + d.NumLive }

// class returns byte b's class.
func (d *dfa) class(b byte) uint8 { return d.cls[b] }

// sizeBytes is the memory the DFA's table takes.
func (d *dfa) sizeBytes() int { return 4 * len(d.t) }

// sparseStep looks class c up in the sparse row at r: a default, a count,
// the classes packed four to a word, then the targets.
// At a chain row it returns the default, or 0 (no state's ref) for the
// chain's first class, which leads to a state without a ref.
func sparseStep(t []uint32, r uint32, c uint8) uint32 {
	n := t[r+1]
	if n&chainFlag != 0 {
		if c == chainClass(t, r, 0) {
			return 0
		}
		return t[r]
	}
	if n-1 < 4 {
		return wordStep(t, r, uint32(c), n)
	}
	// A word of classes at a time, as wordStep's: the first zero byte of
	// the word xor c's is c's place in it, if any.
	cw, words := r+2, (n+3)>>2
	for k := uint32(0); k < words; k++ {
		if m := firstZero32(t[cw+k] ^ uint32(c)*0x01010101); m != 0 {
			if i := 4*k + uint32(bits.TrailingZeros32(m))>>3; i < n {
				return t[cw+words+i]
			}
			break // padding: c is not listed
		}
	}
	return t[r]
}

// wordStep is sparseStep at a sparse row at r of n exceptions, 1 <= n
// <= 4: its one word of classes (zero padded) compared with class c at
// once. The first zero byte of the word xor c's is c's place, 4 when none
// is; a place past n is padding, for the default. No branch depends on
// c: found is all ones when i < n, else zero.
func wordStep(t []uint32, r, c, n uint32) uint32 {
	i := uint32(bits.TrailingZeros32(firstZero32(t[r+2]^c*0x01010101))) >> 3
	found := uint32(int32(i-n) >> 31)
	return t[r+(3+i)&found]
}

// firstZero32 is firstZero for a word of four bytes, with the high bits
// masked: its lowest set bit is the high bit of x's first zero byte.
func firstZero32(x uint32) uint32 { return (x - 0x01010101) &^ x & 0x80808080 }

// pairStep is sparseStep at a sparse row at r of two exceptions, by
// compares of its class word.
func pairStep(t []uint32, r, c uint32) uint32 {
	if w := t[r+2]; w&0xff == c {
		return t[r+3]
	} else if w>>8 == c {
		return t[r+4]
	}
	return t[r]
}

// chainStep walks the chain row at r from path[i], of class c: the ref
// after the chain and the index of its last byte, or in false when the
// path leaves the chain or ends in it, for the chain's decided default.
// runIdle calls it (the automata of floating rules seldom have chains);
// run has it inline.
func chainStep(t []uint32, cls *[256]uint8, r, c uint32, path []byte, i int) (s uint32, at int, in bool) {
	n := t[r+1] &^ chainFlag
	for k := uint32(0); ; {
		if c != t[r+2+k>>2]>>(8*(k&3))&0xff {
			return 0, i, false
		}
		if k++; k == n {
			return t[r+2+(n+3)>>2], i, true
		}
		if i++; i == len(path) {
			return 0, i, false
		}
		c = uint32(cls[path[i]])
	}
}

// step returns the ref after class c from the live state at ref s.
func (w *walk) step(s uint32, c uint8) uint32 {
	if s&sparseRef == 0 {
		return w.t[s+uint32(c)]
	}
	return sparseStep(w.t, s&^sparseRef, c)
}

// output is what the live state at ref s (below special) settles on entry.
func (w *walk) output(s uint32) int32 { return int32(w.t[s&^sparseRef-2]) }

// run walks path and returns the leader. rules is the ranked rule table of
// the program the walk is of.
func (w *walk) run(rules []rank, path []byte) int32 {
	if w.idle != 0 {
		return w.runIdle(rules, path)
	}
	s := w.start
	leader := int32(NoRule)
	if s < w.special {
		if s < w.decEnd {
			return int32(w.t[s])
		}
		leader = w.output(s)
	}
	return w.runFrom(rules, path, 0, s, leader)
}

// runFrom is run from path[i] on, at live state s with leader settled
// before it: the walk after a jump (see jump) as well as from the start.
func (w *walk) runFrom(rules []rank, path []byte, i int, s uint32, leader int32) int32 {
	t, cls := w.t, w.cls
	decEnd, special := w.decEnd, w.special
	for ; i < len(path); i++ {
		// Step, with the dense case inline (one load), sparse rows of one
		// exception or two by compares of their class word (zero padded),
		// and chains by a compare per byte.
		c := uint32(cls[path[i]])
		if s&sparseRef == 0 {
			s = t[s+c]
		} else if r := s &^ sparseRef; t[r+1] == 1 {
			if t[r+2] == c {
				s = t[r+3]
			} else {
				s = t[r]
			}
		} else if n := t[r+1]; n&chainFlag != 0 {
			// chainStep, inline: the tries of literal rules (most walks)
			// are mostly chains, and the call was measurable
			// (docs/PERFORMANCE.md, "What changed"). Leaving a chain early
			// is for its decided default.
			n &^= chainFlag
			for k := uint32(0); ; {
				if c != t[r+2+k>>2]>>(8*(k&3))&0xff {
					return combine(rules, leader, int32(t[t[r]]))
				}
				if k++; k == n {
					break
				}
				if i++; i == len(path) {
					return combine(rules, leader, int32(t[t[r]]))
				}
				c = uint32(cls[path[i]])
			}
			s = t[r+2+(n+3)>>2]
		} else if t[r+1] == 2 {
			s = pairStep(t, r, c)
		} else {
			s = sparseStep(t, r, uint8(c))
		}
		if s < special {
			if s < decEnd {
				return combine(rules, leader, int32(t[s]))
			}
			leader = combine(rules, leader, w.output(s))
		}
	}
	return combine(rules, leader, int32(t[w.step(s, w.eoi)]))
}

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

// chainWords is the length of a chain row of n states.
func chainWords(n uint32) uint32 { return 3 + (n+3)/4 }

// rowWords is the length of the row at r (its header at r-1).
func rowWords(t []uint32, r uint32, numClasses int) uint32 {
	switch t[r-1] {
	case rowSparse:
		return sparseWords(t[r+1])
	case rowChain:
		return chainWords(t[r+1] &^ chainFlag)
	}
	return uint32(numClasses)
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

// runIdle is run for a walk with an idle state: the same steps, with the
// skip in front. It is a copy rather than a branch in run so that the
// walks of anchored DFAs (the tries of literal rules, most walks) do not
// pay a compare per byte for it (one loop for both was slower on every
// workload: docs/PERFORMANCE.md, "What changed").
//
// The steps between two skips are a loop of their own, and sparse rows
// of up to four exceptions are stepped inline (wordStep): the skip is a
// call, which clobbers every register, and in one loop with it the walk's
// state and index were stored and reloaded at every step.
func (w *walk) runIdle(rules []rank, path []byte) int32 {
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
// loop) paid for the compare (docs/PERFORMANCE.md, "Trials measured and
// dropped").
func loopEnd(t []uint32, cls *[256]uint8, s uint32, path []byte, i int) int {
	for i+1 < len(path) && t[s+uint32(cls[path[i+1]])] == s {
		i++
	}
	return i
}
