package automaton

import "testing"

// TestVerdictTies: both (SEMANTICS 3.5). The best allow and the best
// disallow decide: disallowed only when the disallow's priority is
// strictly greater; a tie goes to allow, and no rule allows. The
// expectations are written out, not computed.
func TestVerdictTies(t *testing.T) {
	allow3 := &rank{Kind: Allow, Priority: 3, Line: 7}
	allow2 := &rank{Kind: Allow, Priority: 2, Line: 1}
	dis3 := &rank{Kind: Disallow, Priority: 3, Line: 2}
	dis4 := &rank{Kind: Disallow, Priority: 4, Line: 9}
	for _, c := range []struct {
		name            string
		allow, disallow *rank
		allowed         bool
		decides         *rank
	}{
		{"none", nil, nil, true, nil},
		{"allow alone", allow2, nil, true, allow2},
		{"disallow alone", nil, dis3, false, dis3},
		{"tie, allow on a later line", allow3, dis3, true, allow3},
		{"disallow longer", allow3, dis4, false, dis4},
		{"allow longer", allow3, &rank{Kind: Disallow, Priority: 2, Line: 1}, true, allow3},
		{"disallow longer by one", allow2, dis3, false, dis3},
	} {
		allowed, r := verdict(c.allow, c.disallow)
		if allowed != c.allowed || r != c.decides {
			t.Errorf("%s: Verdict = %v, %+v; want %v, %+v", c.name, allowed, r, c.allowed, c.decides)
		}
	}
}

// TestCombineTies: both. Inside a program the leader of two settled rules
// follows the same rule: within a kind the better rank (smaller index), a
// disallow over an allow only with a strictly greater priority.
func TestCombineTies(t *testing.T) {
	rules := []rank{ // ranked: allows best first, then disallows
		{Kind: Allow, Priority: 5, Line: 3},    // 0
		{Kind: Allow, Priority: 3, Line: 1},    // 1
		{Kind: Disallow, Priority: 5, Line: 2}, // 2
		{Kind: Disallow, Priority: 4, Line: 4}, // 3
		{Kind: Disallow, Priority: 3, Line: 6}, // 4
	}
	for _, c := range []struct{ l, r, want int32 }{
		{NoRule, NoRule, NoRule},
		{NoRule, 3, 3},
		{2, NoRule, 2},
		{0, 1, 0},
		{1, 0, 0},
		{3, 2, 2},
		{0, 2, 0}, // a tie at 5: allow
		{2, 0, 0},
		{1, 4, 1}, // a tie at 3: allow
		{1, 3, 3}, // 4 > 3: disallow
		{3, 1, 3},
		{0, 3, 0},
	} {
		if got := combine(rules, c.l, c.r); got != c.want {
			t.Errorf("combine(%d, %d) = %d, want %d", c.l, c.r, got, c.want)
		}
	}
}
