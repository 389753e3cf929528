package runtime_test

import (
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/conformance"
)

// TestRecordsThroughBlobConformance: both, google and rfc (SEMANTICS 5).
// The cases of testdata/conformance/records.json through a blob round
// trip: the values of the crawl-delay and request-rate that apply (a blob
// keeps no line for them), the sitemaps, the host, every other record.
func TestRecordsThroughBlobConformance(t *testing.T) {
	n := conformance.RunRecords(t, "../testdata/conformance/records.json", false,
		func(robots string, opts compile.Options, tokens []string) (conformance.RecordsCase, error) {
			r := load(t, robots, opts)
			var urls, keys, values []string
			var urlLines, lines []int32
			for _, s := range r.Sitemaps() {
				urls, urlLines = append(urls, s.URL), append(urlLines, s.Line)
			}
			for _, rec := range r.Records() {
				keys, values, lines = append(keys, rec.Key), append(values, rec.Value), append(lines, rec.Line)
			}
			got := conformance.Records(urls, urlLines, keys, values, lines)
			m := r.Agent(tokens...)
			if d, ok := m.CrawlDelay(); ok {
				got.CrawlDelay = &conformance.Delay{Seconds: d.Seconds()}
			}
			if n, per, ok := m.RequestRate(); ok {
				got.RequestRate = &conformance.Rate{Requests: n, Seconds: per.Seconds()}
			}
			return got, nil
		})
	t.Logf("%d (case, mode) pairs", n)
}
