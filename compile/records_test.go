package compile_test

import (
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/conformance"
)

// TestRecordsConformance: both, google and rfc (SEMANTICS 5). The cases of
// testdata/conformance/records.json through the parsed file: the
// crawl-delay and request-rate that apply (values; the command line's
// test checks their lines), the sitemaps, the host, every other record.
func TestRecordsConformance(t *testing.T) {
	n := conformance.RunRecords(t, "../testdata/conformance/records.json", false,
		func(robots string, opts compile.Options, tokens []string) (conformance.RecordsCase, error) {
			f := compile.Parse([]byte(robots), opts)
			var urls, keys, values []string
			var urlLines, lines []int32
			for _, s := range f.Sitemaps {
				urls, urlLines = append(urls, s.URL), append(urlLines, s.Line)
			}
			for _, r := range f.Records {
				keys, values, lines = append(keys, r.Key), append(values, r.Value), append(lines, r.Line)
			}
			got := conformance.Records(urls, urlLines, keys, values, lines)
			sel := f.SelectChain(tokens...)
			if d, ok := f.CrawlDelay(sel); ok {
				got.CrawlDelay = &conformance.Delay{Seconds: d.Seconds()}
			}
			if r, ok := f.RequestRate(sel); ok {
				got.RequestRate = &conformance.Rate{Requests: r.Requests, Seconds: r.Per.Seconds()}
			}
			return got, nil
		})
	t.Logf("%d (case, mode) pairs", n)
}
