package compile_test

import (
	"flag"
	"fmt"
	"sort"
	"testing"
	"time"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/testcorpus"
)

var corpusReport = flag.String("corpusreport", "", "print automaton figures over the corpus: sample or full")

// TestAutomatonReport prints, without asserting, what compiling the corpus
// costs: states per merged group, table bytes against robots.txt bytes,
// build time per file, and how many groups needed the fallback. Run:
//
//	go test ./compile -run AutomatonReport -corpusreport=full -v
func TestAutomatonReport(t *testing.T) {
	if *corpusReport == "" {
		t.Skip("pass -corpusreport=sample or -corpusreport=full")
	}
	files, err := corpusFiles(t, *corpusReport)
	if err != nil {
		t.Fatal(err)
	}
	var states, ratios []float64
	var times []time.Duration
	groups, fallback, dfas := 0, 0, 0
	for _, file := range files {
		start := time.Now()
		f := compile.Parse(file.Data, compile.Options{})
		set := f.CompileSet()
		times = append(times, time.Since(start))
		size := 0
		for _, p := range set.Programs {
			st := p.Stats()
			groups++
			size += st.TableBytes
			dfas += st.Automata
			if st.Automata > 1 || st.Scanned > 0 {
				fallback++
			}
			states = append(states, float64(st.States))
		}
		if f.Read > 0 {
			ratios = append(ratios, float64(size)/float64(f.Read))
		}
	}
	sort.Float64s(states)
	sort.Float64s(ratios)
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	q := func(n int, p float64) int { return min(n-1, int(float64(n)*p)) }
	t.Logf("%d files, %d merged groups, %d DFAs", len(files), groups, dfas)
	t.Logf("states per group: median %.0f p99 %.0f max %.0f", states[q(len(states), .5)], states[q(len(states), .99)], states[len(states)-1])
	t.Logf("table bytes / robots.txt bytes: median %.2f p99 %.2f", ratios[q(len(ratios), .5)], ratios[q(len(ratios), .99)])
	t.Logf("parse+compile per file: median %v p99 %v max %v", times[q(len(times), .5)], times[q(len(times), .99)], times[len(times)-1])
	t.Logf("groups of several automata or scanned rules: %d of %d", fallback, groups)
}

// corpusFiles reads the corpus a flag names: "sample" (testdata) or "full"
// (the shared corpus; the test is skipped when it is not there).
func corpusFiles(t *testing.T, which string) ([]testcorpus.File, error) {
	switch which {
	case "sample":
		return testcorpus.Sample()
	case "full":
		files, dir, ok, err := testcorpus.Shared()
		if err == nil && !ok {
			t.Skipf("no shared corpus at %s (set ROBOTSDFA_CORPUS)", dir)
		}
		return files, err
	}
	return nil, fmt.Errorf("corpus %q: want sample or full", which)
}
