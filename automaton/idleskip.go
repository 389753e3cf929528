package automaton

import (
	"encoding/binary"
	"math/bits"
)

// The skip over an idle state's bytes, a word at a time. Most idle states
// are left by at most four bytes: the first bytes of the floating
// patterns, plus NUL and '#' where those end the path. A walk then finds
// the next of them eight bytes per step, by compares of whole words,
// instead of testing the stay set byte by byte.

// idleSet describes an idle state's bytes: stay, the set that stays in
// it, and when few, the at most four bytes that leave it, each repeated
// over a word (the last repeated into the unused places). setLeave
// derives leave and few from stay.
type idleSet struct {
	stay  byteSet
	leave [4]uint64
	few   bool
}

const (
	lows  = 0x0101010101010101
	highs = 0x8080808080808080
)

// setLeave derives leave and few from stay.
func (x *idleSet) setLeave() {
	x.leave, x.few = [4]uint64{}, false
	n := 0
	for b := range 256 {
		if !x.stays(byte(b)) {
			if n == len(x.leave) {
				return // more than four: the byte loop
			}
			x.leave[n] = lows * uint64(b)
			n++
		}
	}
	if n == 0 {
		return
	}
	for k := n; k < len(x.leave); k++ {
		x.leave[k] = x.leave[n-1]
	}
	x.few = true
}

// stays reports whether b stays in the idle state.
func (x *idleSet) stays(b byte) bool { return x.stay[b>>6]&(1<<(b&63)) != 0 }

// zeros has the high bit of each byte of v that is zero, and no other
// bit (exact: no borrow runs from one byte into the next).
func zeros(v uint64) uint64 {
	const sevens = 0x7f7f7f7f7f7f7f7f
	return ^((v&sevens + sevens) | v) & highs
}

// hits marks the bytes of the little-endian word v that leave.
func (x *idleSet) hits(v uint64) uint64 {
	return zeros(v^x.leave[0]) | zeros(v^x.leave[1]) | zeros(v^x.leave[2]) | zeros(v^x.leave[3])
}

// next returns the index of the first byte of path at or after i that
// leaves, or len(path): a word at a time when few, else byte by byte.
func (x *idleSet) next(path []byte, i int) int {
	if !x.few {
		return x.nextByte(path, i)
	}
	for ; i+8 <= len(path); i += 8 {
		if m := x.hits(binary.LittleEndian.Uint64(path[i:])); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	if i >= len(path) {
		return len(path)
	}
	if len(path) >= 8 {
		// The path's last word, less the bytes before i.
		j := len(path) - 8
		m := x.hits(binary.LittleEndian.Uint64(path[j:])) &^ (1<<(8*uint(i-j)) - 1)
		if m == 0 {
			return len(path)
		}
		return j + bits.TrailingZeros64(m)>>3
	}
	return x.nextByte(path, i)
}

// nextByte is next byte by byte.
func (x *idleSet) nextByte(path []byte, i int) int {
	for i < len(path) && x.stays(path[i]) {
		i++
	}
	return i
}
