package automaton

import "encoding/binary"

// A program's jump. The walk of a program with many rules under one
// prefix ("/wiki/" for four hundred of en.wikipedia.org's rules) steps
// through the prefix's rows one byte at a time, each step a load that
// waits for the one before, before it reaches the rows where paths part.
// The jump is that prefix, up to eight bytes, with the state the walk
// reaches after it and the leader settled on the way: a path that starts
// with it is compared in one word and walked on from there. Over the
// frontier's en.wikipedia.org checks that is six steps of about ten.
//
// The prefix is chosen from the automaton alone, with no knowledge of
// the paths to come. From the start, the walk follows the byte that leads
// to more than half of the live states still ahead (counted over the rows
// a depth-first walk reaches first from each successor), as long as one
// byte does, for up to eight bytes; of the states it passes at a row, the
// jump ends at the one with the most successors (the longest prefix among
// equals), where paths part most: a prefix that went on past it would
// leave out most of the paths that reach it. For en.wikipedia.org that
// is "/wiki/", where its rules part on the article's first letter, rather
// than "/wiki/W", where most of them go on. A path under no jump's prefix
// pays a compare.

// jump is a program's jump (see above); the zero jump has no prefix.
type jump struct {
	word   uint64 // the prefix, little-endian, zero past its length
	state  uint32 // the first DFA's state after it (a ref)
	leader int32  // the leader settled on the way
	n      uint8  // its length, jumpMin to 8; 0 for none
}

const (
	// jumpMin is the shortest prefix worth a jump: a screen settles most
	// paths on their first two bytes.
	jumpMin = 3
	// jumpWork bounds the table words the counts read in all, so that a
	// hostile file cannot make a first binding slow.
	jumpWork = 1 << 15
)

// prefix is the prefix, "" for none.
func (j *jump) prefix() string {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], j.word)
	return string(b[:j.n])
}

// takes reports whether path (in its matching form) starts with the
// prefix: only paths of eight bytes or more, compared in one word.
func (j *jump) takes(path []byte) bool {
	return j.n != 0 && len(path) >= 8 && jumpTakes(j.word, j.n, path)
}

// jumpTakes is takes for a jump's word and length n (1 to 8), held apart
// (a Bound keeps them inline), and a path of eight bytes or more.
func jumpTakes(word uint64, n uint8, path []byte) bool {
	return (binary.LittleEndian.Uint64(path)^word)<<(64-8*uint(n)) == 0
}

// leaderAfter is walk w's leader for a path that j, the jump of the
// program w came from, takes: the walk goes on from the state after the
// prefix.
func (w *walk) leaderAfter(rules []rank, path []byte, j *jump) int32 {
	return w.runFrom(rules, path, int(j.n), j.state, j.leader)
}

// jumpOf returns p's jump, derived on the first call and kept as its
// screen is (see screenOf). Only a direct program whose DFA has no idle
// state (a trie of anchored rules) gets one.
func (p *Program) jumpOf() jump { return p.derive().jump }

// deriveJump is jump's work.
func (p *Program) deriveJump() jump {
	if !p.isDirect() {
		return jump{}
	}
	w := &p.first
	if w.idle != 0 || w.start < w.decEnd {
		return jump{}
	}
	var size [256]int
	var only [256]byte
	for b, c := range w.cls {
		size[c]++
		only[c] = byte(b)
	}
	s, leader := w.start, int32(NoRule)
	if s < w.special {
		leader = w.output(s)
	}
	x := jumper{w: w, seen: make([]uint64, (len(w.t)+63)/64), budget: jumpWork}
	var prefix [8]byte
	var j jump
	most := 0 // the successors of j's state
	for n := 0; ; {
		// s is the state after prefix[:n], with leader; a chain's first
		// state has one successor.
		t := w.t
		r, k, chain := chainAt(t, s)
		fanOut := 1
		if !chain {
			x.successors(s)
			fanOut = len(x.succ)
		}
		if n >= jumpMin && fanOut >= most {
			j = jump{word: binary.LittleEndian.Uint64(prefix[:]) & (^uint64(0) >> (64 - 8*n)),
				state: s, leader: leader, n: uint8(n)}
			most = fanOut
		}
		if n == len(prefix) {
			break
		}
		if chain {
			// Its classes, one byte each, lead on; any other byte to its
			// decided default.
			if n+int(k) > len(prefix) {
				break
			}
			for i := range int(k) {
				c := chainClass(t, r, uint32(i))
				if size[c] != 1 {
					return j
				}
				prefix[n+i] = only[c]
			}
			n += int(k)
			s = chainNext(t, r, k)
		} else {
			c, next, ok := x.heaviest()
			if !ok || size[c] != 1 {
				break
			}
			prefix[n] = only[c]
			n++
			s = next
		}
		if s < w.decEnd {
			break
		}
		if s < w.special {
			leader = combine(p.ranks, leader, w.output(s))
		}
	}
	return j
}

