package automaton

import (
	"math/rand"
	"reflect"
	"slices"
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
		ids := allRules(len(ranked))
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

// TestFirstAttemptBudget: the first attempt on a part has the work
// budget: a part of anchored wildcard rules whose automaton takes W
// thread steps gets one DFA when the budget covers W, and is split (a DFA
// of some of its rules, the others scanned) when it falls short by one
// step per budgeted state.
func TestFirstAttemptBudget(t *testing.T) {
	rng := rand.New(rand.NewSource(309))
	var b builder
	tested := 0
	for round := 0; round < 2000 && tested < 200; round++ {
		var rules []Rule
		for _, r := range randomRules(rng, 2+rng.Intn(8)) {
			if hasStar(r.Pattern) && !floating(r.Pattern) {
				rules = append(rules, r)
			}
		}
		ranked := rankRules(rules)
		ids := allRules(len(ranked))
		if len(ids) < 2 {
			continue
		}
		if _, ok := b.subsets(ranked, ids, Options{MaxStates: unbounded, MaxBytes: unbounded, MaxWork: 1}.withDefaults()); !ok {
			t.Fatalf("%v: an unbounded construction failed", ranked)
		}
		// A state budget of the states the automaton has, so that the
		// work budget is tight.
		states, work := len(b.threads), b.work
		budgeted := (&Program{Rules: ranked}).budget(ids, Options{MaxStates: states}.withDefaults()).MaxStates
		k := (work + budgeted - 1) / budgeted // steps per budgeted state
		if states > budgeted || k < 2 {
			continue
		}
		tested++
		one := func(maxWork int) bool {
			p := buildRanked(ranked, Options{MaxStates: states, MaxWork: maxWork})
			return len(p.DFAs) == 1 && len(p.Scan) == 0
		}
		if !one(k) {
			t.Fatalf("%v: %d steps, %d budgeted states: no single DFA with a work budget of %d", ranked, work, budgeted, k)
		}
		if one(k - 1) {
			t.Fatalf("%v: %d steps, %d budgeted states: a single DFA with a work budget of %d", ranked, work, budgeted, k-1)
		}
	}
	if tested < 20 {
		t.Fatalf("only %d rule sets tested", tested)
	}
}

// TestPlainSuccessors: subset construction finds the same states, with
// the same threads, outputs and rows, whether a successor whose advanced
// threads are plain is merged with the normalised stars (the shortcut) or
// normalised whole; and it counts the same work.
func TestPlainSuccessors(t *testing.T) {
	rng := rand.New(rand.NewSource(9309))
	type result struct {
		threads       [][]int32
		outputs       []int32
		edges         []edge
		rows          []span
		defaults      []int32
		start         int32
		work, results int
	}
	construct := func(b *builder, ranked []Rule, ids []int32) result {
		start, ok := b.subsets(ranked, ids, Options{MaxStates: unbounded, MaxBytes: unbounded, MaxWork: 1}.withDefaults())
		if !ok {
			t.Fatalf("%v: an unbounded construction failed", ranked)
		}
		r := result{outputs: slices.Clone(b.outputs), edges: slices.Clone(b.edges), rows: slices.Clone(b.rows),
			defaults: slices.Clone(b.defaults), start: start, work: b.work, results: len(b.results)}
		for s := range b.threads {
			r.threads = append(r.threads, slices.Clone(b.threadsOf(int32(s))))
		}
		return r
	}
	plain, whole := &builder{}, &builder{noPlain: true}
	for round := 0; round < 2000; round++ {
		ranked := rankRules(randomRules(rng, 1+rng.Intn(12)))
		ids := allRules(len(ranked))
		if got, want := construct(plain, ranked, ids), construct(whole, ranked, ids); !reflect.DeepEqual(got, want) {
			t.Fatalf("%v: the shortcut gives %+v, normalising gives %+v", ranked, got, want)
		}
	}
}
