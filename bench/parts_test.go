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
// then costs about (4·others-x4 − others)/3. The rest of a cold one is not
// mostly the program's memory: the same queries grouped by host (each
// program warm after its host's first) cost as much as in list order, and
// touching a query's program, first table, idle set or rules a few checks
// ahead saves nothing (touching all of its tables was inconclusive),
// while the same URL asked again from a separate copy of its
// bytes is as cheap as others-x4: the cost is per URL not seen just before
// (the walks' data-dependent branches, most likely). wikipedia is the
// other two thirds, its en.wikipedia.org queries, alone in list order
// (their URLs are not the wikipedia workload's).
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
}
