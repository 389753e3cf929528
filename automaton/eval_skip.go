package automaton

import (
	"encoding/binary"
	"math/bits"
	"slices"
)

// The skip over an idle state's bytes, a word at a time. Most idle states
// are left by at most four bytes: the first bytes of the floating
// patterns, plus NUL and '#' where those end the path. A walk then finds
// the next of them eight bytes per step, by compares of whole words,
// instead of testing the stay set byte by byte.
//
// Many of those bytes leave only for a step: after the '/' of "/*/print/",
// every byte but 'p' leads where it would have led from the idle state.
// Such a byte passes (see DFA.passes): the skip goes on over it unless
// the byte after it is one of its few exceptions, comparing the path's
// words with the words of its next bytes for that. Over the frontier's
// other-host checks, a floating DFA's walk left its idle state 3.43 times
// a path before, 2.32 times with two pair words (1.95 with four, which
// cost more instructions than they saved).
//
// On amd64 a path of 16 bytes or more is skipped sixteen bytes at a time
// with the same marks, in SSE2 assembly (eval_skip_amd64.s): one PCMPEQB
// compares 16 path bytes with a word, where the word loop needs a xor, a
// subtraction, a mask and an or for each word of eight (about 57
// instructions a word in all). Over the frontier's checks that walk
// floating DFAs alone, the word loop was 40% of their instructions; with
// the blocks they take 20% fewer, and 14-20% less time
// (docs/PERFORMANCE.md).

// leaveWords and passWords are the numbers of words of compares the skip
// makes for the bytes that leave and for the pairs of a byte that passes
// and its exception.
const (
	leaveWords = 4
	passWords  = 2
)

// idleSet describes an idle state's bytes: stay, the set that stays in
// it, and when few, the words the skip compares the path with: leave, at
// most four bytes that leave, each repeated over a word (the last
// repeated into the unused places), and first and then, pairs of a byte
// that passes and one of its exceptions (unused places repeat a pair, or
// with no pair, leave's first byte, which makes them mark no more). end
// is a byte no pair's then names, in the top byte of the word: what
// follows the path's last byte. setLeave derives the words.
type idleSet struct {
	stay        byteSet
	leave       [leaveWords]uint64
	first, then [passWords]uint64
	end         uint64
	few         bool
}

const (
	lows  = 0x0101010101010101
	highs = 0x8080808080808080
)

// pass is a byte that leaves the idle state only for a step: the byte
// after it leads where it would have led from the idle state unless it is
// one of then, and so does the end of the path.
type pass struct {
	b    byte
	then [passWords]byte
	n    int // of then
}

// setLeave derives the skip's words from stay and the passing bytes of
// the idle state, passes, in ascending byte order: as many of passes as
// the pair words hold, fewest exceptions first, and every other byte that
// leaves in the leave words; with more than four of those, the skip is
// the byte loop (few is false).
func (x *idleSet) setLeave(passes []pass) {
	x.leave, x.first, x.then, x.end, x.few = [leaveWords]uint64{}, [passWords]uint64{}, [passWords]uint64{}, 0, false
	slices.SortStableFunc(passes, func(a, b pass) int { return a.n - b.n })
	var pairs [passWords][2]byte
	var passing byteSet
	np := 0
	for _, p := range passes {
		if np+p.n > passWords {
			continue
		}
		for _, t := range p.then[:p.n] {
			pairs[np] = [2]byte{p.b, t}
			np++
		}
		passing[p.b>>6] |= 1 << (p.b & 63)
	}
	var leave [leaveWords]byte
	n := 0
	for w := range x.stay {
		for m := ^x.stay[w] &^ passing[w]; m != 0; m &= m - 1 {
			if n == leaveWords {
				return // more than four: the byte loop
			}
			leave[n] = byte(64*w + bits.TrailingZeros64(m))
			n++
		}
	}
	switch {
	case n > 0:
		for k := n; k < leaveWords; k++ {
			leave[k] = leave[n-1]
		}
	case np > 0:
		leave = [leaveWords]byte{pairs[0][0], pairs[0][0], pairs[0][0], pairs[0][0]} // marks more, never fewer
	default:
		return // no byte leaves
	}
	for k := np; k < passWords; k++ {
		if np > 0 {
			pairs[k] = pairs[np-1]
		} else {
			pairs[k] = [2]byte{leave[0], 0}
		}
	}
	for k, p := range pairs {
		x.first[k], x.then[k] = lows*uint64(p[0]), lows*uint64(p[1])
	}
	for k, b := range leave {
		x.leave[k] = lows * uint64(b)
	}
	end := byte(0) // a byte no pair's then names
	for slices.ContainsFunc(pairs[:], func(p [2]byte) bool { return p[1] == end }) {
		end++
	}
	x.end = uint64(end) << 56
	x.few = true
}

// stays reports whether b stays in the idle state.
func (x *idleSet) stays(b byte) bool { return x.stay[b>>6]&(1<<(b&63)) != 0 }

// firstZero has the high bit of the first zero byte of the little-endian
// word v (less the high bits), and none below it; above it, bits may be
// set where none is zero (a borrow runs up from the zero byte). The
// first set bit of a union of such words is then the first zero byte of
// any of them, exactly. The caller masks the high bits once.
func firstZero(v uint64) uint64 { return (v - lows) &^ v }

// next returns the index of the first byte of path at or after i that
// leaves and does not pass, or len(path): a word at a time when few, else
// byte by byte. The walk may go on from the idle state at that index: a
// passing byte leaves for a state that the byte after it (or the end of
// the path) leaves as the idle state would. The byte loop, for paths
// shorter than a word and sets that many bytes leave, stops at passing
// bytes too.
//
// Each word v of the path is compared with after, the word of the bytes
// after each of v's: a byte marks when it is one of leave's, or a pair's
// first followed by its then. The marks are written out once, not in a
// function, which with them costs more than the compiler inlines.
func (x *idleSet) next(path []byte, i int) int {
	if !x.few || len(path) < 8 {
		return x.nextByte(path, i)
	}
	if j, ok := x.wide(path, i); ok {
		return j
	}
	for ; i < len(path); i += 8 {
		var v, after uint64
		if i+9 <= len(path) {
			v, after = binary.LittleEndian.Uint64(path[i:]), binary.LittleEndian.Uint64(path[i+1:])
		} else {
			// The path's last word, shifted past the bytes before i, with
			// zero bytes above its last (marks from there are past the
			// end), and end after its last.
			j := len(path) - 8
			shift := 8 * uint(i-j)
			v = binary.LittleEndian.Uint64(path[j:]) >> shift
			after = v>>8 | x.end>>shift
		}
		m := (firstZero(v^x.leave[0]) | firstZero(v^x.leave[1]) | firstZero(v^x.leave[2]) | firstZero(v^x.leave[3]) |
			firstZero((v^x.first[0])|(after^x.then[0])) | firstZero((v^x.first[1])|(after^x.then[1]))) & highs
		if m != 0 {
			return min(i+bits.TrailingZeros64(m)>>3, len(path))
		}
	}
	return len(path)
}

// nextByte is next byte by byte.
func (x *idleSet) nextByte(path []byte, i int) int {
	for i < len(path) && x.stays(path[i]) {
		i++
	}
	return i
}
