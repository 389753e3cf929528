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
// over a word (the last repeated into the unused places).
type idleSet struct {
	stay  byteSet
	leave [4]uint64
	few   bool
}

const (
	lows  = 0x0101010101010101
	highs = 0x8080808080808080
)

// setLeave records the bytes that leave, given the first of them and how
// many there are, if there are at most four.
func (x *idleSet) setLeave(leave []byte, n int) {
	x.few = n > 0 && n <= len(x.leave)
	if !x.few {
		return
	}
	for k := range x.leave {
		x.leave[k] = lows * uint64(leave[min(k, len(leave)-1)])
	}
}

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
// leaves, or len(path); x must be few.
func (x *idleSet) next(path []byte, i int) int {
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
	for ; i < len(path) && x.stay[path[i]>>6]&(1<<(path[i]&63)) != 0; i++ {
	}
	return i
}
