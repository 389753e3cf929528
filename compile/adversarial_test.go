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
		diffFile(t, "adversarial", []byte(body), compile.Options{Mode: mode}, automaton.Options{}, urls, &st)
	}
	set := compile.Compile(compile.Parse([]byte(body), compile.Options{}), compile.CompileOptions{})
	p := set.Programs[set.Global]
	if len(p.DFAs)+len(p.Scan) < 2 {
		t.Errorf("expected the fallback, got %d DFA and %d scanned rules", len(p.DFAs), len(p.Scan))
	}
	for _, d := range p.DFAs {
		if d.NumStates() > automaton.DefaultMaxStates+automaton.DefaultMaxStates/2 {
			t.Errorf("a DFA has %d states, over the budget", d.NumStates())
		}
	}
	t.Logf("%d DFAs, %d scanned rules, %d queries", len(p.DFAs), len(p.Scan), st.queries)
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
	diffFile(t, "wildcard-500k", []byte(body), compile.Options{}, automaton.Options{}, urls, &st)
	set := compile.Compile(compile.Parse([]byte(body), compile.Options{}), compile.CompileOptions{})
	dfas, scanned := 0, 0
	for _, p := range set.Programs {
		dfas += len(p.DFAs)
		scanned += len(p.Scan)
	}
	t.Logf("%d bytes: %d programs, %d DFAs, %d scanned rules, %d queries", len(body), len(set.Programs), dfas, scanned, st.queries)
}
