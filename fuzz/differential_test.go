package fuzz

import (
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/reference"
	"github.com/robotsdfa/robotsdfa/runtime"
)

// FuzzDifferential: rfc and google. A robots.txt, a crawler's product
// tokens (comma-separated, bound as a fallback chain or as a union), a URL
// and a read limit: the reference, the in-memory set and the blob (bound
// with its screens derived and without) give the same verdict and
// deciding line, and the blob's crawl-delay, request-rate,
// sitemaps and records for the tokens are the parsed file's; the blob
// compiled for those tokens only answers them as the whole. The reference
// reads the body already cut to the limit, with no limit of its own, so
// that the limit is checked too (SEMANTICS 1.1).
func FuzzDifferential(f *testing.F) {
	seeds := []struct{ body, tokens, url string }{
		{"User-agent: *\nDisallow: /private/\nAllow: /private/ok$\n", "bot", "http://e.com/private/ok"},
		{"User-agent: bot\nDisallow: /*a*b$\nAllow: /a\n", "BOT", "/xaab"},
		{"User-agent: *\nDisallow: /%61%2A\nDisallow: /*.gif$\n", "x", "http://e.com/a*?q#f"},
		{"\xef\xbb\xbfuser-agent: bot\ndisalow: /x\nallow: /x/y\n", "bot", "//e.com/x/y\x00z"},
		{"User-agent: *\nDisallow: /\nAllow: /$\nAllow: /index.html$\n", "y", "http://e.com/"},
		{"User-agent: *\nDisallow: /*/pins/\nAllow: */board/\nDisallow: */*?q=\nAllow: *.pdf$\n", "z", "http://e.com//pins/board/x.pdf"},
		{"Sitemap: http://e.com/s.xml\nUser-agent: bot\nCrawl-delay: 2.5\nRequest-rate: 3/1m\nUser-agent: *\nCrawl-delay: 9\nHost: e.com\n", "bot", "/"},
		{"User-agent: a\nAllow: /x\n\nUser-agent: b\nDisallow: /x\nCrawl-delay: 3\n", "a,b", "/x"},
		{"User-agent: b\nDisallow: /a*\nUser-agent: c\nAllow: /ab\n", "c,b,d", "/abc"},
	}
	for _, s := range seeds {
		for _, limit := range []uint16{0, 30, 0xffff} {
			f.Add([]byte(s.body), s.tokens, s.url, false, false, limit)
			f.Add([]byte(s.body), s.tokens, s.url, true, true, limit)
		}
	}
	f.Fuzz(func(t *testing.T, body []byte, tokens, url string, rfc, union bool, limit uint16) {
		if len(body) > 4096 || len(url) > 512 {
			return // the reference is quadratic
		}
		opts := compile.Options{MaxBytes: int(limit)} // 0: the default
		if limit == 0xffff {
			opts.MaxBytes = compile.NoLimit
		}
		if rfc {
			opts.Mode = compile.RFC9309
		}
		toks := strings.SplitN(tokens, ",", 4)
		cut := body
		if opts.MaxBytes > 0 && len(cut) > opts.MaxBytes {
			cut = cut[:opts.MaxBytes]
		}
		file := compile.Parse(body, opts)
		set := file.CompileSet()
		blob, err := set.AppendBinary(nil)
		if err != nil {
			t.Fatal(err)
		}
		robots, err := runtime.Load(blob)
		if err != nil {
			t.Fatalf("a fresh blob does not load: %v", err)
		}
		whole := compile.Parse(cut, compile.Options{Mode: opts.Mode, MaxBytes: compile.NoLimit})
		want := reference.Check(whole, toks, union, url)
		m, mem, once := robots.Agent(toks...), runtime.FromSet(set).Agent(toks...), robots.AgentOnce(toks...)
		sel := whole.SelectChain(toks...)
		if union {
			m, mem, once = robots.AgentUnion(toks...), runtime.FromSet(set).AgentUnion(toks...), robots.AgentUnionOnce(toks...)
			sel = whole.SelectUnion(toks...)
		}
		got, inMemory, onceGot := m.Check(url), mem.Check(url), once.Check(url)
		if got.Allowed != want.Allowed || got.Line != want.Line || inMemory != got || onceGot != got {
			t.Fatalf("tokens %q union %v url %q: blob %+v, in-memory %+v, bound once %+v, reference %+v", toks, union, url, got, inMemory, onceGot, want)
		}
		// Compiled for these tokens only (compile -agent), the blob answers
		// them as the whole file does, and says it was compiled for them.
		part := opts
		part.Tokens = toks
		partBlob, err := compile.Parse(body, part).CompileSet().AppendBinary(nil)
		if err != nil {
			t.Fatal(err)
		}
		partRobots, err := runtime.Load(partBlob)
		if err != nil {
			t.Fatalf("a fresh restricted blob does not load: %v", err)
		}
		pm := partRobots.Agent(toks...)
		if union {
			pm = partRobots.AgentUnion(toks...)
		}
		if pr := pm.Check(url); !partRobots.CompiledFor(toks...) || pr != got {
			t.Fatalf("tokens %q union %v url %q: compiled for them %+v (compiled for: %v), whole %+v", toks, union, url, pr, partRobots.CompiledFor(toks...), got)
		}
		// The records through the blob: the parsed file's.
		delay, ok := m.CrawlDelay()
		wantDelay, wantOK := whole.CrawlDelay(sel)
		req, per, rateOK := m.RequestRate()
		wantRate, wantRateOK := whole.RequestRate(sel)
		if ok != wantOK || ok && delay != wantDelay || rateOK != wantRateOK ||
			rateOK && !sameRate(int64(req), per, int64(wantRate.Requests), wantRate.Per) {
			t.Fatalf("tokens %q: crawl-delay %v %v, request-rate %d/%v %v; the file's %v %v, %+v %v",
				toks, delay, ok, req, per, rateOK, wantDelay, wantOK, wantRate, wantRateOK)
		}
		if len(robots.Sitemaps()) != len(whole.Sitemaps) || len(robots.Records()) != len(whole.Records) {
			t.Fatalf("%d sitemaps and %d records, the file's %d and %d",
				len(robots.Sitemaps()), len(robots.Records()), len(whole.Sitemaps), len(whole.Records))
		}
	})
}

// sameRate reports whether two request-rates are the same rate. (Bound
// to several programs, a Matcher keeps the first of its programs' equal
// rates, which may be written differently from the file's first.)
func sameRate(ar int64, ap time.Duration, br int64, bp time.Duration) bool {
	return new(big.Int).Mul(big.NewInt(ar), big.NewInt(int64(bp))).Cmp(new(big.Int).Mul(big.NewInt(br), big.NewInt(int64(ap)))) == 0
}
