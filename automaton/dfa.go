package automaton

// DFA is one deterministic byte automaton over a set of rules of a
// program.
//
// States 0..NumDecided-1 are decided: absorbing, their result fixed, so a
// walk stops on reaching one. The others are live and have a row. Bytes
// map to classes through Classes; the last class, EOIClass, is the end of
// input (and, in Google mode, the NUL byte, where the reference's C-string
// path ends). Every live state's EOI transition leads to a decided state.
type DFA struct {
	// Classes maps each byte to its class.
	Classes [256]uint8
	// NumClasses counts the classes, EOI included; EOIClass = NumClasses-1.
	NumClasses int
	// NumDecided is the number of decided states; Results[d] is decided
	// state d's leader: the index in the program's rule table of the only
	// rule that can still decide, or NoRule.
	NumDecided int
	Results    []int32
	// Start is the start state.
	Start uint32
	// Rows[s-NumDecided] locates live state s's row in Trans. A dense row
	// (flag clear) is NumClasses targets indexed by class. A sparse row
	// (SparseRow set) is a default target, a count n, then n (class,
	// target) pairs sorted by class.
	Rows  []uint32
	Trans []uint32
}

// SparseRow marks a sparse row's offset in DFA.Rows.
const SparseRow = 1 << 31

// EOIClass is the end-of-input class.
func (d *DFA) EOIClass() uint8 { return uint8(d.NumClasses - 1) }

// NumStates is the number of states, decided and live.
func (d *DFA) NumStates() int { return d.NumDecided + len(d.Rows) }

// Step returns the state after class c from live state s.
func (d *DFA) Step(s uint32, c uint8) uint32 {
	off := d.Rows[s-uint32(d.NumDecided)]
	if off&SparseRow == 0 {
		return d.Trans[off+uint32(c)]
	}
	off &^= SparseRow
	n := d.Trans[off+1]
	pairs := d.Trans[off+2 : off+2+2*n]
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i] == uint32(c) {
			return pairs[i+1]
		}
		if pairs[i] > uint32(c) {
			break
		}
	}
	return d.Trans[off]
}

// Run walks path and returns the leader: the index of the only rule of
// this DFA that can decide, or NoRule.
func (d *DFA) Run(path []byte) int32 {
	s := d.Start
	nd := uint32(d.NumDecided)
	if s < nd {
		return d.Results[s]
	}
	for _, b := range path {
		s = d.Step(s, d.Classes[b])
		if s < nd {
			return d.Results[s]
		}
	}
	return d.Results[d.Step(s, d.EOIClass())]
}

// SizeBytes is the memory the DFA's tables take.
func (d *DFA) SizeBytes() int {
	return 256 + 4*(len(d.Results)+len(d.Rows)+len(d.Trans))
}
