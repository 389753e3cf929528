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
		states, work := unboundedSize(t, &b, ranked, ids)
		bytes := b.bytes
		if work != b.steps {
			t.Fatalf("%v: %d thread steps counted as the states were found, %d taken", ranked, work, b.steps)
		}
		// The work budget is MaxWork per state of MaxStates.
		exact := options{MaxStates: states, MaxBytes: bytes, MaxWork: (work + states - 1) / states}
		fits := func(o options) bool {
			_, ok := b.subsets(ranked, ids, o)
			return ok
		}
		if !fits(exact) {
			t.Fatalf("%v: %d states, %d bytes, %d steps: the exact budget %+v does not fit", ranked, states, bytes, work, exact)
		}
		less := []options{exact, exact}
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

// TestAttemptBudgets: every DFA attempt has exactly the work budget. For
// a part of anchored wildcard rules:
//   - the first attempt: when the part's automaton takes W thread steps,
//     the part gets one DFA when the budget covers W, and is split (a DFA
//     of some of its rules, the others scanned) when it falls short by
//     one step per budgeted state;
//   - a halving: when the first attempt fails (here on its states), the
//     best-ranked half of the part gets a DFA when the budget covers the
//     half's W, and not when it falls short by one step per budgeted
//     state.
func TestAttemptBudgets(t *testing.T) {
	rng := rand.New(rand.NewSource(309))
	var b builder
	var tested [2]int // first attempts, halvings
	for round := 0; round < 4000 && min(tested[0], tested[1]) < 200; round++ {
		ranked := rankRules(anchoredWildcards(randomRules(rng, 2+rng.Intn(12))))
		ids := allRules(len(ranked))
		if len(ids) < 2 {
			continue
		}
		// The first attempt, with a state budget of the states its
		// automaton has, so that the work budget is tight.
		all, work := unboundedSize(t, &b, ranked, ids)
		if budgeted, k, ok := tightWork(ranked, ids, all, all, work); ok {
			tested[0]++
			exactWork(t, ranked, "the part", work, budgeted, k, func(maxWork int) bool {
				p := buildRanked(ranked, options{MaxStates: all, MaxWork: maxWork})
				return len(p.dfas) == 1 && len(p.scan) == 0
			})
		}
		// The first halving, with a state budget one short of the whole
		// part's automaton, so that the first attempt fails whatever its
		// work budget.
		half := ids[:len(ids)/2]
		states, work := unboundedSize(t, &b, ranked, half)
		if budgeted, k, ok := tightWork(ranked, half, all-1, states, work); ok {
			tested[1]++
			exactWork(t, ranked, "its best half", work, budgeted, k, func(maxWork int) bool {
				p := buildRanked(ranked, options{MaxStates: all - 1, MaxWork: maxWork})
				return len(p.dfas) == 1 && len(p.scan) == len(ids)-len(half)
			})
		}
	}
	if min(tested[0], tested[1]) < 20 {
		t.Fatalf("only %v rule sets tested (first attempts, halvings)", tested)
	}
}

// tightWork returns the states budgeted to the rules ids under a state
// budget of maxStates, and k, the thread steps per budgeted state that
// their automaton (of states states, taking work steps) needs; ok when
// the states fit and k-1 is a budget to try.
func tightWork(ranked []Rule, ids []int32, maxStates, states, work int) (budgeted, k int, ok bool) {
	budgeted = (&Program{rules: ranked}).budget(ids, options{MaxStates: maxStates}.withDefaults()).MaxStates
	k = (work + budgeted - 1) / budgeted
	return budgeted, k, states <= budgeted && k >= 2
}

// unbounded is a state and byte budget no test's construction reaches,
// small enough that the work budget (see Options.withDefaults) stays
// large on 32-bit machines.
const unbounded = 1 << 24

// unboundedSize builds the automaton of the rules ids without a budget
// and returns its states and the thread steps it took.
func unboundedSize(t *testing.T, b *builder, ranked []Rule, ids []int32) (states, work int) {
	t.Helper()
	if _, ok := b.subsets(ranked, ids, options{MaxStates: unbounded, MaxBytes: unbounded, MaxWork: 1}.withDefaults()); !ok {
		t.Fatalf("%v: an unbounded construction failed", ranked)
	}
	return len(b.threads), b.work
}

// exactWork fails t unless a work budget of k thread steps per budgeted
// state is exactly what built needs to build what (whose automaton takes
// work steps): built(k) holds and built(k-1) does not.
func exactWork(t *testing.T, ranked []Rule, what string, work, budgeted, k int, built func(maxWork int) bool) {
	t.Helper()
	if !built(k) {
		t.Fatalf("%v: %s takes %d steps, %d budgeted states: no DFA of it with a work budget of %d", ranked, what, work, budgeted, k)
	}
	if built(k - 1) {
		t.Fatalf("%v: %s takes %d steps, %d budgeted states: a DFA of it with a work budget of %d", ranked, what, work, budgeted, k-1)
	}
}

// anchoredWildcards keeps the rules with a star that are not floating.
func anchoredWildcards(rules []Rule) []Rule {
	var kept []Rule
	for _, r := range rules {
		if hasStar(r.Pattern) && !floating(r.Pattern) {
			kept = append(kept, r)
		}
	}
	return kept
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
		start, ok := b.subsets(ranked, ids, options{MaxStates: unbounded, MaxBytes: unbounded, MaxWork: 1}.withDefaults())
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
