package automaton

import (
	"bytes"
	"math/rand"
	"reflect"
	"slices"
	"testing"
	"unsafe"
)

// screenLeader is the leader a check that consults sc gets for path:
// the screen's when it settles all, the floating walks' on top of the
// anchored leader when it settles that, else the program's walk.
func screenLeader(p *Program, sc *screen, path []byte) (int32, settleResult) {
	first := &p.first
	if len(path) >= 3 && sc.refuses(path[1], path[2]) {
		return p.pathLeader(path), unsettled
	}
	switch l, s := sc.settle(path); s {
	case allSettled:
		return l, s
	case anchoredSettled:
		return p.floatingLeader(first, path, l), s
	}
	return p.pathLeader(path), unsettled
}

// TestScreenEqualsLeader: google and rfc. For random rule sets of
// anchored and floating patterns over a small alphabet (so that first
// bytes collide, rules such as "/" match everything and pairs decide;
// a third with a tiny state budget, so that rules are scanned),
// every path of two and three bytes over the alphabet, and those with
// tails that leave or keep a floating DFA idle, get from a check that
// consults the program's screen the leader the program's walk settles.
// Each way a screen answers must occur often, or the test is not
// exercising it.
func TestScreenEqualsLeader(t *testing.T) {
	rng := rand.New(rand.NewSource(9309))
	pieces := []string{"/", "a", "b", "ab", "*", "*a", "*/", "?", "x", "$"}
	alphabet := []byte("/abx?*$#.\x00\x80")
	var count [3]int
	scanning := 0
	for round := 0; round < 1500; round++ {
		var rules []Rule
		for i := 0; i < 1+rng.Intn(6); i++ {
			var p bytes.Buffer
			if rng.Intn(5) > 0 {
				p.WriteByte('/')
			}
			for range rng.Intn(5) {
				p.WriteString(pieces[rng.Intn(len(pieces))])
			}
			rules = append(rules, Rule{Kind: Kind(1 + rng.Intn(2)), Line: int32(i + 1), Pattern: p.String()})
		}
		p := build(rules, options{nulEndsPath: round%2 == 0, MaxStates: []int{0, 0, 4}[round%3]})
		sc, ok := p.deriveScreen()
		if !ok {
			if len(p.scan) == 0 {
				t.Fatalf("rules %v: no screen for a program that scans nothing", p.rules)
			}
			continue
		}
		if len(p.scan) > 0 {
			scanning++
		}
		var paths [][]byte
		for _, b := range alphabet {
			paths = append(paths, []byte{'/', b})
			for _, c := range alphabet {
				paths = append(paths, []byte{'/', b, c})
				tail := randomBytes(rng, "/abx?.#", 1+rng.Intn(8))
				paths = append(paths, append([]byte{'/', b, c}, tail...))
				paths = append(paths, append([]byte{'/', b, c}, "xxxxxxxxx"...))
			}
		}
		paths = append(paths, []byte("/"), []byte(""), []byte("x"), []byte("?a"))
		for _, path := range paths {
			got, s := screenLeader(p, &sc, path)
			if want := p.pathLeader(path); got != want {
				t.Fatalf("rules %v, path %q: screened (%d) leader %d, walked %d", p.rules, path, s, got, want)
			}
			count[s]++
		}
	}
	t.Logf("unsettled %d, anchored settled %d, all settled %d; %d screened programs scan rules", count[0], count[1], count[2], scanning)
	if scanning < 50 {
		t.Fatalf("only %d screened programs scan rules: the test does not exercise their prefixes", scanning)
	}
	for s, n := range count {
		if n < 50000 {
			t.Fatalf("only %d paths answered as %d: the test does not exercise it", n, s)
		}
	}
}

// TestScreenOutOfRank: a program whose rules are out of rank (a blob may
// hold one: docs/FORMAT.md) gets no screen, since combining leaders in
// another order than the walks' could then pick another rule.
func TestScreenOutOfRank(t *testing.T) {
	p := build([]Rule{
		{Kind: Allow, Line: 1, Pattern: "/a"},
		{Kind: Allow, Line: 2, Pattern: "/abc"},
		{Kind: Disallow, Line: 3, Pattern: "/*x"},
	}, options{})
	if _, ok := p.deriveScreen(); !ok {
		t.Fatal("no screen for a ranked program")
	}
	p.ranks[0], p.ranks[1] = p.ranks[1], p.ranks[0]
	if _, ok := p.deriveScreen(); ok {
		t.Fatal("a screen for a program out of rank")
	}
}

// TestWithRulesCopiesEveryField: a programBuilder hands out copies of a program
// through withRules, which must copy every field but the rule table and
// the screen; each field is set in one of the two programs tried.
func TestWithRulesCopiesEveryField(t *testing.T) {
	scanning := build([]Rule{{Kind: Disallow, Line: 1, Pattern: "/a*b*c*d"}, {Kind: Allow, Line: 2, Pattern: "/*x"}},
		options{nulEndsPath: true, MaxStates: 2})
	plain := build([]Rule{{Kind: Disallow, Line: 1, Pattern: "/a"}, {Kind: Allow, Line: 2, Pattern: "/*x"}}, options{})
	set := map[string]bool{}
	for _, p := range []*Program{scanning, plain} {
		p.screenOf()
		q := p.withRules(slices.Clone(p.rules))
		if q.derived != nil {
			t.Fatal("the copy has its original's screen and jump")
		}
		pv, qv := reflect.ValueOf(p).Elem(), reflect.ValueOf(q).Elem()
		for i := range pv.NumField() {
			name := pv.Type().Field(i).Name
			if name == "Rules" || name == "derived" {
				continue
			}
			if !pv.Field(i).IsZero() {
				set[name] = true
			}
			if !reflect.DeepEqual(fieldOf(pv, i), fieldOf(qv, i)) {
				t.Errorf("withRules does not copy %s", name)
			}
		}
	}
	for i := range reflect.TypeFor[Program]().NumField() {
		if name := reflect.TypeFor[Program]().Field(i).Name; name != "Rules" && name != "derived" && !set[name] {
			t.Errorf("neither program tried sets %s: the test cannot tell whether withRules copies it", name)
		}
	}
}

// fieldOf reads field i of v, unexported or not.
func fieldOf(v reflect.Value, i int) any {
	f := v.Field(i)
	return reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem().Interface()
}
