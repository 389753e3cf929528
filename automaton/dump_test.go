package automaton_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/automaton"
	"github.com/robotsdfa/robotsdfa/compile"
)

// TestDumpEveryState (google): a program's dump names each rule once and,
// under each DFA's header, each of its states once, in order, for a
// program built and one decoded from its blob. The golden dumps in
// compile pin the text of small groups; this test holds the shape for
// the blobs of this package's tests.
func TestDumpEveryState(t *testing.T) {
	for i, body := range blobBodies {
		built := compile.Parse([]byte(body), compile.Options{}).CompileSet()
		decoded, err := automaton.Decode(blobOf(t, body, compile.Google))
		if err != nil {
			t.Fatal(err)
		}
		for from, set := range map[string]*automaton.Set{"built": built, "decoded": decoded} {
			for j, p := range set.Programs {
				var b bytes.Buffer
				if err := p.Dump(&b); err != nil {
					t.Fatal(err)
				}
				checkDumpShape(t, fmt.Sprintf("body %d, %s program %d", i, from, j), b.String())
			}
		}
	}
}

// checkDumpShape checks that dump lists "rules N" and N rule lines, then
// for each "dfa K: S states" header S state lines s0 to s(S-1).
func checkDumpShape(t *testing.T, name, dump string) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(dump, "\n"), "\n")
	var rules int
	if _, err := fmt.Sscanf(lines[0], "rules %d", &rules); err != nil {
		t.Fatalf("%s: first line %q: %v", name, lines[0], err)
	}
	for r := 0; r < rules; r++ {
		if !strings.HasPrefix(lines[1+r], fmt.Sprintf("  r%d ", r)) {
			t.Fatalf("%s: line %q is not rule r%d", name, lines[1+r], r)
		}
	}
	dfas := 0
	for k := 1 + rules; k < len(lines); {
		var dfa, states int
		if strings.HasPrefix(lines[k], "scan") {
			break
		}
		if _, err := fmt.Sscanf(lines[k], "dfa %d: %d states", &dfa, &states); err != nil || dfa != dfas {
			t.Fatalf("%s: line %q is not dfa %d's header (%v)", name, lines[k], dfas, err)
		}
		k += 2 // the header and the classes
		for s := 0; s < states; s++ {
			if k >= len(lines) || !strings.HasPrefix(lines[k], fmt.Sprintf("  s%d ", s)) {
				t.Fatalf("%s: dfa %d: state s%d missing", name, dfa, s)
			}
			k++
		}
		dfas++
	}
	if rules > 0 && dfas == 0 {
		t.Errorf("%s: %d rules and no DFA", name, rules)
	}
}
