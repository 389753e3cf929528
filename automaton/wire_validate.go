package automaton

import (
	"encoding/binary"
	"math"
)

// Validating a DFA's table as a blob holds it, before any walk uses it: a
// decoded table is untrusted, and a walk follows its refs without checking
// them, so each must be shown here to be in range and of its kind.
//
// The work is one pass over the rows (their places, headers, padding,
// outputs and exception classes), which marks every row's ref, then one
// over their targets against those marks. Each pass is its own function
// with no closures, so that the compiler keeps its loop's values in
// registers: Load spends most of its time here.

// tableCheck is what both passes read of the DFA being validated.
type tableCheck struct {
	t       []uint32
	tb      []byte // t as the blob's bytes (class bytes read in its order)
	refs    []uint64
	classes uint32
	decEnd  uint32
	i, at   int // the DFA's index and its table's blob offset, for errors
}

// bad is the error for word w of the table.
func (c *tableCheck) bad(w uint32, what string, args ...any) error {
	return errorf(ErrFormat, c.at+4*int(w), "dfa %d: word %d: "+what, append([]any{c.i, w}, args...)...)
}

// validTable checks a DFA's table (see DFA) at blob offset at: the class
// map, the results, every row's place, padding, header and output, then
// every target: a decided state or the ref of a row of its kind, with each
// live state's end-of-input target decided. It sets special and maxRule.
// refs is a cleared bitmap of a bit per table word.
func (d *decoder) validTable(dfa *dfa, i, at int, refs []uint64) error {
	t := dfa.t
	c := &tableCheck{t: t, tb: d.b[at : at+4*len(t)], refs: refs,
		classes: uint32(dfa.NumClasses), decEnd: dfa.decEnd, i: i, at: at}
	if b := classMapFault(c.tb[:256], c.classes); b >= 0 {
		return c.bad(uint32(b>>2), "byte %d in class %d of %d", b, c.tb[b], c.classes)
	}
	m, w := maxRule(t[classWords:dfa.decEnd], NoRule)
	if w >= 0 {
		w += classWords
		return c.bad(uint32(w), "rule %d out of range", t[w])
	}
	dfa.maxRule = m
	// The decided states are refs as the rows are: one test for both.
	markRange(refs, classWords, dfa.decEnd)
	rows, err := c.rows(dfa)
	if err != nil {
		return err
	}
	if !isRef(c.refs, dfa.start) {
		return errorf(ErrFormat, at, "dfa %d: start %d is not a state", i, dfa.start)
	}
	return c.targets(rows, dfa.NumOutputs)
}

// rows is the first pass: it checks every row's place, padding, header,
// output and classes, marks its ref in refs, sets special and maxRule,
// and returns the number of rows.
func (c *tableCheck) rows(dfa *dfa) (int, error) {
	t, classes := c.t, c.classes
	end := uint32(len(t))
	pos := c.decEnd
	dfa.special = 0
	rows := 0
	for s := 0; s < dfa.NumLive; rows++ {
		out := rows < dfa.NumOutputs
		if rows == dfa.NumOutputs {
			dfa.special = rowStart(pos, false)
		}
		r := rowStart(pos, out)
		state := s + dfa.NumDecided // the row's (first) state
		if uint64(r)+2 > uint64(end) {
			return 0, c.bad(pos, "live state %d runs past the table", state)
		}
		if (r-pos == 3 || r-pos == 2 && !out) && t[pos] != 0 {
			return 0, c.bad(pos, "pad word not zero")
		}
		if out {
			v := t[r-2]
			if !ruleInRange(v) {
				return 0, c.bad(r-2, "rule %d out of range", v)
			}
			dfa.maxRule = max(dfa.maxRule, int32(v))
		}
		s++
		switch t[r-1] {
		case rowDense:
			mark(c.refs, r)
			pos = r + classes
		case rowChain:
			n := t[r+1] &^ chainFlag
			if t[r+1]&chainFlag == 0 || n < 2 || uint64(n) > uint64(dfa.NumLive-s+1) {
				return 0, c.bad(r+1, "chain count word %#x, %d live states left", t[r+1], dfa.NumLive-s+1)
			}
			s += int(n) - 1
			mark(c.refs, r+1)
			pos = r + chainWords(n)
			if uint64(pos) > uint64(end) {
				break
			}
			// The chain's classes: any but the end of input.
			cb := c.tb[4*int(r+2):][:n]
			for j, k := range cb {
				if uint32(k) >= classes-1 {
					return 0, c.bad(r+2+uint32(j)/4, "chain class %d: %d of %d", j, k, classes)
				}
			}
			if !padded(c.tb, r+2, n) {
				return 0, c.bad(r+2+n/4, "class padding not zero")
			}
		case rowSparse:
			n := t[r+1]
			if n > classes {
				return 0, c.bad(r+1, "sparse row of %d exceptions, %d classes", n, classes)
			}
			mark(c.refs, r+1)
			pos = r + sparseWords(n)
			if uint64(pos) > uint64(end) {
				break
			}
			// The exception classes: strictly ascending, below classes.
			cb := c.tb[4*int(r+2):][:n]
			if j := descent(cb); j >= 0 {
				return 0, c.bad(r+2+uint32(j)/4, "exception %d: class %d out of order", j, cb[j])
			}
			if n > 0 && uint32(cb[n-1]) >= classes {
				return 0, c.bad(r+2+(n-1)/4, "exception %d: class %d of %d", n-1, cb[n-1], classes)
			}
			if !padded(c.tb, r+2, n) {
				return 0, c.bad(r+2+n/4, "class padding not zero")
			}
		default:
			return 0, c.bad(r-1, "row header %d", t[r-1])
		}
		if uint64(pos) > uint64(end) {
			return 0, c.bad(r, "row of live state %d runs past the table", state)
		}
	}
	if pos != end {
		return 0, c.bad(pos, "%d words after the last row", end-pos)
	}
	if rows < dfa.NumOutputs {
		return 0, errorf(ErrFormat, c.at, "dfa %d: %d rows, %d with output", c.i, rows, dfa.NumOutputs)
	}
	if rows == dfa.NumOutputs {
		dfa.special = end
	}
	return rows, nil
}

