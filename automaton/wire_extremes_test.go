package automaton

import (
	"testing"
)

// TestDecodeExtremes: DFAs at the edges of what Decode accepts round-trip
// and answer as built: 2 classes with no live state (a table of the class
// map and the decided states only), 256 classes, and every live state with
// an output (each row carries one).
func TestDecodeExtremes(t *testing.T) {
	var wide []string // 255 patterns, each of its own byte: 255 byte classes and the end of input
	for b := 0; b < 256; b++ {
		if b != '*' {
			wide = append(wide, "*"+string([]byte{byte(b)})+"x$")
		}
	}
	cases := []struct {
		name  string
		rules []Rule
		is    func(d *dfa) bool
		paths []string
	}{
		{"2 classes, no live state", rulesOf([]Kind{Disallow}, "*"),
			func(d *dfa) bool { return d.NumClasses == 2 && d.NumLive == 0 && len(d.t) == classWords+d.NumDecided },
			[]string{"", "/", "/a"}},
		{"256 classes", rulesOf([]Kind{Disallow}, wide...),
			func(d *dfa) bool { return d.NumClasses == 256 },
			[]string{"/ax", "/\x00x", "/\xffx", "/*x", "/ab", "/x"}},
		{"every live state with an output", rulesOf([]Kind{Allow, Disallow}, "/*", "*$"),
			func(d *dfa) bool { return d.NumLive > 0 && d.NumOutputs == d.NumLive },
			[]string{"", "/", "/a", "a"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := build(c.rules, options{})
			found := false
			for _, d := range p.dfas {
				found = found || c.is(d)
			}
			if !found {
				t.Fatal("no such DFA built: change the rules")
			}
			back := roundTrip(t, p)
			for _, path := range c.paths {
				ok1, r1 := p.check([]byte(path))
				ok2, r2 := back.check([]byte(path))
				if ok1 != ok2 || (r1 == nil) != (r2 == nil) || r1 != nil && r1.Line != r2.Line {
					t.Errorf("%q: built %v %v, decoded %v %v", path, ok1, r1, ok2, r2)
				}
			}
		})
	}
}

// rulesOf is a rule for each pattern, on lines 1, 2, ..., of the kinds
// in turn, each with its pattern's length as priority.
func rulesOf(kinds []Kind, pats ...string) []Rule {
	rules := make([]Rule, len(pats))
	for i, p := range pats {
		rules[i] = Rule{Kind: kinds[i%len(kinds)], Priority: int32(len(p)), Line: int32(i + 1), Pattern: p}
	}
	return rules
}
