package runtime_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/robotsdfa/robotsdfa/automaton"
	"github.com/robotsdfa/robotsdfa/compile"
)

// TestRecordsThroughBlob: both (SEMANTICS 5). A bound Matcher's
// crawl-delay and request-rate, read through a blob, are the parsed
// file's for the same selection (compile.File.CrawlDelay and
// RequestRate): the most polite of the groups that apply, for a fallback
// chain and for a union of tokens; the Robots' sitemaps and other records
// are the file's, in order, with their lines. Random files mix readable
// and unreadable values, extreme ones included (a year, 2³¹−1 requests),
// groups that repeat a token, and records outside any group.
func TestRecordsThroughBlob(t *testing.T) {
	rng := rand.New(rand.NewSource(9309))
	agents := []string{"a", "b", "c", "*"}
	delays := []string{"0", "1", "2.5", ".5", "10", "99999999999", "-1", "x", "1s", ""}
	rates := []string{"1/5", "2/10s", "30/1m", "1/1h", "3/7", "2147483647/1", "99999999999999999999/1s",
		"1/99999999999", "0/5", "1/0", "5", "1/5s 0600-0845"}
	chains := [][]string{{"a"}, {"b"}, {"c", "a"}, {"d"}, {"d", "b"}, {"a", "b"}, {"b", "c", "a"}}
	for round := 0; round < 400; round++ {
		var body strings.Builder
		for range rng.Intn(6) {
			for range 1 + rng.Intn(2) {
				fmt.Fprintf(&body, "User-agent: %s\n", agents[rng.Intn(len(agents))])
			}
			for range rng.Intn(4) {
				switch rng.Intn(5) {
				case 0:
					fmt.Fprintf(&body, "Crawl-delay: %s\n", delays[rng.Intn(len(delays))])
				case 1:
					fmt.Fprintf(&body, "Request-rate: %s\n", rates[rng.Intn(len(rates))])
				case 2:
					fmt.Fprintf(&body, "Disallow: /%d\n", rng.Intn(9))
				case 3:
					fmt.Fprintf(&body, "Sitemap: https://example.com/s%d.xml\n", rng.Intn(9))
				default:
					fmt.Fprintf(&body, "Clean-param: p%d\n", rng.Intn(9))
				}
			}
		}
		for _, opts := range []compile.Options{{Mode: compile.Google}, {Mode: compile.RFC9309}} {
			f := compile.Parse([]byte(body.String()), opts)
			r := load(t, body.String(), opts)
			if r.RFC() != (opts.Mode == compile.RFC9309) {
				t.Fatalf("RFC() = %v in mode %v", r.RFC(), opts.Mode)
			}
			var sitemaps []automaton.Sitemap
			for _, s := range f.Sitemaps {
				sitemaps = append(sitemaps, automaton.Sitemap{URL: s.URL, Line: s.Line})
			}
			var records []automaton.Record
			for _, rec := range f.Records {
				records = append(records, automaton.Record{Key: rec.Key, Value: rec.Value, Line: rec.Line})
			}
			if fmt.Sprint(r.Sitemaps()) != fmt.Sprint(sitemaps) || fmt.Sprint(r.Records()) != fmt.Sprint(records) {
				t.Fatalf("body %q: sitemaps %v, records %v; the file's %v, %v", body.String(), r.Sitemaps(), r.Records(), sitemaps, records)
			}
			for _, tokens := range chains {
				for _, union := range []bool{false, true} {
					m, sel := r.Agent(tokens...), f.SelectChain(tokens...)
					if union {
						m, sel = r.AgentUnion(tokens...), f.SelectUnion(tokens...)
					}
					where := fmt.Sprintf("body %q, tokens %v, union %v", body.String(), tokens, union)
					gotDelay, gotOK := m.CrawlDelay()
					wantDelay, wantOK := f.CrawlDelay(sel)
					if gotOK != wantOK || gotOK && gotDelay != wantDelay {
						t.Fatalf("%s: crawl-delay %v %v, want %v %v", where, gotDelay, gotOK, wantDelay, wantOK)
					}
					req, per, ok := m.RequestRate()
					want, wantOK := f.RequestRate(sel)
					if ok != wantOK || ok && !sameRate(int64(req), per, int64(want.Requests), want.Per, union) {
						t.Fatalf("%s: request-rate %d/%v %v, want %d/%v %v", where, req, per, ok, want.Requests, want.Per, wantOK)
					}
				}
			}
		}
	}
}

// sameRate reports whether two request-rates are the same: the same
// numbers, or with several programs bound (where each program's rate is
// the first of its groups' equal ones), the same rate.
func sameRate(ar int64, ap time.Duration, br int64, bp time.Duration, union bool) bool {
	if !union {
		return ar == br && ap == bp
	}
	return !automaton.SlowerRate(ar, ap, br, bp) && !automaton.SlowerRate(br, bp, ar, ap)
}
