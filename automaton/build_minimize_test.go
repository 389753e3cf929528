package automaton

import (
	"math/rand"
	"testing"
)

// randomRules draws n rules over a tiny alphabet so that patterns overlap,
// share prefixes and use '*' and '$' often.
func randomRules(rng *rand.Rand, n int) []Rule {
	const alphabet = "/ab*"
	rules := make([]Rule, n)
	for i := range rules {
		b := []byte{'/'}
		for j := rng.Intn(6); j > 0; j-- {
			b = append(b, alphabet[rng.Intn(len(alphabet))])
		}
		if rng.Intn(4) == 0 {
			b = append(b, '$')
		}
		rules[i] = Rule{Kind: Kind(1 + rng.Intn(2)), Pattern: string(b), Line: int32(i + 1)}
	}
	return rules
}

// allPaths calls f with every path over alphabet up to length n.
func allPaths(alphabet string, n int, f func([]byte)) {
	var rec func(p []byte)
	rec = func(p []byte) {
		f(p)
		if len(p) == n {
			return
		}
		for i := 0; i < len(alphabet); i++ {
			rec(append(p, alphabet[i]))
		}
	}
	rec(make([]byte, 0, n))
}

// TestMinimizeEquivalent: the minimal DFA answers every path as the DFA
// built by subset construction does, and has no more states.
func TestMinimizeEquivalent(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	reduced := 0
	for i := 0; i < 300; i++ {
		p := build(randomRules(rng, 1+rng.Intn(8)), options{})
		for _, d := range p.dfas {
			m := d.minimize()
			if m.numStates() > d.numStates() {
				t.Fatalf("minimised DFA has %d states, built %d", m.numStates(), d.numStates())
			}
			if m.numStates() < d.numStates() {
				reduced++
			}
			if m.minimize().numStates() != m.numStates() {
				t.Fatalf("minimising twice changed the state count")
			}
			allPaths("/ab.", 6, func(path []byte) {
				if got, want := m.run(p.ranks, path), d.run(p.ranks, path); got != want {
					t.Fatalf("rules %v path %q: minimised %d, built %d", p.rules, path, got, want)
				}
			})
		}
	}
	t.Logf("%d of 300 random groups had a smaller minimal DFA", reduced)
	if reduced == 0 {
		t.Fatal("no random group's DFA was made smaller: minimisation did nothing")
	}
}
