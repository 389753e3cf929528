package automaton

import (
	"bytes"
	"math/rand"
	"testing"
)

// TestByteClasses: both. Replacing any byte of a path by another byte of
// the same class, in every DFA of the program, never changes the verdict
// or the deciding rule, for random rule sets (literal, starred, anchored,
// escaped, NUL-ending) and paths built from their pieces.
func TestByteClasses(t *testing.T) {
	rng := rand.New(rand.NewSource(47))
	pieces := []string{"/", "a", "b", "ab", "*", "$", ".gif", "%2A", "index.html", "~", "\x80"}
	checked := 0
	for round := 0; round < 300; round++ {
		var rules []Rule
		for i := 0; i < 1+rng.Intn(6); i++ {
			var p bytes.Buffer
			p.WriteByte('/')
			for range rng.Intn(4) {
				p.WriteString(pieces[rng.Intn(len(pieces))])
			}
			rules = append(rules, Rule{Kind: Kind(1 + rng.Intn(2)), Line: int32(i + 1), Pattern: p.String()})
		}
		p := build(rules, options{nulEndsPath: round%2 == 0})
		same := func(a, b byte) bool {
			for _, d := range p.dfas {
				if d.class(a) != d.class(b) {
					return false
				}
			}
			return len(p.dfas) > 0
		}
		for range 8 {
			var q bytes.Buffer
			q.WriteByte('/')
			for range rng.Intn(5) {
				q.WriteString(pieces[rng.Intn(len(pieces))])
			}
			path := q.Bytes()
			ok0, r0 := p.check(path)
			for i := range path {
				for b := 0; b < 256; b++ {
					if !same(byte(b), path[i]) || byte(b) == path[i] {
						continue
					}
					alt := bytes.Clone(path)
					alt[i] = byte(b)
					ok, r := p.check(alt)
					checked++
					if ok != ok0 || r != r0 {
						t.Fatalf("rules %v: %q and %q share classes but differ", p.rules, path, alt)
					}
				}
			}
		}
	}
	if checked < 10000 {
		t.Fatalf("only %d substitutions", checked)
	}
	t.Logf("%d substitutions", checked)
}
