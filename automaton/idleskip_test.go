package automaton

import (
	"math/rand"
	"testing"
)

// TestIdleNext: the word-at-a-time skip finds the same byte as a test of
// the stay set byte by byte, for every start, over random leave sets of
// one to four bytes (NUL and 0xff included, whose words are all zeros and
// all ones) and random paths of up to 40 bytes.
func TestIdleNext(t *testing.T) {
	rng := rand.New(rand.NewSource(9309))
	alphabet := []byte{0, 1, '#', '/', 'a', 'b', 0x7f, 0x80, 0xfe, 0xff}
	for round := 0; round < 3000; round++ {
		var leave [4]byte
		n := 1 + rng.Intn(4)
		var x idleSet
		for b := range 256 {
			x.stay[b>>6] |= 1 << (b & 63)
		}
		for k := 0; k < n; k++ {
			leave[k] = alphabet[rng.Intn(len(alphabet))]
			x.stay[leave[k]>>6] &^= 1 << (leave[k] & 63)
		}
		// n counts the distinct bytes that leave.
		m, distinct := 0, leave[:0:0]
		for b := range 256 {
			if x.stay[b>>6]&(1<<(b&63)) == 0 {
				distinct = append(distinct, byte(b))
				m++
			}
		}
		x.setLeave(distinct, m)
		if !x.few {
			t.Fatalf("leave set %q: not few", distinct)
		}
		path := make([]byte, rng.Intn(41))
		for i := range path {
			if rng.Intn(4) == 0 {
				path[i] = alphabet[rng.Intn(len(alphabet))]
			} else {
				path[i] = byte(rng.Intn(256))
			}
		}
		for i := 0; i <= len(path); i++ {
			want := i
			for want < len(path) && x.stay[path[want]>>6]&(1<<(path[want]&63)) != 0 {
				want++
			}
			if got := x.next(path, i); got != want {
				t.Fatalf("leave %q, path %q from %d: next %d, want %d", distinct, path, i, got, want)
			}
		}
	}
}

// TestIdleFew: a leave set of more than four bytes takes the byte-by-byte
// skip.
func TestIdleFew(t *testing.T) {
	var x idleSet
	x.setLeave([]byte("abcd"), 5)
	if x.few {
		t.Fatal("five bytes leave, and the set is few")
	}
	x.setLeave([]byte("ab"), 2)
	if !x.few || x.leave[2] != lows*'b' || x.leave[3] != lows*'b' {
		t.Fatalf("two bytes leave: few %v, words %x", x.few, x.leave)
	}
}