// padded reports whether the class bytes of a row, n of them from word
// w of the table tb, are padded to the word with zeros: the last word's
// bytes past them.
func padded(tb []byte, w, n uint32) bool {
	return n&3 == 0 || binary.LittleEndian.Uint32(tb[4*int(w+n/4):])>>(8*(n&3)) == 0
}

// targets is the second pass, over the rows the first found: every
// target is a state, every chain's default and every live state's end of
// input decided.
func (c *tableCheck) targets(rows, outputs int) error {
	t, decEnd := c.t, c.decEnd
	eoi := c.classes - 1
	pos := decEnd
	for row := 0; row < rows; row++ {
		r := rowStart(pos, row < outputs)
		var first, n, eoiAt uint32
		switch t[r-1] {
		case rowChain:
			// Its default is decided (a walk that leaves the chain stops
			// there), and so the end of input's target.
			k := t[r+1] &^ chainFlag
			if t[r] < classWords || t[r] >= decEnd {
				return c.bad(r, "chain default %d is not decided", t[r])
			}
			first, n, eoiAt = r+2+(k+3)/4, 1, r
			pos = r + chainWords(k)
		case rowDense:
			first, n, eoiAt = r, c.classes, r+eoi
			pos = r + c.classes
		default:
			k := t[r+1]
			first, n, eoiAt = r+2+(k+3)/4, k, r
			// Classes ascend and end of input is the last class: only
			// the last exception can be it.
			if k > 0 && uint32(c.tb[4*int(r+2)+int(k)-1]) == eoi {
				eoiAt = first + k - 1
			}
			if !isRef(c.refs, t[r]) {
				return c.bad(r, "default %d is not a state", t[r])
			}
			pos = r + sparseWords(k)
		}
		if j := badTarget(t[first:first+n], c.refs); j >= 0 {
			return c.bad(first+uint32(j), "target %d is not a state", t[first+uint32(j)])
		}
		if t[eoiAt] >= decEnd {
			return c.bad(eoiAt, "end of input leads to live state %d", t[eoiAt])
		}
	}
	return nil
}

// badTarget returns the index of the first of ts that is not a state (a
// ref marked in refs), or -1. Rows repeat targets (a dense row is mostly
// its default): each run is tested once. It is not inlined: inside the
// targets pass its loop's index and run were kept on the stack, a load
// and a store per target (Load's instructions 2.7% more). Unrolled to
// pass over four targets of a run with one branch, it cost 0.8% more:
// most rows are short sparse ones.
//
//go:noinline
func badTarget(ts []uint32, refs []uint64) int {
	prev := uint32(0) // never a ref (the class map)
	for j, ref := range ts {
		if ref != prev {
			if !isRef(refs, ref) {
				return j
			}
			prev = ref
		}
	}
	return -1
}

// isRef reports whether ref is a state: marked in refs.
func isRef(refs []uint64, ref uint32) bool {
	return uint64(ref>>6) < uint64(len(refs)) && refs[ref>>6]&(1<<(ref&63)) != 0
}

// descent returns the index of the first of cb not above the one before
// it, or -1.
func descent(cb []byte) int {
	prev := -1
	for j, k := range cb {
		if int(k) <= prev {
			return j
		}
		prev = int(k)
	}
	return -1
}

// maxRule returns the greatest of m and the rules ts (NoRule words
// included), and the index of the first out of range, or -1.
func maxRule(ts []uint32, m int32) (int32, int) {
	for j, v := range ts {
		if !ruleInRange(v) {
			return m, j
		}
		m = max(m, int32(v))
	}
	return m, -1
}

// ruleInRange reports whether a result or output word is a rule index
// of the blob's range or NoRule.
func ruleInRange(v uint32) bool { return v == none32 || v <= math.MaxInt32 }

// mark marks ref w in refs.
func mark(refs []uint64, w uint32) { refs[w>>6] |= 1 << (w & 63) }

// markRange marks refs [lo, hi) in refs.
func markRange(refs []uint64, lo, hi uint32) {
	for lo < hi && lo&63 != 0 {
		mark(refs, lo)
		lo++
	}
	for ; lo+64 <= hi; lo += 64 {
		refs[lo>>6] = ^uint64(0)
	}
	for ; lo < hi; lo++ {
		mark(refs, lo)
	}
}

// classMapFault returns the first byte of the class map m (256 bytes)
// whose class is not below classes, or -1. Up to 128 classes it tests
// eight bytes at a time: a byte x below 128 carries into its top bit when
// x + 128 - classes does, that is when x >= classes, and never into the
// next byte.
func classMapFault(m []byte, classes uint32) int {
	const hi = 0x8080808080808080
	if classes <= 128 {
		add := uint64(128-classes) * 0x0101010101010101
		fault := false
		for i := 0; i < 256; i += 8 {
			w := binary.LittleEndian.Uint64(m[i:])
			if (w|(w+add))&hi != 0 {
				fault = true
				break
			}
		}
		if !fault {
			return -1
		}
	}
	for b, c := range m[:256] {
		if uint32(c) >= classes {
			return b
		}
	}
	return -1
}
