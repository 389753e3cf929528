package bench

import (
	"testing"

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
