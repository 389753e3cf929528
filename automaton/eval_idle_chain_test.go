package automaton

import (
	"math/rand"
	"testing"
)

// TestIdleWalkThroughChain: a floating walk (runIdle) that leaves its idle
// state into a chain row settles what a walk one logical state at a time
// does. The compiler's floating automata never have one (a pattern that
// fails to continue goes back to searching, not to a decided state), but
// a valid blob may, so the walk's chain step is held to the logical
// reading here, over a hand-made table (a table property, either mode):
// the idle state is the start; 'a' leads from it into the chain "bc"
// (any other byte there is decided, the leader so far); the chain ends on
// a live state that settles rule 0 and goes back to the idle state, but
// on 'b', decided, rule 1; 'd' leads to a sparse row back to the idle
// state or, by 'a', into the chain again.
func TestIdleWalkThroughChain(t *testing.T) {
	const settled, idle = 2, 3 // decided: 0 no rule, 1 rule 1
	defs := []uint32{settled: idle, idle: idle, 4: 0, 5: 0, 6: idle}
	rows := [][]edge{
		settled: {{3, 1}, {6, 0}},         // rule 0; 'b': rule 1
		idle:    {{2, 4}, {5, 6}, {6, 0}}, // 'a' into the chain, 'd' to 6
		4:       {{3, 5}},                 // 'b'
		5:       {{4, settled}},           // 'c'
		6:       {{2, 4}, {6, 0}},         // after 'd': 'a' into the chain again
	}
	d := handDFA([]int32{NoRule, 1}, []int32{0}, defs, rows, idle)
	if d.idle == 0 {
		t.Fatal("no idle state: the test walks no skip")
	}
	chains := 0
	eachRow(d, func(r uint32) {
		if d.t[r-1] == rowChain {
			chains++
		}
	})
	if chains != 1 {
		t.Fatalf("%d chain rows, want 1", chains)
	}
	rules := []Rule{{Kind: Allow, Priority: 4, Line: 1}, {Kind: Disallow, Priority: 5, Line: 2}}
	l := d.logical()
	loops := 0
	check := func(path []byte) {
		t.Helper()
		if got, want := d.run(ranksOf(nil, rules), path), logicalRun(l, ranksOf(nil, rules), path, &loops); got != want {
			t.Fatalf("path %q: leader %d, %d one state at a time", path, got, want)
		}
	}
	for _, c := range []struct {
		path string
		want int32
	}{
		{"/abc", 0}, {"/abcb", 1}, {"/abcx", 0}, {"/abcxb", 0}, {"/ab", NoRule}, {"/abx", NoRule},
		{"/xxxxxxxxxxxxxxxxxxxxabcb", 1}, {"/xxxxxxxxxxxxxxxxxxxxab", NoRule}, {"/dabc", 0}, {"/dabcdabcb", 1},
		{"/ddabcb", 1}, {"/abcxxxxxxxxxxxxxxxxxxxxab", 0},
	} {
		check([]byte(c.path))
		if got := d.run(ranksOf(nil, rules), []byte(c.path)); got != c.want {
			t.Errorf("path %q: leader %d, want %d", c.path, got, c.want)
		}
	}
	rng := rand.New(rand.NewSource(9309))
	for range 20000 {
		check(append([]byte{'/'}, randomBytes(rng, "abcdx/", rng.Intn(60))...))
	}
}
