package runtime_test

import (
	"fmt"
	"math/big"
	"math/rand"
	"slices"
	"strings"
	"testing"
	"time"

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
			if !slices.Equal(r.Sitemaps(), f.Sitemaps) || !slices.Equal(r.Records(), f.Records) {
				t.Fatalf("body %q: sitemaps %v, records %v; the file's %v, %v", body.String(), r.Sitemaps(), r.Records(), f.Sitemaps, f.Records)
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
	return new(big.Int).Mul(big.NewInt(ar), big.NewInt(int64(bp))).Cmp(new(big.Int).Mul(big.NewInt(br), big.NewInt(int64(ap)))) == 0
}

// TestDelaysWritten: both (SEMANTICS 5). Crawl-delay and request-rate for
// fallback chains and unions, through a blob, against expectations written
// out by hand: the largest readable crawl-delay of the groups that apply,
// the lowest request-rate, '*' only when no group names the crawler. (d's
// group ends with a rule: without one, "User-agent: *" would join it.)
func TestDelaysWritten(t *testing.T) {
	const body = `User-agent: a
Crawl-delay: 2
Request-rate: 1/5
Disallow: /x

User-agent: a
Crawl-delay: 0.5
Request-rate: 3/10s
Disallow: /y

User-agent: b
Crawl-delay: fast
Request-rate: 30/1m
Disallow: /z

User-agent: d
Crawl-delay: 86400
Request-rate: 2/1h
Disallow: /d

User-agent: *
Crawl-delay: 10
Request-rate: 1/1h
`
	none := time.Duration(-1)
	for _, c := range []struct {
		tokens   []string
		union    bool
		delay    time.Duration // none: no crawl-delay
		requests int           // 0: no request-rate
		per      time.Duration
	}{
		{[]string{"a"}, false, 2 * time.Second, 1, 5 * time.Second},
		{[]string{"A"}, false, 2 * time.Second, 1, 5 * time.Second},
		{[]string{"b"}, false, none, 30, time.Minute},
		{[]string{"c"}, false, 10 * time.Second, 1, time.Hour},
		{[]string{"c", "b"}, false, none, 30, time.Minute},
		{[]string{"b", "a"}, false, none, 30, time.Minute},
		{[]string{"a", "b"}, true, 2 * time.Second, 1, 5 * time.Second},
		{[]string{"b", "d"}, true, 24 * time.Hour, 2, time.Hour},
		{[]string{"b", "c"}, true, none, 30, time.Minute},
		{[]string{"c", "e"}, true, 10 * time.Second, 1, time.Hour},
	} {
		for _, mode := range []compile.Mode{compile.Google, compile.RFC9309} {
			r := load(t, body, compile.Options{Mode: mode})
			m := r.Agent(c.tokens...)
			if c.union {
				m = r.AgentUnion(c.tokens...)
			}
			delay, ok := m.CrawlDelay()
			if !ok {
				delay = none
			}
			requests, per, _ := m.RequestRate()
			if delay != c.delay || requests != c.requests || per != c.per {
				t.Errorf("[%v] %q union %v: crawl-delay %v, request-rate %d/%v; want %v, %d/%v",
					mode, c.tokens, c.union, delay, requests, per, c.delay, c.requests, c.per)
			}
		}
	}
}
