package automaton

import (
	"cmp"
	"fmt"
	"math/rand"
	"slices"
	"testing"
)

// TestBuilderShares: google and rfc (RFC 9309 section 2.2.1 merges
// groups; the automata depend on the merged rules alone). Programs whose
// ranked tables agree in kinds and patterns share their DFAs, whatever
// their lines and the order the rules were written in; any other program
// gets its own. Past smallMapLinear programs the programBuilder finds them through a map.
func TestBuilderShares(t *testing.T) {
	b := &programBuilder{}
	first := b.build([]Rule{{Kind: Disallow, Pattern: "/a/", Line: 2}, {Kind: Allow, Pattern: "/a/b", Line: 3}})
	cases := []struct {
		name  string
		rules []Rule
		share bool
	}{
		{"other lines", []Rule{{Kind: Disallow, Pattern: "/a/", Line: 7}, {Kind: Allow, Pattern: "/a/b", Line: 9}}, true},
		{"other order", []Rule{{Kind: Allow, Pattern: "/a/b", Line: 4}, {Kind: Disallow, Pattern: "/a/", Line: 5}}, true},
		{"a rule that cannot match", []Rule{{Kind: Disallow, Pattern: "/a/", Line: 1}, {Kind: Allow, Pattern: "x", Line: 2}, {Kind: Allow, Pattern: "/a/b", Line: 3}}, true},
		{"other kind", []Rule{{Kind: Allow, Pattern: "/a/", Line: 2}, {Kind: Allow, Pattern: "/a/b", Line: 3}}, false},
		{"other pattern", []Rule{{Kind: Disallow, Pattern: "/a/", Line: 2}, {Kind: Allow, Pattern: "/a/c", Line: 3}}, false},
		{"one rule fewer", []Rule{{Kind: Disallow, Pattern: "/a/", Line: 2}}, false},
	}
	for _, c := range cases {
		p := b.build(c.rules)
		if got := p.dfas[0] == first.dfas[0]; got != c.share {
			t.Errorf("%s: shared %v, want %v", c.name, got, c.share)
		}
		for i := range p.rules {
			if want := rankRules(c.rules)[i]; p.rules[i] != want {
				t.Errorf("%s: rule %d is %+v, want its own %+v", c.name, i, p.rules[i], want)
			}
		}
	}
	// Past the linear search: distinct programs, then each again.
	var built []*Program
	for i := 0; i < 3*smallMapLinear; i++ {
		built = append(built, b.build([]Rule{{Kind: Disallow, Pattern: fmt.Sprintf("/p%d", i), Line: 1}}))
	}
	for i, p := range built {
		rules := []Rule{{Kind: Disallow, Pattern: fmt.Sprintf("/p%d", i), Line: 5}}
		again := b.build(rules)
		if again.dfas[0] != p.dfas[0] {
			t.Errorf("program %d of %d: not shared", i, len(built))
		}
		// Build keeps no reference to its rules.
		rules[0].Pattern = "/changed"
		if again.rules[0].Pattern != fmt.Sprintf("/p%d", i) {
			t.Errorf("program %d: its rule changed with the caller's slice", i)
		}
	}
}

// TestSameTable: google and rfc. The programBuilder finds a program to share
// by a hash of the ranked table, and shares it only if sameTable agrees:
// two tables whose hashes collided but whose kinds, patterns or lengths
// differ must get programs of their own. Lines do not matter.
func TestSameTable(t *testing.T) {
	base := []Rule{{Kind: Allow, Pattern: "/a/b", Line: 3}, {Kind: Disallow, Pattern: "/a/", Line: 2}}
	for _, c := range []struct {
		name  string
		other []Rule
		same  bool
	}{
		{"other lines", []Rule{{Kind: Allow, Pattern: "/a/b", Line: 9}, {Kind: Disallow, Pattern: "/a/", Line: 7}}, true},
		{"other kind", []Rule{{Kind: Allow, Pattern: "/a/b", Line: 3}, {Kind: Allow, Pattern: "/a/", Line: 2}}, false},
		{"other pattern", []Rule{{Kind: Allow, Pattern: "/a/c", Line: 3}, {Kind: Disallow, Pattern: "/a/", Line: 2}}, false},
		{"a prefix of it", base[:1], false},
		{"longer", append(slices.Clone(base), Rule{Kind: Disallow, Pattern: "/", Line: 1}), false},
	} {
		if got := sameTable(base, c.other); got != c.same {
			t.Errorf("%s: sameTable %v, want %v", c.name, got, c.same)
		}
	}
}

// TestRankSmallEqualsLarge: google and rfc (SEMANTICS 3.5: the most
// specific match, ties to the earlier line). The insertion sort of small
// tables and the generic sort of large ones rank alike: random tables of
// up to twice smallSort rules, with ties of priority and of line (an
// implied rule shares its allow's line), against a reference order.
func TestRankSmallEqualsLarge(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for round := 0; round < 3000; round++ {
		var rules []Rule
		for i := 0; i < rng.Intn(2*smallSort+1); i++ {
			pattern := "/" + string(randomBytes(rng, "ab", rng.Intn(4)))
			rules = append(rules, Rule{Kind: Kind(1 + rng.Intn(2)), Pattern: pattern, Line: int32(rng.Intn(6))})
		}
		got := rankRules(rules)
		var want []Rule
		for _, r := range rules {
			r.Priority = int32(len(r.Pattern))
			want = append(want, r)
		}
		slices.SortStableFunc(want, func(x, y Rule) int {
			return cmp.Or(cmp.Compare(x.Kind, y.Kind), cmp.Compare(y.Priority, x.Priority), cmp.Compare(x.Line, y.Line), cmp.Compare(x.Pattern, y.Pattern))
		})
		if !slices.Equal(got, want) {
			t.Fatalf("%d rules: ranked %v, want %v", len(rules), got, want)
		}
	}
}
