package automaton

import (
	"math/rand"
	"strings"
	"testing"
)

// TestEndsAtFragment: google and rfc (SEMANTICS 4.1: the path ends at the
// first '#'). A program whose patterns hold no '#' has '#' in every DFA's
// end-of-input class, so a path followed by '#' and anything gets the
// leader of the path alone; a pattern holding '#' (possible only through
// Build, never from a robots.txt line) or a scanned rule turns it off;
// a decoded program says what the built one says.
func TestEndsAtFragment(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	word := func(n int) string { return string(randomBytes(rng, "/ab.?$*", n)) }
	for round := 0; round < 400; round++ {
		var rules []Rule
		for i := 0; i < 1+rng.Intn(12); i++ {
			pat := "/" + word(rng.Intn(6))
			if rng.Intn(3) == 0 {
				pat = "/*" + word(rng.Intn(4))
			}
			if rng.Intn(4) == 0 {
				pat += "$"
			}
			rules = append(rules, Rule{Kind: Kind(1 + rng.Intn(2)), Line: int32(i + 1), Pattern: pat})
		}
		hash := round%5 == 0
		if hash {
			rules[0].Pattern = "/a#"
		}
		opts := options{nulEndsPath: round%2 == 0}
		if round%7 == 0 {
			opts.MaxStates = 2 // everything with a star is scanned
		}
		p := build(rules, opts)
		want := !hash && len(p.scan) == 0
		if got := p.fragmentEnds; got != want {
			t.Fatalf("rules %v (scanned %v): EndsAtFragment %v, want %v", rules, p.scan, got, want)
		}
		dec := roundTrip(t, p)
		if got := dec.fragmentEnds; got != want {
			t.Fatalf("rules %v: decoded EndsAtFragment %v, want %v", rules, got, want)
		}
		if !want {
			continue
		}
		for q := 0; q < 40; q++ {
			path := "/" + word(rng.Intn(8))
			frag := "#" + word(rng.Intn(6)) + strings.Repeat("#", rng.Intn(2))
			for _, prog := range []*Program{p, dec} {
				if got, want := prog.pathLeader([]byte(path+frag)), prog.pathLeader([]byte(path)); got != want {
					t.Fatalf("rules %v: leader of %q is %d, of %q %d", rules, path+frag, got, path, want)
				}
			}
		}
	}
}
