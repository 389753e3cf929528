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
		var distinct []byte // the bytes that leave, for messages
		for b := range 256 {
			if !x.stays(byte(b)) {
				distinct = append(distinct, byte(b))
			}
		}
		x.setLeave()
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
			for want < len(path) && x.stays(path[want]) {
				want++
			}
			if got := x.next(path, i); got != want {
				t.Fatalf("leave %q, path %q from %d: next %d, want %d", distinct, path, i, got, want)
			}
		}
	}
}

// TestIdleFew: setLeave derives the words from the stay set; a set that
// more than four bytes leave takes the byte-by-byte skip, and next still
// finds its first leaving byte.
func TestIdleFew(t *testing.T) {
	leaving := func(bytes string) *idleSet {
		x := &idleSet{stay: byteSet{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}}
		for i := 0; i < len(bytes); i++ {
			x.stay[bytes[i]>>6] &^= 1 << (bytes[i] & 63)
		}
		x.setLeave()
		return x
	}
	x := leaving("abcde")
	if x.few {
		t.Fatal("five bytes leave, and the set is few")
	}
	if got := x.next([]byte("/xyzxyzxyzxyzd"), 1); got != 13 {
		t.Fatalf("five bytes leave: next %d, want 13", got)
	}
	x = leaving("ba")
	if !x.few || x.leave != [4]uint64{lows * 'a', lows * 'b', lows * 'b', lows * 'b'} {
		t.Fatalf("two bytes leave: few %v, words %x", x.few, x.leave)
	}
	if x = leaving(""); x.few {
		t.Fatal("no byte leaves, and the set is few")
	}
}
