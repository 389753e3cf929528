package automaton

import (
	"slices"
	"testing"
)

// TestChainsLayout: assemble's chain rows read back (logical) as the rows
// it was given, for a chain that ends on a live state, one that ends on a
// decided state, a state with two ways in (which cannot be inside a
// chain), and an unreachable cycle of single-exception states (which no
// state begins, so assemble must cut it itself).
func TestChainsLayout(t *testing.T) {
	const nd = 2 // decided: 0 none, 1 rule 0
	rows := [][]edge{
		2: {{1, 3}},         // start: '/' -> 3
		3: {{2, 4}},         // 'a' -> 4
		4: {{3, 5}},         // 'b' -> 5
		5: {{2, 6}, {3, 7}}, // two exceptions: a row of its own
		6: {{4, 1}},         // 'c' -> decided
		7: {{4, 6}},         // 'c' -> 6, so 6 has two ways in
		8: {{2, 9}},         // 8 <-> 9: a cycle nothing leads into
		9: {{3, 8}},
	}
	live := len(rows) - nd
	d := handDFA([]int32{NoRule, 0}, nil, make([]uint32, len(rows)), rows, 2)
	if d.NumLive != live {
		t.Fatalf("%d live states, want %d", d.NumLive, live)
	}
	var kinds []uint32
	eachRow(d, func(r uint32) { kinds = append(kinds, d.t[r-1]) })
	// States 2, 3, 4 make a chain ending on 5 (two exceptions: a sparse
	// row); 6 has two ways in, so it and 7 (whose one exception leads to
	// it) have sparse rows; the cycle 8, 9 is one chain row, cut after 9.
	want := []uint32{rowChain, rowSparse, rowSparse, rowSparse, rowChain}
	if !slices.Equal(kinds, want) {
		t.Fatalf("row kinds %v, want %v", kinds, want)
	}
	// logical numbers live states in row order: compare each state's
	// exception classes, as a sorted list over states.
	l := d.logical()
	var gotRows, wantRows []string
	for s := uint32(nd); s < uint32(nd+live); s++ {
		def, ex := l.row(s, nil)
		if def != 0 {
			t.Errorf("state %d: default %d", s, def)
		}
		gotRows = append(gotRows, classList(ex))
		wantRows = append(wantRows, classList(rows[s]))
	}
	slices.Sort(gotRows)
	slices.Sort(wantRows)
	if !slices.Equal(gotRows, wantRows) {
		t.Errorf("rows read back %q, want %q", gotRows, wantRows)
	}
	checkPaths(t, d, []pathCase{{"/abac", 0}, {"/abacd", 0}, {"/aba", NoRule}, {"/abc", NoRule}, {"/abbcc", 0}, {"/abbc", NoRule}, {"/ab", NoRule}, {"/b", NoRule}})
}

func classList(ex []edge) string {
	var b []byte
	for _, e := range ex {
		b = append(b, '0'+e.class)
	}
	return string(b)
}

// handDFA assembles a DFA by hand over the classes other, '/', 'a' to
// 'd' and end of input (0 to 6): results are its decided states',
// outputs those of its first live states, and live state s (numbered
// after the decided ones) has default defs[s] and exceptions rows[s].
func handDFA(results, outputs []int32, defs []uint32, rows [][]edge, start uint32) *dfa {
	var classes [256]uint8
	for i, b := range []byte("/abcd") {
		classes[b] = uint8(i + 1)
	}
	nd := len(results)
	src := func(def []uint32, off []int32, buf []edge) []edge {
		for i := range def {
			off[i], def[i] = int32(len(buf)), defs[nd+i]
			buf = append(buf, rows[nd+i]...)
		}
		off[len(def)] = int32(len(buf))
		return buf
	}
	return assemble(&classes, 7, results, outputs, len(rows)-nd, start, src, chainTails{})
}

