package compile_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/automaton"
	"github.com/robotsdfa/robotsdfa/compile"
)

// adversarialBody writes n rules like /*a*b*c*d*e*f*g*h$ with random
// letters: subset construction over them multiplies states, so the group
// must go to the fallback.
func adversarialBody(n int, seed int64) string {
	rng := rand.New(rand.NewSource(seed))
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := 0; i < n; i++ {
		kind := "Disallow"
		if i%3 == 0 {
			kind = "Allow"
		}
		fmt.Fprintf(&b, "%s: /", kind)
		for j := 0; j < 8; j++ {
			fmt.Fprintf(&b, "*%c", 'a'+rng.Intn(8))
		}
		if i%2 == 0 {
			b.WriteByte('$')
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// TestAdversarialFallback: both. 200 adversarial rules compile within the
// budget into several automata that agree with the reference.
func TestAdversarialFallback(t *testing.T) {
	body := adversarialBody(200, 1)
	rng := rand.New(rand.NewSource(2))
	var urls []string
	for i := 0; i < 150; i++ {
		var u strings.Builder
		u.WriteString("http://example.com/")
		for j := 0; j < 5+rng.Intn(40); j++ {
			u.WriteByte(byte('a' + rng.Intn(9)))
		}
		urls = append(urls, u.String())
	}
	var st diffStats
	for _, mode := range []compile.Mode{compile.Google, compile.RFC9309} {
		diffFile(t, "adversarial", []byte(body), compile.Options{Mode: mode}, automaton.Budget{}, urls, &st)
	}
	set := compile.Parse([]byte(body), compile.Options{}).CompileSet()
	p := set.Programs[set.Global].Stats()
	if p.Automata+p.Scanned < 2 {
		t.Errorf("expected the fallback, got %d DFA and %d scanned rules", p.Automata, p.Scanned)
	}
	// The default budget is 4,096 states a DFA (its bound is tested in
	// package automaton); here, on average.
	if p.States > p.Automata*(4096+2048) {
		t.Errorf("%d DFAs have %d states, over the budget", p.Automata, p.States)
	}
	t.Logf("%d DFAs, %d scanned rules, %d queries", p.Automata, p.Scanned, st.queries)
}

// wildcardFile writes about size bytes of groups of random wildcard
// patterns: literals from a small alphabet, '*' often, '$' sometimes.
func wildcardFile(size int, seed int64) string {
	rng := rand.New(rand.NewSource(seed))
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for b.Len() < size {
		if rng.Intn(500) == 0 {
			fmt.Fprintf(&b, "\nUser-agent: bot%d\n", rng.Intn(4))
		}
		kind := "Disallow"
		if rng.Intn(3) == 0 {
			kind = "Allow"
		}
		fmt.Fprintf(&b, "%s: /", kind)
		for j := 2 + rng.Intn(14); j > 0; j-- {
			if rng.Intn(4) == 0 {
				b.WriteByte('*')
			} else {
				b.WriteByte("abcdefgh/."[rng.Intn(10)])
			}
		}
		if rng.Intn(5) == 0 {
			b.WriteByte('$')
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// TestWildcardFile: both. A 500 KiB file of random wildcard patterns
// compiles, within the budget, into automata and scanned rules that agree
// with the reference.
func TestWildcardFile(t *testing.T) {
	body := wildcardFile(500<<10, 1)
	rng := rand.New(rand.NewSource(3))
	var urls []string
	for i := 0; i < 100; i++ {
		var u strings.Builder
		u.WriteString("http://example.com/")
		for j := 0; j < rng.Intn(30); j++ {
			u.WriteByte("abcdefgh/.xyz"[rng.Intn(13)])
		}
		urls = append(urls, u.String())
	}
	var st diffStats
	diffFile(t, "wildcard-500k", []byte(body), compile.Options{}, automaton.Budget{}, urls, &st)
	set := compile.Parse([]byte(body), compile.Options{}).CompileSet()
	dfas, scanned := 0, 0
	for _, p := range set.Programs {
		st := p.Stats()
		dfas += st.Automata
		scanned += st.Scanned
	}
	t.Logf("%d bytes: %d programs, %d DFAs, %d scanned rules, %d queries", len(body), len(set.Programs), dfas, scanned, st.queries)
}
