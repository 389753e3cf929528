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
// the idle state is the start; 'a' leads from it into the chain "bc" or
// "bcbcb" (any other byte there is decided, the leader so far); the chain ends on
// a live state that settles rule 0 and goes back to the idle state, but
// on 'b', decided, rule 1; 'd' leads to a sparse row back to the idle
// state or, by 'a', into the chain again.
func TestIdleWalkThroughChain(t *testing.T) {
	// The chain "bc", and "bcbcb": five states, past the first word of
	// its classes.
	for _, chain := range []string{"bc", "bcbcb"} {
		t.Run(chain, func(t *testing.T) { idleWalkThroughChain(t, chain) })
	}
}

func idleWalkThroughChain(t *testing.T, chain string) {
	const settled, idle = 2, 3 // decided: 0 no rule, 1 rule 1
	class := map[byte]uint8{'a': 2, 'b': 3, 'c': 4, 'd': 5}
	n := uint32(len(chain))
	afterD := 4 + n
	defs := make([]uint32, afterD+1)
	rows := make([][]edge, afterD+1)
	defs[settled], defs[idle], defs[afterD] = idle, idle, idle
	rows[settled] = []edge{{3, 1}, {6, 0}}                  // rule 0; 'b': rule 1
	rows[idle] = []edge{{2, 4}, {5, int32(afterD)}, {6, 0}} // 'a' into the chain, 'd' on
	for k := uint32(0); k < n; k++ {
		to := int32(4 + k + 1)
		if k == n-1 {
			to = settled
		}
		rows[4+k] = []edge{{class[chain[k]], to}} // defs 0: decided, no rule
	}
	rows[afterD] = []edge{{2, 4}, {6, 0}} // after 'd': 'a' into the chain again
	d := handDFA([]int32{NoRule, 1}, []int32{0}, defs, rows, idle)
	if d.idle == 0 {
		t.Fatal("no idle state: the test walks no skip")
	}
	chains := 0
	eachRow(d, func(r uint32) {
		if d.t[r-1] == rowChain && d.t[r+1]&^chainFlag == n {
			chains++
		}
	})
	if chains != 1 {
		t.Fatalf("%d chain rows of %d states, want 1", chains, n)
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
	xs := "xxxxxxxxxxxxxxxxxxxx"
	for _, c := range []struct {
		path string
		want int32
	}{
		{"/a" + chain, 0}, {"/a" + chain + "b", 1}, {"/a" + chain + "x", 0}, {"/a" + chain + "xb", 0},
		{"/a" + chain[:n-1], NoRule}, {"/a" + chain[:1] + "x", NoRule}, {"/a" + chain[:n-1] + "x", NoRule},
		{"/" + xs + "a" + chain + "b", 1}, {"/" + xs + "a" + chain[:1], NoRule}, {"/da" + chain, 0},
		{"/da" + chain + "da" + chain + "b", 1}, {"/dda" + chain + "b", 1}, {"/a" + chain + xs + "a" + chain[:1], 0},
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
