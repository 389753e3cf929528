package automaton

import (
	"encoding/binary"
	"math"
)

// Validating a DFA's table as a blob holds it, before any walk uses it: a
// decoded table is untrusted, and a walk follows its refs without checking
// them, so each must be shown here to be in range and of its kind.

// validTable checks a DFA's table (see DFA) at blob offset at: the class
// map, the results, every row's place, padding, header and output, then
// every target: a decided state or the ref of a row of its kind, with each
// live state's end-of-input target decided. It sets special and maxRule.
// refs is a cleared bitmap of a bit per table word.
func (d *decoder) validTable(dfa *DFA, i, at int, refs []uint64) error {
	t := dfa.t
	bad := func(w uint32, what string, args ...any) error {
		return errorf(ErrFormat, at+4*int(w), "dfa %d: word %d: "+what, append([]any{i, w}, args...)...)
	}
	classes := uint32(dfa.NumClasses)
	if b := classMapFault(d.b[at:at+256], classes); b >= 0 {
		return bad(uint32(b>>2), "byte %d in class %d of %d", b, d.b[at+b], classes)
	}
	dfa.maxRule = NoRule
	rule := func(w uint32) error {
		v := t[w]
		if v != none32 && v > math.MaxInt32 {
			return bad(w, "rule %d out of range", v)
		}
		dfa.maxRule = max(dfa.maxRule, int32(v))
		return nil
	}
	for w := uint32(classWords); w < dfa.decEnd; w++ {
		if err := rule(w); err != nil {
			return err
		}
	}
	// Rows: mark each ref in refs.
	end := uint32(len(t))
	pos := dfa.decEnd
	dfa.special = 0
	rows := 0
	for s := 0; s < dfa.NumLive; rows++ {
		out := rows < dfa.NumOutputs
		if rows == dfa.NumOutputs {
			dfa.special = rowStart(pos, false)
		}
		r := rowStart(pos, out)
		if uint64(r)+2 > uint64(end) {
			return bad(pos, "live state %d runs past the table", s+dfa.NumDecided)
		}
		if r-pos == 3 || r-pos == 2 && !out {
			if t[pos] != 0 {
				return bad(pos, "pad word not zero")
			}
		}
		if out {
			if err := rule(r - 2); err != nil {
				return err
			}
		}
		s++
		switch t[r-1] {
		case rowDense:
			refs[r>>6] |= 1 << (r & 63)
			pos = r + classes
		case rowChain:
			n := t[r+1] &^ chainFlag
			if t[r+1]&chainFlag == 0 || n < 2 || uint64(n) > uint64(dfa.NumLive-s+1) {
				return bad(r+1, "chain count word %#x, %d live states left", t[r+1], dfa.NumLive-s+1)
			}
			s += int(n) - 1
			refs[(r+1)>>6] |= 1 << ((r + 1) & 63)
			pos = r + chainWords(n)
			if uint64(pos) > uint64(end) {
				break
			}
			// The chain's classes: any but the end of input, then zero
			// padding to the word.
			cb := d.b[at+4*int(r+2):][:4*((n+3)/4)]
			for j, c := range cb[:n] {
				if uint32(c) >= classes-1 {
					return bad(r+2+uint32(j)/4, "chain class %d: %d of %d", j, c, classes)
				}
			}
			for j, c := range cb[n:] {
				if c != 0 {
					return bad(r+2+(n+uint32(j))/4, "class padding not zero")
				}
			}
		case rowSparse:
			n := t[r+1]
			if n > classes {
				return bad(r+1, "sparse row of %d exceptions, %d classes", n, classes)
			}
			refs[(r+1)>>6] |= 1 << ((r + 1) & 63)
			pos = r + sparseWords(n)
			if uint64(pos) > uint64(end) {
				break
			}
			// The exception classes, read as the blob's bytes (their
			// order on every machine): strictly ascending, below
			// classes, then zero padding to the word.
			cb := d.b[at+4*int(r+2):][:4*((n+3)/4)]
			prev := -1
			for j, c := range cb[:n] {
				if int(c) <= prev {
					return bad(r+2+uint32(j)/4, "exception %d: class %d out of order", j, c)
				}
				prev = int(c)
			}
			if n > 0 && uint32(prev) >= classes {
				return bad(r+2+(n-1)/4, "exception %d: class %d of %d", n-1, prev, classes)
			}
			for j, c := range cb[n:] {
				if c != 0 {
					return bad(r+2+(n+uint32(j))/4, "class padding not zero")
				}
			}
		default:
			return bad(r-1, "row header %d", t[r-1])
		}
		if uint64(pos) > uint64(end) {
			return bad(r, "row of live state %d runs past the table", s+dfa.NumDecided)
		}
	}
	if pos != end {
		return bad(pos, "%d words after the last row", end-pos)
	}
	if rows < dfa.NumOutputs {
		return errorf(ErrFormat, at, "dfa %d: %d rows, %d with output", i, rows, dfa.NumOutputs)
	}
	if rows == dfa.NumOutputs {
		dfa.special = end
	}
	if !validRef(refs, dfa.start, dfa.decEnd, end) {
		return errorf(ErrFormat, at, "dfa %d: start %d is not a state", i, dfa.start)
	}
	// Targets, in a second walk over the rows.
	eoi := classes - 1
	pos = dfa.decEnd
	for row := 0; row < rows; row++ {
		r := rowStart(pos, row < dfa.NumOutputs)
		var first, n, eoiAt uint32
		if t[r-1] == rowChain {
			// Its default is decided (a walk that leaves the chain stops
			// there), and so the end of input's target.
			k := t[r+1] &^ chainFlag
			if t[r] < classWords || t[r] >= dfa.decEnd {
				return bad(r, "chain default %d is not decided", t[r])
			}
			first, n, eoiAt = r+2+(k+3)/4, 1, r
			pos = r + chainWords(k)
		} else if t[r-1] == rowDense {
			first, n, eoiAt = r, classes, r+eoi
			pos = r + classes
		} else {
			k := t[r+1]
			first, n, eoiAt = r+2+(k+3)/4, k, r
			// Classes ascend and end of input is the last class: only
			// the last exception can be it.
			if k > 0 && t[r+2+(k-1)>>2]>>(8*((k-1)&3))&0xff == eoi {
				eoiAt = first + k - 1
			}
			if !validRef(refs, t[r], dfa.decEnd, end) {
				return bad(r, "default %d is not a state", t[r])
			}
			pos = r + sparseWords(k)
		}
		// Rows repeat targets (a dense row is mostly its default): each
		// run is checked once.
		prev := uint32(0) // never a valid ref (the class map)
		for j, ref := range t[first : first+n] {
			if ref != prev {
				if !validRef(refs, ref, dfa.decEnd, end) {
					return bad(first+uint32(j), "target %d is not a state", ref)
				}
				prev = ref
			}
		}
		if t[eoiAt] >= dfa.decEnd {
			return bad(eoiAt, "end of input leads to live state %d", t[eoiAt])
		}
	}
	return nil
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

// validRef reports whether ref is a state: a decided state's, or one
// marked in refs (a row of its kind).
func validRef(refs []uint64, ref, decEnd, end uint32) bool {
	if ref < decEnd {
		return ref >= classWords
	}
	return ref < end && refs[ref>>6]&(1<<(ref&63)) != 0
}
