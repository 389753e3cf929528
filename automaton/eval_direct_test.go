package automaton

import (
	"math/rand"
	"testing"
)

// TestDirect: google and rfc alike. A program of one DFA and no scanned
// rule is Direct, and its first walk's Leader is the program's Leader for
// every path, built or decoded; a program with a second DFA (anchored and
// floating rules) or scanned rules is not Direct.
func TestDirect(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	word := func(n int) string { return string(randomBytes(rng, "/ab.?$*", n)) }
	seen := map[bool]int{}
	for round := 0; round < 300; round++ {
		var rules []Rule
		for i := 0; i < 1+rng.Intn(10); i++ {
			pat := "/" + word(rng.Intn(6))
			if round%3 == 0 && rng.Intn(3) == 0 {
				pat = "/*" + word(rng.Intn(4))
			}
			rules = append(rules, Rule{Kind: Kind(1 + rng.Intn(2)), Line: int32(i + 1), Pattern: pat})
		}
		opts := options{nulEndsPath: round%2 == 0}
		if round%7 == 0 {
			opts.MaxStates = 2 // stars are scanned
		}
		p := build(rules, opts)
		want := len(p.dfas) == 1 && len(p.scan) == 0
		dec := roundTrip(t, p)
		for _, q := range []*Program{p, dec} {
			if got := q.isDirect(); got != want {
				t.Fatalf("rules %v: %d DFAs, %d scanned: Direct %v, want %v", rules, len(q.dfas), len(q.scan), got, want)
			}
			seen[want]++
			if !want {
				continue
			}
			w := &q.first
			for k := 0; k < 30; k++ {
				path := []byte("/" + word(rng.Intn(10)))
				if got, want := w.run(q.ranks, path), q.pathLeader(path); got != want {
					t.Fatalf("rules %v path %q: walk leader %d, program leader %d", rules, path, got, want)
				}
			}
		}
	}
	if seen[true] == 0 || seen[false] == 0 {
		t.Fatalf("programs seen, by Direct: %v; the test needs both", seen)
	}
}
