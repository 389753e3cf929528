package automaton

import "math/bits"

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
	// that stay in it (see idle.go).
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
func (w *walk) run(rules []Rule, path []byte) int32 {
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
func (w *walk) runFrom(rules []Rule, path []byte, i int, s uint32, leader int32) int32 {
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
			// are mostly chains, and the call costs Check/wikipedia 3.4%
			// (p=0.009). Leaving a chain early is for its decided default.
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
