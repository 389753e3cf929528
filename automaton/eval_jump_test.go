package automaton

import (
	"bytes"
	"math/rand"
	"testing"
)

// TestJumpEqualsWalk: google and rfc. For random rule sets that share
// long prefixes ("/wiki/" and its beginnings, some of them rules of their
// own, so that the walk settles leaders on the way), every path that a
// program's jump takes, the prefix followed by tails of zero to twelve
// bytes, gets from the walk after the jump the leader of the walk from
// the start; and a Bound of the program (which holds the jump) answers
// every prefix of those paths, shorter than the jump's word or not, as the
// walk does. Jumps must be found and taken often, or the test is not
// exercising them.
func TestJumpEqualsWalk(t *testing.T) {
	rng := rand.New(rand.NewSource(9309))
	pieces := []string{"/wiki/", "/wi", "/wik", "/w/", "S", "W", "a", "ab", "*", "$", "?", ":"}
	jumps, taken := 0, 0
	for round := 0; round < 3000; round++ {
		var rules []Rule
		for i := 0; i < 1+rng.Intn(12); i++ {
			var p bytes.Buffer
			for range 1 + rng.Intn(4) {
				p.WriteString(pieces[rng.Intn(len(pieces))])
			}
			rules = append(rules, Rule{Kind: Kind(1 + rng.Intn(2)), Line: int32(i + 1), Pattern: p.String()})
		}
		p := build(rules, options{nulEndsPath: round%2 == 0})
		j := p.deriveJump()
		if j.n == 0 {
			continue
		}
		jumps++
		if j.n < jumpMin || int(j.n) != len(j.prefix()) || !p.isDirect() {
			t.Fatalf("rules %v: jump %q of %d bytes", p.rules, j.prefix(), j.n)
		}
		b, ok := globalSet(p).Bind([]string{"examplebot"}, false, true)
		if !ok || b.jn != j.n {
			t.Fatalf("rules %v: bound with jump of %d bytes, want %d", p.rules, b.jn, j.n)
		}
		first := &p.first
		for range 40 {
			path := append([]byte(j.prefix()), randomBytes(rng, "/wikSWab:?$#.x\x00\x80", rng.Intn(13))...)
			for n := 1; n <= len(path); n++ {
				if bytes.IndexByte(path[:n], '#') >= 0 {
					break
				}
				a1, k1, l1, p1 := b.Check(path[:n])
				a2, k2, l2, p2 := p.verdictOf(p.pathLeader(path[:n]))
				if a1 != a2 || k1 != k2 || l1 != l2 || p1 != p2 {
					t.Fatalf("rules %v, jump %q, path %q: bound %v %v %d %d, walked %v %v %d %d", p.rules, j.prefix(), path[:n], a1, k1, l1, p1, a2, k2, l2, p2)
				}
			}
			if !j.takes(path) {
				if len(path) >= 8 {
					t.Fatalf("jump %q does not take %q", j.prefix(), path)
				}
				continue
			}
			taken++
			if got, want := first.leaderAfter(p.ranks, path, &j), p.pathLeader(path); got != want {
				t.Fatalf("rules %v, jump %q, path %q: leader %d after the jump, %d walked", p.rules, j.prefix(), path, got, want)
			}
		}
	}
	t.Logf("%d programs of 3000 with a jump, %d paths taken", jumps, taken)
	if jumps < 500 || taken < 10000 {
		t.Fatalf("%d jumps, %d paths taken: the test does not exercise them", jumps, taken)
	}
}

