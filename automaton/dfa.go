package automaton

// DFA is one deterministic byte automaton over a set of rules of a
// program. Its result for a path is a leader: the index, in the program's
// ranked rule table, of the only rule of this DFA that can decide, or
// NoRule.
//
// States 0..NumDecided-1 are decided: absorbing, so a walk stops on
// reaching one. Live states NumDecided..NumDecided+len(Outputs)-1 settle
// rules on entry: a walk keeps a leader register and combines each such
// state's output into it (see combine); a decided state's result is
// combined at the end. The other live states need no work beyond the step,
// so one compare against NumDecided+len(Outputs) finds every state that
// does. Bytes map to classes through Classes; the last class, EOIClass, is
// the end of input (and, in Google mode, the NUL byte, where the
// reference's C-string path ends). Every live state's EOI transition leads
// to a decided state.
type DFA struct {
	// Classes maps each byte to its class (in a decoded set it points into
	// the blob).
	Classes *[256]uint8
	// NumClasses counts the classes, EOI included; EOIClass = NumClasses-1.
	NumClasses int
	// NumDecided is the number of decided states; Results[d] is what
	// decided state d settles (a rule index or NoRule).
	NumDecided int
	Results    []int32
	// Outputs[s-NumDecided] is what live state s settles on entry.
	Outputs []int32
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
	return d.sparseStep(off, c)
}

// sparseStep looks class c up in the sparse row at off (flag set).
func (d *DFA) sparseStep(off uint32, c uint8) uint32 {
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

// Run walks path and returns the leader. rules is the program's ranked
// rule table.
func (d *DFA) Run(rules []Rule, path []byte) int32 {
	nd := uint32(d.NumDecided)
	special := nd + uint32(len(d.Outputs))
	s := d.Start
	leader := int32(NoRule)
	if s < special {
		if s < nd {
			return d.Results[s]
		}
		leader = d.Outputs[s-nd]
	}
	classes, rows, trans := d.Classes, d.Rows, d.Trans
	for _, b := range path {
		// Step, with the dense case inline.
		off := rows[s-nd]
		if off&SparseRow == 0 {
			s = trans[off+uint32(classes[b])]
		} else {
			s = d.sparseStep(off, classes[b])
		}
		if s < special {
			if s < nd {
				return combine(rules, leader, d.Results[s])
			}
			leader = combine(rules, leader, d.Outputs[s-nd])
		}
	}
	return combine(rules, leader, d.Results[d.Step(s, d.EOIClass())])
}

// SizeBytes is the memory the DFA's tables take.
func (d *DFA) SizeBytes() int {
	return 256 + 4*(len(d.Results)+len(d.Outputs)+len(d.Rows)+len(d.Trans))
}
