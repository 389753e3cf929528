package automaton

import (
	"math/rand"
	"testing"
)

// TestKeyword: google and rfc. Which patterns are floating literals, and
// their keywords.
func TestKeyword(t *testing.T) {
	for _, c := range []struct {
		pattern, kw       string
		anchored, fromOne bool
		ok                bool
	}{
		{"*.pdf", ".pdf", false, false, true},
		{"*.pdf$", ".pdf", true, false, true},
		{"/*.pdf$", ".pdf", true, false, true},
		{"/**?q=", "?q=", false, false, true},
		{"**x*", "x", false, false, true},
		{"*/*?q=", "?q=", false, false, true}, // every path starts with '/'
		{"*/account/", "/account/", false, false, true},
		{"/*/account/", "/account/", false, true, true}, // from position 1
		{"*/*/x$", "/x", true, true, true},
		{"/*/", "/", false, true, true},
		{"*/*/x*y", "", false, false, false},
		{"/a*b", "", false, false, false},
		{"/abc", "", false, false, false},
		{"*a*b", "", false, false, false},
		{"*", "", false, false, false},
		{"/*", "", false, false, false},
		{"*$", "", false, false, false},
		{"*a\x00b", "", false, false, false},
		{"*\x00b", "", false, false, false}, // a NUL first, too
	} {
		kw, anchored, fromOne, ok := keyword(c.pattern)
		if ok != c.ok || ok && (kw != c.kw || anchored != c.anchored || fromOne != c.fromOne) {
			t.Errorf("keyword(%q) = %q, %v, %v, %v; want %q, %v, %v, %v", c.pattern, kw, anchored, fromOne, ok, c.kw, c.anchored, c.fromOne, c.ok)
		}
	}
}

// TestKeywordsEqualSubset: google and rfc. For floating literal rules the
// keyword automaton settles the same leader as subset construction's DFA
// on every path: random rule sets over a small alphabet (so keywords
// overlap, nest and repeat), anchored and not, both kinds, against random
// paths that start with '/', NULs included.
func TestKeywordsEqualSubset(t *testing.T) {
	rng := rand.New(rand.NewSource(1994))
	prefixes := []string{"*", "/*", "*/*", "**", "/*/", "*/*/"}
	for round := 0; round < 3000; round++ {
		var rules []Rule
		for i := 0; i < 1+rng.Intn(10); i++ {
			p := prefixes[rng.Intn(len(prefixes))] + string(randomBytes(rng, "ab/.", 1+rng.Intn(4)))
			if rng.Intn(3) == 0 {
				p += "$"
			}
			kind := Allow
			if rng.Intn(2) == 0 {
				kind = Disallow
			}
			if isKeyword(p) {
				rules = append(rules, Rule{Kind: kind, Line: int32(i + 1), Pattern: p})
			}
		}
		if len(rules) == 0 {
			continue
		}
		ranked := rankRules(rules)
		ids := allRules(len(ranked))
		opts := options{nulEndsPath: round%2 == 0}.withDefaults()
		kw, n := buildKeywords(ranked, ids, opts)
		if kw == nil || n != len(ids) {
			t.Fatalf("%v: keyword automaton took %d of %d rules", ranked, n, len(ids))
		}
		opts.MaxStates, opts.MaxBytes, opts.MaxWork = unbounded, unbounded, 1<<20
		opts = opts.withDefaults() // the work budget within an int
		subset := buildDFA(ranked, ids, opts)
		if subset == nil {
			t.Fatalf("%v: subset construction failed", ranked)
		}
		for k := 0; k < 40; k++ {
			path := append([]byte{'/'}, randomBytes(rng, "ab/.\x00c", rng.Intn(12))...)
			if got, want := kw.run(ranksOf(nil, ranked), path), subset.run(ranksOf(nil, ranked), path); got != want {
				t.Fatalf("rules %v, path %q: keyword automaton's leader %d, subset construction's %d", ranked, path, got, want)
			}
		}
	}
}

// TestKeywordsBudget: rules past the state or byte budget are left to the
// caller, best-ranked ones taken first.
func TestKeywordsBudget(t *testing.T) {
	var rules []Rule
	for i := 0; i < 100; i++ {
		rules = append(rules, Rule{Kind: Disallow, Line: int32(i + 1), Pattern: "*" + string(rune('a'+i%26)) + "0123456789" + string(rune('a'+i/26))})
	}
	ranked := rankRules(rules)
	ids := allRules(len(ranked))
	opts := options{MaxStates: 300}.withDefaults()
	d, n := buildKeywords(ranked, ids, opts)
	if d == nil || n == 0 || n >= len(ids) {
		t.Fatalf("took %d of %d rules with a 300-state budget", n, len(ids))
	}
	if d.NumLive > 300 {
		t.Fatalf("%d live states over a 300-state budget", d.NumLive)
	}
	// A bound on the table's bytes stops it at the same rule: the
	// budget of 300 states, in bytes.
	bytes := options{MaxBytes: 300 * d.NumClasses * 4}.withDefaults()
	if db, nb := buildKeywords(ranked, ids, bytes); db == nil || nb != n || db.numStates()*db.NumClasses*4 > bytes.MaxBytes {
		t.Fatalf("a %d-byte budget took %d rules (the state budget %d)", bytes.MaxBytes, nb, n)
	}
	p := build(rules, opts)
	if len(p.dfas) == 0 {
		t.Fatal("no DFA")
	}
	for i := range rules {
		path := []byte("/x" + rules[i].Pattern[1:] + "y")
		if ok, r := p.check(path); ok || r == nil || r.Line != rules[i].Line {
			t.Fatalf("%q: verdict %v by %v, want disallowed by line %d", path, ok, r, rules[i].Line)
		}
	}
}
