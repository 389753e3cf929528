package bench

import (
	"testing"

	"github.com/robotsdfa/robotsdfa/automaton"
	"github.com/robotsdfa/robotsdfa/bench/workload"
)

// BenchmarkFrontierParts takes the frontier apart, to say where its checks
// spend their time: others is its queries to hosts other than
// en.wikipedia.org (a third of them, over 10,408 files), in list order,
// so each check usually finds its program cold; others-x4 is each of those
// four times in a row, so three checks in four find it warm. A warm check
// then costs about (4·others-x4 − others)/3. What makes a check cold is
// the memory its program's walk reads (BenchmarkFrontierFootprint: the
// same walks cost several times as much from copies of 50 programs
// spread over as many bytes as the frontier's blobs as from the 50
// alone), and a little the URL's own: grouping queries by host (4.6 to a
// host) saves nothing, and packing the URLs into one buffer saves 8% of
// the frontier (docs/PERFORMANCE.md, "Where a check's time goes").
// wikipedia is the other two thirds, its en.wikipedia.org queries, alone
// in list order (their URLs are not the wikipedia workload's). The
// -floor parts are BenchmarkFloor on each part's queries.
func BenchmarkFrontierParts(b *testing.B) {
	w := load(b, "frontier")
	wiki := corpus(b).Hosts["en.wikipedia.org"]
	var others, repeated, wikipedia []workload.Query
	for _, q := range w.Queries {
		if q.File != wiki {
			others = append(others, q)
			repeated = append(repeated, q, q, q, q)
		} else {
			wikipedia = append(wikipedia, q)
		}
	}
	for _, part := range []struct {
		name string
		qs   []workload.Query
	}{{"others", others}, {"others-x4", repeated}, {"wikipedia", wikipedia}} {
		b.Run(part.name, func(b *testing.B) {
			if len(part.qs) == 0 {
				b.Skip("no such queries in this corpus")
			}
			checkLoop(b, part.qs)
		})
	}
	// Each part's floor (BenchmarkFloor's work on its queries): what a
	// check must at least cost there, warm or cold.
	for _, part := range []struct {
		name string
		qs   []workload.Query
	}{{"others-floor", others}, {"wikipedia-floor", wikipedia}} {
		b.Run(part.name, func(b *testing.B) {
			if len(part.qs) == 0 {
				b.Skip("no such queries in this corpus")
			}
			floorLoop(b, part.qs, w.Blobs)
		})
	}
}

// BenchmarkFrontierShapes takes the frontier's other-host checks apart by
// the shape of the program that answers them, each part in list order:
// one-dfa, programs of one DFA (in the shared corpus's frontier, nearly
// all of anchored rules alone); dfas, programs of several DFAs (nearly
// all a floating DFA, whose walk reads most of the path in its idle
// state, and the anchored rules' trie); scanning, programs with rules past
// every DFA's budget, scanned one by one. Checks that no program answers
// (no group applies, or an empty one) are left out.
func BenchmarkFrontierShapes(b *testing.B) {
	w := load(b, "frontier")
	wiki := corpus(b).Hosts["en.wikipedia.org"]
	shapes := map[string]string{} // file → shape
	parts := map[string][]workload.Query{}
	for _, q := range w.Queries {
		if q.File == wiki {
			continue
		}
		shape, ok := shapes[q.File]
		if !ok {
			shape = programShape(b, w.Blobs[q.File])
			shapes[q.File] = shape
		}
		if shape != "" {
			parts[shape] = append(parts[shape], q)
		}
	}
	for _, shape := range []string{"one-dfa", "dfas", "scanning"} {
		b.Run(shape, func(b *testing.B) {
			if len(parts[shape]) == 0 {
				b.Skip("no such queries in this corpus")
			}
			checkLoop(b, parts[shape])
		})
	}
}

// programShape is the shape of the program a blob binds for token (see
// BenchmarkFrontierShapes), or "" when none applies or it has no DFA.
func programShape(b *testing.B, blob []byte) string {
	set, err := automaton.Decode(blob)
	if err != nil {
		b.Fatal(err)
	}
	ps := set.Select([]string{token}, false)
	if len(ps) != 1 {
		return ""
	}
	switch p := set.Programs[ps[0]]; {
	case len(p.Scan) > 0:
		return "scanning"
	case len(p.DFAs) == 1:
		return "one-dfa"
	case len(p.DFAs) > 1:
		return "dfas"
	}
	return ""
}

// BenchmarkFrontierPaths takes the frontier's other-host checks apart by
// the way runtime.Matcher answers them, each part in list order, and
// reports each part's share of those checks (share-%): screened, by the
// program's screen alone; screened-floating, the screen settles the
// anchored rules and the floating DFAs are walked; direct, the program's
// one DFA walked; dfas, several DFAs walked; scanning, DFAs walked and
// rules scanned one by one. Checks that no program answers, or several
// do, are left out (1.1% of them).
func BenchmarkFrontierPaths(b *testing.B) {
	w := load(b, "frontier")
	wiki := corpus(b).Hosts["en.wikipedia.org"]
	sets := map[string]*automaton.Set{}
	parts := map[string][]workload.Query{}
	others := 0
	for _, q := range w.Queries {
		if q.File == wiki {
			continue
		}
		others++
		set, ok := sets[q.File]
		if !ok {
			var err error
			if set, err = automaton.Decode(w.Blobs[q.File]); err != nil {
				b.Fatal(err)
			}
			sets[q.File] = set
		}
		if p := checkPath(set, q.Matcher.MatchPath(nil, q.URL)); p != "" {
			parts[p] = append(parts[p], q)
		}
	}
	for _, p := range []string{"screened", "screened-floating", "direct", "dfas", "scanning"} {
		b.Run(p, func(b *testing.B) {
			if len(parts[p]) == 0 {
				b.Skip("no such queries in this corpus")
			}
			checkLoop(b, parts[p])
			b.ReportMetric(100*float64(len(parts[p]))/float64(others), "share-%")
		})
	}
}

// checkPath is the way a Matcher bound for token answers path (in its
// matching form) from set (see BenchmarkFrontierPaths), "" for no program.
func checkPath(set *automaton.Set, path []byte) string {
	ps := set.Select([]string{token}, false)
	if len(ps) != 1 {
		return ""
	}
	p := set.Programs[ps[0]]
	if sc := p.Screen(); sc != nil {
		switch _, s := sc.Settle(path); s {
		case automaton.AllSettled:
			return "screened"
		case automaton.AnchoredSettled:
			return "screened-floating"
		}
	}
	switch {
	case p.Direct():
		return "direct"
	case len(p.Scan) > 0:
		return "scanning"
	case len(p.DFAs) > 1:
		return "dfas"
	}
	return ""
}
