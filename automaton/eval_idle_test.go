package automaton

import (
	"math/rand"
	"slices"
	"testing"
	"unsafe"
)

// TestIdleFound: google and rfc. The automata of floating rules have an
// idle state, and its stay set is exactly the bytes that lead back to it;
// the automata of anchored rules have none.
func TestIdleFound(t *testing.T) {
	for _, c := range []struct {
		patterns []string
		idle     bool
	}{
		{[]string{"*?s="}, true},
		{[]string{"/*preview=true", "*?v02", "/*/?s="}, true},
		{[]string{"/*.pdf$"}, true},
		{[]string{"/*a*b"}, true},
		{[]string{"/wp-admin/", "/search"}, false},
		{[]string{"/a*b"}, false},
	} {
		var rules []Rule
		for i, p := range c.patterns {
			rules = append(rules, Rule{Kind: Disallow, Pattern: p, Line: int32(i + 1)})
		}
		p := build(rules, options{})
		if len(p.dfas) != 1 {
			t.Fatalf("%q: %d DFAs", c.patterns, len(p.dfas))
		}
		d := p.dfas[0]
		if got := d.idle != 0; got != c.idle {
			t.Errorf("%q: idle state %v, want %v", c.patterns, got, c.idle)
			continue
		}
		if d.idle == 0 {
			continue
		}
		for b := 0; b < 256; b++ {
			stays := d.stay.stays(byte(b))
			if back := d.step(d.idle, d.cls[b]) == d.idle; stays != back {
				t.Errorf("%q: byte %q in stay %v, leads back to idle %v", c.patterns, b, stays, back)
			}
		}
	}
}

// TestIdleEqualsPlain: google and rfc. A walk that skips the bytes staying
// in the idle state settles the same leader as the step-by-step walk, for
// random rule sets (anchored, floating, wildcards, '$') over a small
// alphabet and random paths, NULs and '#' included, up to ten words long
// (the word-at-a-time skip and its last-word tail; on amd64, the blocks of
// sixteen bytes and the last block).
func TestIdleEqualsPlain(t *testing.T) {
	rng := rand.New(rand.NewSource(2026))
	prefixes := []string{"*", "/*", "*/*", "/", "/a*", "*a*"}
	// A pattern's bytes after the prefix: one of first, then up to four
	// of rest. The wider alphabet gives idle states that more than four
	// bytes leave (its patterns' first bytes), which the word-at-a-time
	// skip leaves to the byte loop unless enough of them pass.
	alphabets := []struct{ first, rest string }{{"ab/.?*", "ab/.?*"}, {"ab/.?*", "ab/.?*"}, {"abcdefgh", "stuvwxyz/.?*"}}
	idles, few, paired := 0, 0, 0
	for round := 0; round < 2000; round++ {
		var rules []Rule
		a, n, prefix := alphabets[round%3], 1+rng.Intn(8), prefixes
		if round%3 == 2 {
			n, prefix = 6+rng.Intn(12), prefixes[:2] // floating rules, many
		}
		for i := 0; i < n; i++ {
			p := prefix[rng.Intn(len(prefix))] + string(randomBytes(rng, a.first, 1)) + string(randomBytes(rng, a.rest, rng.Intn(5)))
			if rng.Intn(4) == 0 {
				p += "$"
			}
			rules = append(rules, Rule{Kind: Kind(1 + rng.Intn(2)), Line: int32(i + 1), Pattern: p})
		}
		prog := build(rules, options{nulEndsPath: round%2 == 0})
		for _, d := range prog.dfas {
			if d.idle == 0 {
				continue
			}
			idles++
			if d.stay.few {
				few++
				if d.stay.first[0] != d.stay.leave[0] {
					paired++ // see setLeave
				}
			}
			plain := d.walk
			plain.idle = 0
			for k := 0; k < 40; k++ {
				path := append([]byte{'/'}, randomBytes(rng, "abcdefghstuvwxyz/.?c\x00#", rng.Intn(80))...)
				if got, want := d.run(prog.ranks, path), plain.run(prog.ranks, path); got != want {
					t.Fatalf("rules %v, path %q: leader %d skipping idle bytes, %d step by step", prog.rules, path, got, want)
				}
			}
		}
	}
	t.Logf("%d idle, %d few, %d with passing bytes", idles, few, paired)
	if idles < 500 || few < 250 || idles-few < 100 || paired < 250 {
		t.Fatalf("%d DFAs with an idle state, %d left by few bytes, %d with passing bytes: the test does not exercise every skip", idles, few, paired)
	}
}

// TestIdlePassesEmptyClass: google. A blob's class map may leave a class
// without bytes (the compiler's never does); the passes of its idle state
// then name no byte for it. Here '/' of "/*/pabc" is moved into the class
// of 'x', which stays, so its own class, which passed, has no byte; NUL,
// which ends the path, must still stop the skip before the 'z' of "/*z"
// (whose byte keeps the leave words from marking every NUL anyway).
func TestIdlePassesEmptyClass(t *testing.T) {
	p := build([]Rule{{Kind: Disallow, Pattern: "/*/pabc", Line: 1}, {Kind: Allow, Pattern: "/*z", Line: 2}}, options{nulEndsPath: true})
	d := p.dfas[0]
	if len(p.dfas) != 1 || d.idle == 0 || d.stay.first[0] == d.stay.leave[0] {
		t.Fatalf("%d DFAs, the first without an idle state with a passing byte", len(p.dfas))
	}
	slash := d.cls['/']
	table := slices.Clone(d.t)
	d.t = table
	d.cls = (*[256]uint8)(unsafe.Pointer(&table[0]))
	d.cls['/'] = d.cls['x'] // '/' now stays; its class has no byte
	d.setIdle()
	if d.idle == 0 || d.cls['/'] == slash {
		t.Fatal("the edit lost the idle state")
	}
	plain := d.walk
	plain.idle = 0
	for _, path := range []string{"/abcdefgh\x00rstuvwxyz", "/abcdefghijklmnopqrstuvwxyz", "/a\x00z"} {
		if got, want := d.run(p.ranks, []byte(path)), plain.run(p.ranks, []byte(path)); got != want {
			t.Errorf("path %q: leader %d skipping idle bytes, %d step by step", path, got, want)
		}
	}
}
