package automaton

import (
	"math/rand"
	"slices"
	"testing"
	"unsafe"
)

// TestIdleNext: the word-at-a-time skip finds the same byte as a test of
// the path byte by byte, for every start, over random sets of one to four
// bytes that leave (NUL and 0xff included, whose words are all zeros and
// all ones) and up to two that pass, with up to two exceptions in all,
// and random paths of up to 80 bytes. A path shorter than a word takes
// the byte loop, which stops at passing bytes too; on amd64 a path of 16
// bytes or more takes the assembly (eval_skip_amd64.s), its blocks and its
// last 16 bytes.
func TestIdleNext(t *testing.T) {
	rng := rand.New(rand.NewSource(9309))
	alphabet := []byte{0, 1, '#', '/', 'a', 'b', 0x7f, 0x80, 0xfe, 0xff}
	pick := func() byte { return alphabet[rng.Intn(len(alphabet))] }
	for round := 0; round < 3000; round++ {
		var x idleSet
		for b := range 256 {
			x.stay[b>>6] |= 1 << (b & 63)
		}
		for range 1 + rng.Intn(4) {
			b := pick()
			x.stay[b>>6] &^= 1 << (b & 63)
		}
		var passes []pass
		for slots, want := passWords, rng.Intn(3); len(passes) < want && slots > 0; {
			p := pass{b: pick(), n: rng.Intn(slots + 1)}
			if !x.stays(p.b) || slices.ContainsFunc(passes, func(q pass) bool { return q.b == p.b }) {
				continue
			}
			for k := range p.n {
				p.then[k] = pick()
			}
			slots -= p.n
			passes = append(passes, p)
			x.stay[p.b>>6] &^= 1 << (p.b & 63)
		}
		slices.SortFunc(passes, func(a, b pass) int { return int(a.b) - int(b.b) })
		passing := func(path []byte, j int) bool {
			for _, p := range passes {
				if p.b == path[j] {
					return len(path) >= 8 && (j+1 == len(path) || !slices.Contains(p.then[:p.n], path[j+1]))
				}
			}
			return false
		}
		var leaving []byte // for messages
		for b := range 256 {
			if !x.stays(byte(b)) {
				leaving = append(leaving, byte(b))
			}
		}
		x.setLeave(slices.Clone(passes))
		if !x.few {
			t.Fatalf("leave set %q, passes %v: not few", leaving, passes)
		}
		path := make([]byte, rng.Intn(81))
		for i := range path {
			if rng.Intn(4) == 0 {
				path[i] = pick()
			} else {
				path[i] = byte(rng.Intn(256))
			}
		}
		for i := 0; i <= len(path); i++ {
			want := i
			for want < len(path) && (x.stays(path[want]) || passing(path, want)) {
				want++
			}
			if got := x.next(path, i); got != want {
				t.Fatalf("leave %q, passes %v, path %q from %d: next %d, want %d", leaving, passes, path, i, got, want)
			}
		}
	}
}

// TestSkipLayout holds idleSet's words where eval_skip_amd64.s reads them.
func TestSkipLayout(t *testing.T) {
	var x idleSet
	got := [4]uintptr{unsafe.Offsetof(x.leave), unsafe.Offsetof(x.first), unsafe.Offsetof(x.then), unsafe.Offsetof(x.end)}
	if want := [4]uintptr{32, 64, 80, 96}; got != want {
		t.Fatalf("idleSet's leave, first, then and end at %v; eval_skip_amd64.s reads them at %v", got, want)
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
		x.setLeave(nil)
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
