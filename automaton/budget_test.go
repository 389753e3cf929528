package automaton

import (
	"math/rand"
	"testing"
)

// TestBudgetOutcome: the thread steps counted as states are found are the
// steps their expansion takes, and whether subset construction fits its
// budget depends only on the totals of the whole construction (states,
// table bytes, thread steps), not on when they are counted: a budget of
// exactly the totals fits, one less on any of them does not. This is what
// lets the work be counted when a state is found rather than when it is
// expanded (expansionWork): a construction past its budget then gives up
// sooner, with the same result.
func TestBudgetOutcome(t *testing.T) {
	rng := rand.New(rand.NewSource(9309))
	var b builder
	for round := 0; round < 500; round++ {
		ranked := rankRules(randomRules(rng, 1+rng.Intn(10)))
		ids := make([]int32, len(ranked))
		for i := range ids {
			ids[i] = int32(i)
		}
		opts := Options{MaxStates: unbounded, MaxBytes: unbounded, MaxWork: 1}.withDefaults()
		if _, ok := b.subsets(ranked, ids, opts); !ok {
			t.Fatalf("%v: an unbounded construction failed", ranked)
		}
		states, bytes, work := len(b.threads), b.bytes, b.work
		if work != b.steps {
			t.Fatalf("%v: %d thread steps counted as the states were found, %d taken", ranked, work, b.steps)
		}
		// The work budget is MaxWork per state of MaxStates.
		exact := Options{MaxStates: states, MaxBytes: bytes, MaxWork: (work + states - 1) / states}
		fits := func(o Options) bool {
			_, ok := b.subsets(ranked, ids, o)
			return ok
		}
		if !fits(exact) {
			t.Fatalf("%v: %d states, %d bytes, %d steps: the exact budget %+v does not fit", ranked, states, bytes, work, exact)
		}
		less := []Options{exact, exact}
		less[0].MaxStates = states - 1
		less[0].MaxWork = (work + states - 2) / max(states-1, 1) // the same steps, one state less
		less[1].MaxBytes = bytes - 1
		if w := exact.MaxWork - 1; w >= 1 && w*states < work {
			o := exact
			o.MaxWork = w
			less = append(less, o)
		}
		for _, o := range less {
			if o.MaxStates >= 1 && fits(o) {
				t.Fatalf("%v: %d states, %d bytes, %d steps: the budget %+v fits", ranked, states, bytes, work, o)
			}
		}
	}
}
