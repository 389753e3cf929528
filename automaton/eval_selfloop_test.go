package automaton

import (
	"bytes"
	"math/rand"
	"testing"
)

// logicalRun is a walk of l's DFA one logical state at a time, without
// the walks' shortcuts (idle skips, runs of a state that loops, chains in
// a row): the leader that every walk must settle. It counts in loops the
// steps where a dense state of a DFA with an idle state, other than the
// idle state, loops.
func logicalRun(l *logical, rules []rank, path []byte, loops *int) int32 {
	d := l.d
	s := l.id(d.start)
	leader := int32(NoRule)
	for i := 0; ; i++ {
		if s < uint32(d.NumDecided) {
			return combine(rules, leader, l.result(s))
		}
		leader = combine(rules, leader, l.output(s))
		c := d.eoiClass()
		if i < len(path) {
			c = d.cls[path[i]]
		}
		next := l.step(s, c)
		if ref := l.refs[s-uint32(d.NumDecided)]; next == s && ref&sparseRef == 0 && d.idle != 0 && ref != d.idle {
			*loops++
		}
		s = next
	}
}

// TestSelfLoopEqualsLogical: google and rfc. A floating walk (runIdle)
// that runs over the bytes on which a dense state loops (the state after
// "/*a*a*a" reading more a's) settles the same leader as a walk one
// logical state at a time, for random star-heavy rule sets and paths of
// long runs of one byte between others, NULs and '#' included.
func TestSelfLoopEqualsLogical(t *testing.T) {
	rng := rand.New(rand.NewSource(9309))
	pieces := []string{"*", "a", "b", "/", "*a", "*b", "?", "#"}
	loops := 0
	for round := 0; round < 1500; round++ {
		var rules []Rule
		for i := 0; i < 1+rng.Intn(5); i++ {
			var p bytes.Buffer
			if rng.Intn(4) > 0 {
				p.WriteByte('/')
			}
			for range 1 + rng.Intn(6) {
				p.WriteString(pieces[rng.Intn(len(pieces))])
			}
			if rng.Intn(4) == 0 {
				p.WriteByte('$')
			}
			rules = append(rules, Rule{Kind: Kind(1 + rng.Intn(2)), Line: int32(i + 1), Pattern: p.String()})
		}
		prog := build(rules, options{nulEndsPath: round%2 == 0})
		for _, d := range prog.dfas {
			l := d.logical()
			for k := 0; k < 20; k++ {
				path := []byte{'/'}
				for range rng.Intn(6) {
					run := randomBytes(rng, "ab/?c\x00#", 1)
					path = append(path, bytes.Repeat(run, 1+rng.Intn(30))...)
				}
				if got, want := d.run(prog.ranks, path), logicalRun(l, prog.ranks, path, &loops); got != want {
					t.Fatalf("rules %v, path %q: leader %d, %d one state at a time", prog.rules, path, got, want)
				}
			}
		}
	}
	t.Logf("%d steps where a floating walk's dense state other than the idle one loops", loops)
	if loops < 10000 {
		t.Fatalf("%d steps where a dense state loops: the test does not exercise the runs", loops)
	}
}