// TestChainsLayoutLiveDefault: a state a default leads into counts that
// way in. State 4 below has three ways in (3's and 5's exceptions, 6's
// default), so neither 3 nor 5 may hold it inside a chain row; paths
// through each way in end where they should.
func TestChainsLayoutLiveDefault(t *testing.T) {
	rows := [][]edge{
		2: {{1, 7}},                 // start: '/' -> 7
		3: {{2, 4}},                 // 'a' -> 4
		4: {{3, 1}},                 // 'b' -> decided
		5: {{4, 4}},                 // 'c' -> 4
		6: {{5, 1}},                 // 'd' -> decided, any other byte -> 4
		7: {{2, 3}, {3, 6}, {4, 5}}, // 'a' -> 3, 'b' -> 6, 'c' -> 5
	}
	defs := make([]uint32, len(rows))
	defs[6] = 4
	d := handDFA([]int32{NoRule, 0}, nil, defs, rows, 2) // decided: 0 none, 1 rule 0
	if d.NumLive != len(rows)-2 {
		t.Fatalf("%d live states, want %d", d.NumLive, len(rows)-2)
	}
	checkPaths(t, d, []pathCase{
		{"/aab", 0}, {"/ccb", 0}, {"/bxb", 0}, {"/bbb", 0}, {"/bd", 0},
		{"/bxa", NoRule}, {"/bb", NoRule}, {"/ab", NoRule}, {"/acb", NoRule}, {"/cb", NoRule},
	})
}

// TestChainsLayoutFirstLiveState: a chain may pass through the first live
// state (logical state 2 here, live state 0) when the start is another:
// a chain's successor of 0 is a successor like any other, in the row's
// size as in its words.
func TestChainsLayoutFirstLiveState(t *testing.T) {
	rows := [][]edge{
		2: {{2, 4}}, // 'a' -> 4
		3: {{1, 2}}, // start: '/' -> 2
		4: {{3, 5}}, // 'b' -> 5
		5: {{4, 6}}, // 'c' -> 6
		6: {{5, 7}}, // 'd' -> 7
		7: {{2, 1}}, // 'a' -> decided
	}
	d := handDFA([]int32{NoRule, 0}, nil, make([]uint32, len(rows)), rows, 3) // decided: 0 none, 1 rule 0
	var kinds []uint32
	eachRow(d, func(r uint32) { kinds = append(kinds, d.t[r-1]) })
	if !slices.Equal(kinds, []uint32{rowChain}) {
		t.Fatalf("row kinds %v, want one chain row", kinds)
	}
	checkPaths(t, d, []pathCase{{"/abcda", 0}, {"/abcdab", 0}, {"/abcd", NoRule}, {"/a", NoRule}, {"/b", NoRule}, {"/abd", NoRule}, {"abcda", NoRule}})
}

// TestChainsLayoutLiveDefaults: states of one exception whose default is
// a live state (the first, here) are not chained: a chain row's states
// share a decided default. Paths that leave them by their defaults go on
// from there. (The compiler makes no such state: its end of input leads
// to a decided state, an exception of its own where the default is live;
// assemble does not rely on that.)
func TestChainsLayoutLiveDefaults(t *testing.T) {
	rows := [][]edge{
		2: {{1, 3}}, // start: '/' -> 3
		3: {{2, 4}}, // 'a' -> 4, any other byte -> 2
		4: {{3, 1}}, // 'b' -> decided, any other byte -> 2
	}
	defs := []uint32{3: 2, 4: 2}
	d := handDFA([]int32{NoRule, 0}, nil, defs, rows, 2) // decided: 0 none, 1 rule 0
	checkPaths(t, d, []pathCase{{"/ab", 0}, {"/ax/ab", 0}, {"/x/ab", 0}, {"/aa/ab", 0}, {"/ax", NoRule}, {"/a/a", NoRule}, {"x/ab", NoRule}})
}

// pathCase is a path and the rule a hand-made DFA settles on it.
type pathCase struct {
	path string
	want int32
}

// checkPaths runs each path through d, whose decided states name rule 0
// of one Disallow rule.
func checkPaths(t *testing.T, d *dfa, cases []pathCase) {
	t.Helper()
	for _, c := range cases {
		if got := d.run([]rank{{Kind: Disallow, Priority: 1, Line: 1}}, []byte(c.path)); got != c.want {
			t.Errorf("%q: %d, want %d", c.path, got, c.want)
		}
	}
}
