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
	runParts(b, []part{{"others", others}, {"others-x4", repeated}, {"wikipedia", wikipedia}}, checkLoop)
	// Each part's floor (BenchmarkFloor's work on its queries): what a
	// check must at least cost there, warm or cold.
	runParts(b, []part{{"others-floor", others}, {"wikipedia-floor", wikipedia}}, func(b *testing.B, qs []workload.Query) {
		floorLoop(b, qs, w.Blobs)
	})
}

// part is a named list of queries, timed as a sub-benchmark.
type part struct {
	name string
	qs   []workload.Query
}

// runParts runs loop on each part's queries as a sub-benchmark named
// after it, skipping a part without queries.
func runParts(b *testing.B, parts []part, loop func(b *testing.B, qs []workload.Query)) {
	for _, p := range parts {
		b.Run(p.name, func(b *testing.B) {
			if len(p.qs) == 0 {
				b.Skip("no such queries in this corpus")
			}
			loop(b, p.qs)
		})
	}
}

// byProgram groups the frontier's other-host queries by name(p, path),
// p the one program a Matcher bound for token answers them with and path
// the query's in its matching form; queries without one program, or
// named "", are left out. others counts every other-host query. Each
// file is decoded once.
func byProgram(b *testing.B, name func(p *automaton.Program, path []byte) string) (parts map[string][]workload.Query, others int) {
	w := load(b, "frontier")
	wiki := corpus(b).Hosts["en.wikipedia.org"]
	programs := map[string]*automaton.Program{} // by file; nil for none
	parts = map[string][]workload.Query{}
	for _, q := range w.Queries {
		if q.File == wiki {
			continue
		}
		others++
		p, ok := programs[q.File]
		if !ok {
			set, err := automaton.Decode(w.Blobs[q.File])
			if err != nil {
				b.Fatal(err)
			}
			if ps := set.Select([]string{token}, false); len(ps) == 1 {
				p = set.Programs[ps[0]]
			}
			programs[q.File] = p
		}
		if p == nil {
			continue
		}
		if n := name(p, q.Matcher.MatchPath(nil, q.URL)); n != "" {
			parts[n] = append(parts[n], q)
		}
	}
	return parts, others
}

// named lists the parts of the given names, in that order.
func named(parts map[string][]workload.Query, names ...string) []part {
	list := make([]part, len(names))
	for i, n := range names {
		list[i] = part{n, parts[n]}
	}
	return list
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
	parts, _ := byProgram(b, func(p *automaton.Program, _ []byte) string { return programShape(p) })
	runParts(b, named(parts, "one-dfa", "dfas", "scanning"), checkLoop)
}

// programShape is the shape of p (see BenchmarkFrontierShapes), or ""
// when it has no DFA.
func programShape(p *automaton.Program) string {
	switch {
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
	parts, others := byProgram(b, checkPath)
	runParts(b, named(parts, "screened", "screened-floating", "direct", "dfas", "scanning"), func(b *testing.B, qs []workload.Query) {
		checkLoop(b, qs)
		b.ReportMetric(100*float64(len(qs))/float64(others), "share-%")
	})
}

// checkPath is the way a Matcher bound to p answers path (in its matching
// form; see BenchmarkFrontierPaths): by p's screen, else by p's shape (a
// program of one DFA and no scanned rule is Direct).
func checkPath(p *automaton.Program, path []byte) string {
	if sc := p.Screen(); sc != nil {
		switch _, s := sc.Settle(path); s {
		case automaton.AllSettled:
			return "screened"
		case automaton.AnchoredSettled:
			return "screened-floating"
		}
	}
	if shape := programShape(p); shape != "one-dfa" {
		return shape
	}
	return "direct"
}
