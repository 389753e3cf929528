package automaton

import (
	"math/rand"
	"strings"
	"testing"
)

// TestScanIndex: google and rfc (the fallback is the same in both modes).
// The scan tier's sorted-prefix index finds exactly what combining every
// scanned rule would: random wildcard rules over a small alphabet (0xff
// included, the index's edge), all forced into the scan tier, against
// random paths, some holding a NUL (where Google mode's path ends).
func TestScanIndex(t *testing.T) {
	rng := rand.New(rand.NewSource(9309))
	word := func(n int) string { return string(randomBytes(rng, "/ab\xff*", n)) }
	queries := 0
	for round := 0; round < 300; round++ {
		var rules []Rule
		for i := 0; i < 1+rng.Intn(40); i++ {
			pat := "/" + word(rng.Intn(5)) + "*" + word(rng.Intn(3))
			if rng.Intn(4) == 0 {
				pat += "$"
			}
			kind := Allow
			if rng.Intn(2) == 0 {
				kind = Disallow
			}
			rules = append(rules, Rule{Kind: kind, Line: int32(i + 1), Pattern: pat})
		}
		p := &Program{Rules: rankRules(rules), NULEndsPath: round%2 == 0}
		for i := range p.Rules {
			p.Scan = append(p.Scan, int32(i))
		}
		p.sortScan()
		p.seal(nil)
		if !p.scanSorted() {
			t.Fatal("sortScan's order is not what scanSorted accepts")
		}
		for q := 0; q < 50; q++ {
			path := []byte("/" + word(rng.Intn(8)))
			if rng.Intn(4) == 0 {
				path[rng.Intn(len(path))] = 0
			}
			matched := string(path)
			if i := strings.IndexByte(matched, 0); i >= 0 && p.NULEndsPath {
				matched = matched[:i]
			}
			want := int32(NoRule)
			for r := range p.Rules {
				if GlobMatch(p.Rules[r].Pattern, matched) {
					want = combine(p.Rules, want, int32(r))
				}
			}
			if got := p.Leader(path); got != want {
				t.Fatalf("rules %v, path %q: leader %d, want %d", p.Rules, path, got, want)
			}
			queries++
		}
	}
	t.Logf("%d queries", queries)
}

// randomBytes returns n bytes drawn from alphabet.
func randomBytes(rng *rand.Rand, alphabet string, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[rng.Intn(len(alphabet))]
	}
	return b
}