// jumper counts the live states ahead of a walk's successors.
type jumper struct {
	w      *walk
	succ   []successor // of the last state successors read
	seen   []uint64    // rows visited, a bit per table word
	stack  []uint32
	budget int // table words left to read
}

// successor is a live state that a row leads to: its ref, the first of
// the classes that lead there and how many do, and the live states ahead
// of it (see heaviest).
type successor struct {
	to      uint32
	class   uint8
	classes int
	weight  int
}

// successors sets x.succ to the distinct live states that row s (dense
// or sparse) leads to on a class of bytes.
func (x *jumper) successors(s uint32) {
	w := x.w
	x.succ = x.succ[:0]
	for k := uint8(0); k < w.eoi; k++ {
		to := w.step(s, k)
		if to < w.decEnd {
			continue
		}
		i := 0
		for i < len(x.succ) && x.succ[i].to != to {
			i++
		}
		if i == len(x.succ) {
			x.succ = append(x.succ, successor{to: to, class: k})
		}
		x.succ[i].classes++
	}
}

// heaviest returns, of x.succ, the class that leads to more than half of
// the live states ahead, and the state it leads to; ok is false when no
// class does alone, or the budget runs out.
func (x *jumper) heaviest() (c uint8, next uint32, ok bool) {
	clear(x.seen)
	total, best := 0, -1
	for i := range x.succ {
		weight, done := x.ahead(x.succ[i].to)
		if !done {
			return 0, 0, false
		}
		x.succ[i].weight = weight
		total += weight
		if best < 0 || weight > x.succ[best].weight {
			best = i
		}
	}
	if best < 0 || 2*x.succ[best].weight <= total || x.succ[best].classes != 1 {
		return 0, 0, false
	}
	return x.succ[best].class, x.succ[best].to, true
}

// ahead counts the live states of the rows reachable from live state s
// that no count since the last clear has visited; done is false when the
// budget ran out first.
func (x *jumper) ahead(s uint32) (n int, done bool) {
	w, t := x.w, x.w.t
	x.stack = append(x.stack[:0], s)
	for len(x.stack) > 0 {
		s := x.stack[len(x.stack)-1]
		x.stack = x.stack[:len(x.stack)-1]
		r, k, chain := chainAt(t, s)
		if s < w.decEnd || x.seen[r>>6]&(1<<(r&63)) != 0 {
			continue
		}
		if x.budget -= int(rowWords(t, r, int(w.eoi)+1)); x.budget < 0 {
			return n, false
		}
		x.seen[r>>6] |= 1 << (r & 63)
		switch {
		case isDense(s): // its distinct targets
			n++
			prev := uint32(0)
			for _, to := range t[r : r+uint32(w.eoi)] {
				if to != prev {
					x.stack = append(x.stack, to)
					prev = to
				}
			}
		case chain: // k states, then one target
			n += int(k)
			x.stack = append(x.stack, chainNext(t, r, k))
		default: // sparse: its default and exceptions' targets
			n++
			_, _, targets := sparseRow(t, s)
			x.stack = append(x.stack, t[r])
			x.stack = append(x.stack, targets...)
		}
	}
	return n, true
}
