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
	if len(p.DFAs) < 2 {
		t.Errorf("expected the fallback to split the group, got %d DFA", len(p.DFAs))
	}
	for _, d := range p.DFAs {
		if d.NumStates() > automaton.DefaultMaxStates+automaton.DefaultMaxStates/2 {
			t.Errorf("a DFA has %d states, over the budget", d.NumStates())
		}
	}
	t.Logf("%d DFAs, %d queries", len(p.DFAs), st.queries)
}
