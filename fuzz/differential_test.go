package fuzz

import (
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/reference"
	"github.com/robotsdfa/robotsdfa/runtime"
)

// FuzzDifferential: rfc and google. A robots.txt, a product token and a
// URL: the reference, the in-memory set and the blob give the same
// verdict and deciding line, and the blob's crawl-delay, request-rate,
// sitemaps and records for the token are the parsed file's.
func FuzzDifferential(f *testing.F) {
	seeds := []struct{ body, token, url string }{
		{"User-agent: *\nDisallow: /private/\nAllow: /private/ok$\n", "bot", "http://e.com/private/ok"},
		{"User-agent: bot\nDisallow: /*a*b$\nAllow: /a\n", "BOT", "/xaab"},
		{"User-agent: *\nDisallow: /%61%2A\nDisallow: /*.gif$\n", "x", "http://e.com/a*?q#f"},
		{"\xef\xbb\xbfuser-agent: bot\ndisalow: /x\nallow: /x/y\n", "bot", "//e.com/x/y\x00z"},
		{"User-agent: *\nDisallow: /\nAllow: /$\nAllow: /index.html$\n", "y", "http://e.com/"},
		{"User-agent: *\nDisallow: /*/pins/\nAllow: */board/\nDisallow: */*?q=\nAllow: *.pdf$\n", "z", "http://e.com//pins/board/x.pdf"},
		{"Sitemap: http://e.com/s.xml\nUser-agent: bot\nCrawl-delay: 2.5\nRequest-rate: 3/1m\nUser-agent: *\nCrawl-delay: 9\nHost: e.com\n", "bot", "/"},
	}
	for _, s := range seeds {
		f.Add([]byte(s.body), s.token, s.url, false)
		f.Add([]byte(s.body), s.token, s.url, true)
	}
	f.Fuzz(func(t *testing.T, body []byte, token, url string, rfc bool) {
		if len(body) > 4096 || len(url) > 512 {
			return // the reference is quadratic
		}
		opts := compile.Options{}
		if rfc {
			opts.Mode = compile.RFC9309
		}
		file := compile.Parse(body, opts)
		set := compile.Compile(file, compile.CompileOptions{})
		blob, err := set.AppendBinary(nil)
		if err != nil {
			t.Fatal(err)
		}
		robots, err := runtime.Load(blob)
		if err != nil {
			t.Fatalf("a fresh blob does not load: %v", err)
		}
		want := reference.Check(file, []string{token}, false, url)
		m := robots.Agent(token)
		got := m.Check(url)
		mem := runtime.FromSet(set).Agent(token).Check(url)
		if got.Allowed != want.Allowed || got.Line != want.Line || mem != got {
			t.Fatalf("token %q url %q: blob %+v, in-memory %+v, reference %+v", token, url, got, mem, want)
		}
		// The records through the blob: the parsed file's.
		sel := file.SelectChain(token)
		delay, ok := m.CrawlDelay()
		wantDelay, wantOK := file.CrawlDelay(sel)
		req, per, rateOK := m.RequestRate()
		wantRate, wantRateOK := file.RequestRate(sel)
		if ok != wantOK || ok && delay != wantDelay || rateOK != wantRateOK ||
			rateOK && (req != wantRate.Requests || per != wantRate.Per) {
			t.Fatalf("token %q: crawl-delay %v %v, request-rate %d/%v %v; the file's %v %v, %+v %v",
				token, delay, ok, req, per, rateOK, wantDelay, wantOK, wantRate, wantRateOK)
		}
		if len(robots.Sitemaps()) != len(file.Sitemaps) || len(robots.Records()) != len(file.Records) {
			t.Fatalf("%d sitemaps and %d records, the file's %d and %d",
				len(robots.Sitemaps()), len(robots.Records()), len(file.Sitemaps), len(file.Records))
		}
	})
}
