package automaton

import (
	"math/rand"
	"strings"
	"testing"
)

// TestScanIndex: google and rfc (the fallback is the same in both modes).
// The scan tier's sorted-prefix index finds exactly what combining every
// scanned rule would: random wildcard rules over a small alphabet (0xff
// included, the index's edge, and 0x85, in the byte sets' third word),
// all forced into the scan tier, against random paths, some holding a NUL
// (where Google mode's path ends).
func TestScanIndex(t *testing.T) {
	rng := rand.New(rand.NewSource(9309))
	word := func(n int) string { return string(randomBytes(rng, "/ab\x85\xff*", n)) }
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
		p := &Program{rules: rankRules(rules), nulEndsPath: round%2 == 0}
		p.ranks = ranksOf(nil, p.rules)
		for i := range p.rules {
			p.scan = append(p.scan, int32(i))
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
			if i := strings.IndexByte(matched, 0); i >= 0 && p.nulEndsPath {
				matched = matched[:i]
			}
			want := int32(NoRule)
			for r := range p.rules {
				if globOracle(p.rules[r].Pattern, matched) {
					want = combine(p.ranks, want, int32(r))
				}
			}
			if got := p.pathLeader(path); got != want {
				t.Fatalf("rules %v, path %q: leader %d, want %d", p.rules, path, got, want)
			}
			queries++
		}
	}
	t.Logf("%d queries", queries)
}

// globOracle is a pattern match written straight from SEMANTICS 3.3-3.4,
// apart from globMatch: can[i][j] says whether pattern[i:] matches from
// path[j] on (a '*' takes any run, a final '$' only the end, any other
// byte itself; without '$' the pattern's end matches anywhere).
func globOracle(pattern, path string) bool {
	can := make([][]bool, len(pattern)+1)
	for i := range can {
		can[i] = make([]bool, len(path)+1)
	}
	for i := len(pattern); i >= 0; i-- {
		for j := len(path); j >= 0; j-- {
			switch {
			case i == len(pattern):
				can[i][j] = true
			case pattern[i] == '$' && i == len(pattern)-1:
				can[i][j] = j == len(path)
			case pattern[i] == '*':
				can[i][j] = can[i+1][j] || j < len(path) && can[i][j+1]
			default:
				can[i][j] = j < len(path) && path[j] == pattern[i] && can[i+1][j+1]
			}
		}
	}
	return can[0][0]
}

// TestGlobMatch: both (SEMANTICS 3.3-3.4). globMatch, which the scan tier
// and lint use, against written-out cases and against globOracle on
// random patterns and paths.
func TestGlobMatch(t *testing.T) {
	for _, c := range []struct {
		pattern, path string
		want          bool
	}{
		{"/a", "/a", true}, {"/a", "/ab", true}, {"/a", "/", false},
		{"/a$", "/a", true}, {"/a$", "/ab", false}, {"/a$b", "/a$b", true}, {"/a$b", "/ab", false},
		{"/*", "/", true}, {"/*$", "/anything", true}, {"*", "", true},
		{"/*.pdf$", "/x.pdf", true}, {"/*.pdf$", "/x.pdf?y", false}, {"/*.pdf", "/x.pdf?y", true},
		{"/a*b*c", "/abc", true}, {"/a*b*c", "/acb", false}, {"/a*b*c", "/a-b-c-d", true},
		{"/a*b$", "/ab", true}, {"/a*b$", "/abb", true}, {"/a*b$", "/aba", false},
		{"/**", "/", true}, {"/a**b", "/axb", true}, {"/x*", "/", false},
	} {
		if got := globMatch(c.pattern, c.path); got != c.want {
			t.Errorf("globMatch(%q, %q) = %v, want %v", c.pattern, c.path, got, c.want)
		}
		if got := globOracle(c.pattern, c.path); got != c.want {
			t.Errorf("globOracle(%q, %q) = %v, want %v", c.pattern, c.path, got, c.want)
		}
	}
	rng := rand.New(rand.NewSource(47))
	for range 20000 {
		pattern := "/" + string(randomBytes(rng, "ab*$/", rng.Intn(6)))
		path := "/" + string(randomBytes(rng, "ab$/", rng.Intn(8)))
		if got, want := globMatch(pattern, path), globOracle(pattern, path); got != want {
			t.Fatalf("globMatch(%q, %q) = %v, the oracle says %v", pattern, path, got, want)
		}
	}
}

// TestScanPrefilter: both. The byte sets that spare the scan tier a
// glob match pass a rule exactly when the path holds every byte its
// pattern names (but '*' and a final '$'): random patterns and paths over
// bytes of each of the sets' four words.
func TestScanPrefilter(t *testing.T) {
	rng := rand.New(rand.NewSource(2309))
	const alphabet = "/a?*$\x01\x7f\x85\xc0\xff"
	passed := 0
	for range 20000 {
		pattern := "/" + string(randomBytes(rng, alphabet, rng.Intn(5)))
		path := "/" + string(randomBytes(rng, alphabet, rng.Intn(8)))
		want := true
		for i := 0; i < len(pattern); i++ {
			if c := pattern[i]; c != '*' && !(c == '$' && i == len(pattern)-1) && strings.IndexByte(path, c) < 0 {
				want = false
			}
		}
		need, has := needs(pattern), bytesOf(path)
		if got := need.within(&has); got != want {
			t.Fatalf("pattern %q, path %q: passed %v, want %v", pattern, path, got, want)
		}
		if want {
			passed++
		}
	}
	if passed < 1000 || passed > 19000 {
		t.Fatalf("%d of 20000 passed: change the alphabet", passed)
	}
}

// randomBytes returns n bytes drawn from alphabet.
func randomBytes(rng *rand.Rand, alphabet string, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[rng.Intn(len(alphabet))]
	}
	return b
}
