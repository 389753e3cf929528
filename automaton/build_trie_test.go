package automaton

import (
	"math/rand"
	"slices"
	"testing"
)

// TestTrieEqualsSubset: google and rfc (the automaton is the same in both
// modes). For literal rules, the direct trie construction gives the very
// table subset construction gives: random rule sets with shared
// prefixes, duplicates, anchors, trailing stars, "*", and both kinds.
func TestTrieEqualsSubset(t *testing.T) {
	rng := rand.New(rand.NewSource(2022))
	// Few bytes make shared prefixes; long bodies make long tails (chain
	// rows); NUL ends the path in Google mode, so a body's NUL cuts its
	// tail.
	alphabets := []string{"/abc", "ab", "/a\x00#"}
	for round := 0; round < 3000; round++ {
		var rules []Rule
		for i := 0; i < 1+rng.Intn(12); i++ {
			b := append([]byte{'/'}, randomBytes(rng, alphabets[round%3], rng.Intn(4+round%9))...)
			switch rng.Intn(6) {
			case 0, 1:
				b = append(b, '$')
			case 2:
				b = append(b, '*') // a trailing star: still literal
			case 3:
				if rng.Intn(4) == 0 {
					b = []byte("*") // matches every path
				}
			}
			kind := Allow
			if rng.Intn(2) == 0 {
				kind = Disallow
			}
			rules = append(rules, Rule{Kind: kind, Line: int32(i + 1), Pattern: string(b)})
		}
		ranked := rankRules(rules)
		ids := allRules(len(ranked))
		opts := options{nulEndsPath: round%2 == 0}.withDefaults()
		trie := buildTrie(ranked, ids, opts)
		opts.MaxStates, opts.MaxBytes, opts.MaxWork = unbounded, unbounded, 1
		subset := buildDFA(ranked, ids, opts)
		if trie == nil || subset == nil {
			t.Fatalf("%v: a construction failed", ranked)
		}
		if !slices.Equal(trie.t, subset.t) || trie.start != subset.start || trie.NumDecided != subset.NumDecided ||
			trie.NumOutputs != subset.NumOutputs || trie.NumLive != subset.NumLive {
			t.Fatalf("%v: trie and subset construction differ:\ntrie   %v\nsubset %v", ranked, trie.t, subset.t)
		}
	}
}