// TestJumpWhereRulesPart: the jump ends where the walk's successors are
// most, not where most of the states ahead go on: "/wiki/", where rules
// part on the article's first letter, rather than "/wiki/Wi" (the long
// "/wiki/Wikipedia:" rules); and it carries the leader that a rule on
// the way settles.
func TestJumpWhereRulesPart(t *testing.T) {
	var rules []Rule
	for i, pat := range []string{"/wik", "/w/index.php", "/wiki/A:", "/wiki/B:", "/wiki/C:", "/wiki/D:", "/wiki/S:", "/wiki/T:",
		"/wiki/Wikipedia:Articles_for_deletion", "/wiki/Wikipedia:Votes_for_deletion", "/wiki/Wikipedia:Requests_for_comment"} {
		rules = append(rules, Rule{Kind: Disallow, Line: int32(i + 1), Pattern: pat})
	}
	rules[0].Kind = Allow
	p := build(rules, options{})
	j := p.jumpOf()
	if j.prefix() != "/wiki/" {
		t.Fatalf("jump %q, want \"/wiki/\"", j.prefix())
	}
	first := &p.first
	for _, path := range []string{"/wiki/Zebra", "/wiki/A:b", "/wiki/Wikipedia:Votes", "/wiki/Wx"} {
		if !j.takes([]byte(path)) {
			t.Fatalf("the jump does not take %q", path)
		}
		got, want := first.leaderAfter(p.ranks, []byte(path), &j), p.pathLeader([]byte(path))
		if got != want {
			t.Fatalf("%q: leader %d after the jump, %d walked", path, got, want)
		}
	}
	if l := first.leaderAfter(p.ranks, []byte("/wiki/Zebra"), &j); l == NoRule || p.rules[l].Pattern != "/wik" {
		t.Fatalf("/wiki/Zebra: leader %d, want the rule /wik that the jump passes", l)
	}
	for _, path := range []string{"/wiki", "/wiki/W", "/w/index.php", "/wikx/abcdef"} {
		if j.takes([]byte(path)) {
			t.Fatalf("the jump takes %q", path)
		}
	}
}

// TestJumpPastLoops: rules whose tails loop ('*') get the jump their
// common prefix gives, as literal ones do: past a rule that parts from
// the others early, the counts of the states ahead visit each row once,
// so a loop does not spend their budget.
func TestJumpPastLoops(t *testing.T) {
	for _, pats := range [][]string{
		{"/wikx", "/wiki/a*z", "/wiki/b*z", "/wiki/c", "/wiki/d"},
		{"/w/x", "/wiki/A:*.php", "/wiki/B:*.php", "/wiki/C:*$", "/wiki/D:"},
	} {
		var rules []Rule
		for i, pat := range pats {
			rules = append(rules, Rule{Kind: Disallow, Line: int32(i + 1), Pattern: pat})
		}
		if j := build(rules, options{}).deriveJump(); j.prefix() != "/wiki/" {
			t.Errorf("rules %q: jump %q, want \"/wiki/\"", pats, j.prefix())
		}
	}
}

// TestJumpNone: no jump for a program with a floating DFA, several
// DFAs, scanned rules, rules that part at once, or a prefix of fewer than
// jumpMin bytes.
func TestJumpNone(t *testing.T) {
	for _, pats := range [][]string{
		{"/*x", "/wiki/a", "/wiki/b"},
		{"/a", "/b", "/c"},
		{"/ab", "/ac"},
		{"/"},
	} {
		var rules []Rule
		for i, pat := range pats {
			rules = append(rules, Rule{Kind: Disallow, Line: int32(i + 1), Pattern: pat})
		}
		if j := build(rules, options{}).jumpOf(); j.prefix() != "" {
			t.Errorf("rules %q: jump %q", pats, j.prefix())
		}
	}
	scanning := build([]Rule{{Kind: Disallow, Line: 1, Pattern: "/wiki/a*b*c*d"}, {Kind: Disallow, Line: 2, Pattern: "/wiki/b"}},
		options{MaxStates: 2})
	if len(scanning.scan) == 0 {
		t.Fatal("the program scans no rule")
	}
	if j := scanning.jumpOf(); j.prefix() != "" {
		t.Errorf("a program that scans rules has jump %q", j.prefix())
	}
}
