package bench

import (
	"fmt"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/bench/workload"
	"github.com/robotsdfa/robotsdfa/runtime"
)

// BenchmarkFrontierFootprint says whether a cold check waits on its
// program's memory or on the branch predictor's history of its walks. It
// runs the frontier's other-host queries (their URLs packed into one
// buffer, their matchers in list order) on:
//   - own: each on its host's matcher, as the frontier does;
//   - programs-50: each on one of 50 of those hosts' matchers in turn (the
//     files taken at even steps through the list), 50 programs that stay
//     in cache;
//   - copies-F: the same URL on the same program as in programs-50, but
//     from one of many separately loaded copies of its blob, in turn, so
//     that the copies' blobs total F times the other hosts' blobs.
//
// programs-50 and every copies-F make the same walks with the same
// branches; only the memory they read from differs. own walks its own
// programs, so it compares with copies-1 in memory, not in walks.
func BenchmarkFrontierFootprint(b *testing.B) {
	w := load(b, "frontier")
	wiki := corpus(b).Hosts["en.wikipedia.org"]
	var own []runtime.Matcher // by query
	var lens []int
	var files []string
	seen := map[string]bool{}
	var packed strings.Builder
	for _, q := range w.Queries {
		if q.File == wiki {
			continue
		}
		packed.WriteString(q.URL)
		lens = append(lens, len(q.URL))
		own = append(own, q.Matcher)
		if !seen[q.File] {
			seen[q.File] = true
			files = append(files, q.File)
		}
	}
	if len(files) == 0 {
		b.Skip("no other-host queries in this corpus")
	}
	urls := make([]string, len(lens))
	for i, off, all := 0, 0, packed.String(); i < len(lens); i++ {
		urls[i] = all[off : off+lens[i]]
		off += lens[i]
	}
	few := min(50, len(files))
	picked := make([]string, few)
	for k := range picked {
		picked[k] = files[k*len(files)/few]
	}
	fewBytes, allBytes := 0, 0
	for _, f := range picked {
		fewBytes += len(w.Blobs[f])
	}
	for _, f := range files {
		allBytes += len(w.Blobs[f])
	}
	bind := func(k int) runtime.Matcher {
		r, err := runtime.Load(append([]byte(nil), w.Blobs[picked[k%few]]...))
		if err != nil {
			b.Fatal(err)
		}
		return r.Agent(token)
	}
	// Each variant's queries: the URLs, each with its matcher.
	type variant struct {
		name string
		qs   []workload.Query
	}
	spread := func(pool []runtime.Matcher) []workload.Query {
		qs := make([]workload.Query, len(urls))
		for i := range qs {
			qs[i] = workload.Query{Matcher: pool[i%len(pool)], URL: urls[i]}
		}
		return qs
	}
	variants := []variant{{"own", spread(own)}}
	var pool []runtime.Matcher
	for len(pool) < few {
		pool = append(pool, bind(len(pool)))
	}
	variants = append(variants, variant{fmt.Sprintf("programs-%d", few), spread(pool)})
	for _, f := range []float64{0.125, 0.5, 1, 2} {
		// A multiple of few copies, so that query i meets the program
		// it meets in programs-50.
		n := max(1, int(f*float64(allBytes)/float64(fewBytes))) * few
		for len(pool) < n {
			pool = append(pool, bind(len(pool)))
		}
		variants = append(variants, variant{fmt.Sprintf("copies-%g", f), spread(pool[:n])})
	}
	b.Logf("%d queries; %d files, %d bytes of blobs; %d picked, %d bytes", len(urls), len(files), allBytes, few, fewBytes)
	for _, v := range variants {
		b.Run(v.name, func(b *testing.B) { checkLoop(b, v.qs) })
	}
}
