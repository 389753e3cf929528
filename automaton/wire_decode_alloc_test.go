package automaton_test

import (
	"testing"

	"github.com/robotsdfa/robotsdfa/automaton"
	"github.com/robotsdfa/robotsdfa/compile"
)

// TestDecodeAllocations: decoding allocates a fixed handful of objects
// per blob, never one per DFA, per table or per program: the set, its
// slabs (rules, DFAs, programs, their lists, walks and metadata), the
// agent index, sitemaps and records. A set of one program (most files) is
// allocated with its program, metadata and a short DFA list in one
// object, and a file that names no agent but '*' has no agent index.
// validTable's bitmap is on the stack for tables of up to 4,096 words
// and an idle state's byte set sits in its DFA. Load's throughput
// (bench's BenchmarkLoad) depends on this.
func TestDecodeAllocations(t *testing.T) {
	for _, c := range []struct {
		name string
		body string
		max  float64
	}{
		// Two programs (the two '*' groups merge) with anchored and
		// floating DFAs (idle states), a sitemap, a record, agents.
		{"groups", blobBodies[0] + "\n" + blobBodies[1], 11},
		// One group of 30 star rules: DFAs and scanned rules. The set
		// with its program, the rules, the DFA slab.
		{"stars", blobBodies[2], 3},
		// The set alone.
		{"empty", "", 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			blob := blobOf(t, c.body, compile.Google)
			got := testing.AllocsPerRun(20, func() {
				if _, err := automaton.Decode(blob); err != nil {
					t.Fatal(err)
				}
			})
			t.Logf("%d-byte blob: %.0f allocations", len(blob), got)
			if got > c.max {
				t.Errorf("%d-byte blob: %.0f allocations to decode, want at most %.0f", len(blob), got, c.max)
			}
		})
	}
}
