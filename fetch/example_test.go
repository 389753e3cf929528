package fetch_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"sync/atomic"
	"time"

	"github.com/robotsdfa/robotsdfa/fetch"
)

func ExampleClient_Get() {
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "User-agent: *\nDisallow: /private/\n")
	}))
	defer site.Close()

	c := &fetch.Client{UserAgent: "examplebot/1.0 (+https://example.com/bot)"}
	r, outcome, err := c.Get(context.Background(), site.URL+"/private/report")
	if err != nil {
		panic(err)
	}
	m := r.Agent("examplebot")
	fmt.Println(outcome.Status, outcome.HTTPStatus, outcome.Rules)
	fmt.Println(m.Allowed(site.URL+"/private/report"), m.Allowed(site.URL+"/public"))

	_, outcome, _ = c.Get(context.Background(), site.URL+"/other")
	fmt.Println("from cache:", outcome.FromCache)
	// Output:
	// success 200 robots.txt
	// false true
	// from cache: true
}

// A polite crawler asks before every request; the robots.txt is fetched
// once per origin and cached.
func ExampleClient_Allowed() {
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			fmt.Fprint(w, "User-agent: examplebot\nDisallow: /private/\n")
		}
	}))
	defer site.Close()

	c := &fetch.Client{UserAgent: "examplebot/1.0 (+https://example.com/bot)"}
	for _, path := range []string{"/private/x", "/public/y"} {
		ok, outcome, err := c.Allowed(context.Background(), site.URL+path, "examplebot")
		fmt.Println(path, ok, outcome.Status, outcome.FromCache, err)
	}
	// Output:
	// /private/x false success false <nil>
	// /public/y true success true <nil>
}

// An unavailable robots.txt (4xx but 429) allows everything; an
// unreachable one (429, 5xx, network errors) disallows everything.
func ExampleOutcome() {
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "busy", http.StatusServiceUnavailable)
	}))
	defer site.Close()
	c := &fetch.Client{}
	ok, outcome, _ := c.Allowed(context.Background(), site.URL+"/x", "bot")
	fmt.Println(ok, outcome.Status, outcome.HTTPStatus, outcome.Rules)
	// Output: false unreachable 503 disallow all
}

// The origin whose robots.txt governs a URL: scheme, host and port, the
// host in Punycode and lower case, the default port dropped.
func ExampleOriginOf() {
	o, err := fetch.OriginOf("HTTPS://B\u00fccher.Example:443/path?q=1#f")
	fmt.Println(o, err)
	fmt.Println(o.RobotsURL())
	// Output:
	// https://xn--bcher-kva.example <nil>
	// https://xn--bcher-kva.example/robots.txt
}

// A cache bounded in bytes and entries, least recently used evicted.
func ExampleNewMemoryStore() {
	store := fetch.NewMemoryStore(64<<20, 100_000)
	c := &fetch.Client{Store: store}
	_ = c
	fmt.Println(store.Len(), store.Bytes(), store.Evictions())
	// Output: 0 0 0
}

// The robots.txt that governs a page.
func ExampleRobotsURL() {
	u, err := fetch.RobotsURL("https://user@B\u00fccher.example:443/a/b?c#d")
	fmt.Println(u, err)
	// Output: https://xn--bcher-kva.example/robots.txt <nil>
}

// A crawler with its own HTTP stack hands in what it got for
// /robots.txt; the Client applies RFC 9309's status classes and Google's
// rules as Get would, and caches the result for the origin.
func ExampleClient_FromResponse() {
	c := &fetch.Client{}

	// The crawler fetched https://example.com/robots.txt itself.
	got := fetch.Response{
		URL:        "https://example.com/robots.txt",
		StatusCode: 200,
		Header:     http.Header{"Cache-Control": {"max-age=3600"}},
		Body:       []byte("User-agent: *\nDisallow: /private/\n"),
	}
	r, outcome, err := c.FromResponse(context.Background(), got)
	if err != nil {
		panic(err)
	}
	fmt.Println(outcome.Status, outcome.Rules, outcome.ExpiresAt.Sub(outcome.FetchedAt))
	fmt.Println(r.Agent("examplebot").Allowed("https://example.com/private/x"))

	// A 503 asking to come back in two hours: everything is disallowed
	// until then (RFC 9309 section 2.3.1.4), unless a good copy is held.
	_, outcome, _ = c.FromResponse(context.Background(), fetch.Response{
		URL:        "https://busy.example/robots.txt",
		StatusCode: 503,
		Header:     http.Header{"Retry-After": {"7200"}},
	})
	fmt.Println(outcome.Status, outcome.Rules, outcome.ExpiresAt.Sub(outcome.FetchedAt))

	// Later checks of the origin answer from the cache.
	ok, outcome, _ := c.Allowed(context.Background(), "https://example.com/public", "examplebot")
	fmt.Println(ok, outcome.FromCache)
	// Output:
	// success robots.txt 1h0m0s
	// false
	// unreachable disallow all 2h0m0s
	// true true
}

// A crawler's HTTP client that obeys robots.txt on the way out: a
// disallowed URL is refused before any request, and requests to an origin
// are spaced by its crawl-delay.
func ExampleTransport() {
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			fmt.Fprint(w, "User-agent: *\nDisallow: /private/\nCrawl-delay: 0.1\n")
			return
		}
		fmt.Fprint(w, "a page")
	}))
	defer site.Close()

	hc := &http.Client{Transport: &fetch.Transport{
		Client: &fetch.Client{UserAgent: "examplebot/1.0"},
		Tokens: []string{"examplebot"},
		Pace:   true,
	}}
	resp, err := hc.Get(site.URL + "/public")
	if err != nil {
		panic(err)
	}
	resp.Body.Close()
	fmt.Println(resp.StatusCode)

	_, err = hc.Get(site.URL + "/private/report")
	var refused *fetch.DisallowedError
	fmt.Println(errors.As(err, &refused), refused.Line)
	// Output:
	// 200
	// true 2
}

// A crawler that restarts keeps what it fetched: a DirStore holds each
// origin's robots.txt in a directory, so the next process answers from it
// until it expires, without a request.
func ExampleOpenDirStore() {
	var requests atomic.Int32
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		fmt.Fprint(w, "User-agent: *\nDisallow: /private/\n")
	}))
	defer site.Close()
	dir, err := os.MkdirTemp("", "robots-cache")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)

	for run := 1; run <= 2; run++ { // two runs of the crawler, each with its own Client
		cache, err := fetch.OpenDirStore(dir, 64<<20, 0)
		if err != nil {
			panic(err)
		}
		c := &fetch.Client{Store: cache}
		ok, outcome, err := c.Allowed(context.Background(), site.URL+"/private/x", "examplebot")
		fmt.Println("run", run, ok, outcome.FromCache, err)
	}
	fmt.Println("requests:", requests.Load())
	// Output:
	// run 1 false false <nil>
	// run 2 false true <nil>
	// requests: 1
}

// A crawler told that a site changed its robots.txt fetches it now,
// without waiting for the cached copy to expire.
func ExampleClient_Refresh() {
	var body atomic.Value
	body.Store("User-agent: *\nDisallow: /shop/\n")
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, body.Load())
	}))
	defer site.Close()

	c := &fetch.Client{}
	ctx := context.Background()
	ok, _, _ := c.Allowed(ctx, site.URL+"/shop/a", "examplebot")
	fmt.Println("before:", ok)

	body.Store("User-agent: *\nAllow: /\n")
	ok, outcome, _ := c.Allowed(ctx, site.URL+"/shop/a", "examplebot")
	fmt.Println("cached:", ok, outcome.FromCache)

	r, outcome, err := c.Refresh(ctx, site.URL+"/")
	if err != nil {
		panic(err)
	}
	fmt.Println("refreshed:", r.Agent("examplebot").Allowed(site.URL+"/shop/a"), outcome.FromCache)
	ok, outcome, _ = c.Allowed(ctx, site.URL+"/shop/a", "examplebot")
	fmt.Println("after:", ok, outcome.FromCache)
	// Output:
	// before: false
	// cached: false true
	// refreshed: true false
	// after: true true
}

// A crawler exports its Client's figures: here two origins, one of them
// asked twice, and one without a robots.txt (404: every URL allowed).
func ExampleClient_Stats() {
	body := "User-agent: *\nDisallow: /private/\n"
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, body)
	}))
	defer site.Close()
	bare := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNotFound)
	}))
	defer bare.Close()

	c := &fetch.Client{}
	for _, u := range []string{site.URL + "/a", site.URL + "/b", bare.URL + "/c"} {
		if _, _, err := c.Get(context.Background(), u); err != nil {
			panic(err)
		}
	}
	s := c.Stats()
	fmt.Println("hits", s.Hits, "misses", s.Misses)
	fmt.Println("2xx", s.Responses[2], "4xx", s.Responses[4], "bytes", s.Bytes == int64(len(body)))
	// Output:
	// hits 1 misses 2
	// 2xx 1 4xx 1 bytes true
}

// Between crawls, a DirStore drops the origins not fetched since a cutoff,
// so that it holds the origins still crawled.
func ExampleDirStore_Prune() {
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "User-agent: *\nDisallow: /private/\n")
	}))
	defer site.Close()
	dir, err := os.MkdirTemp("", "robots-cache")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	cache, err := fetch.OpenDirStore(dir, 64<<20, 0)
	if err != nil {
		panic(err)
	}
	c := &fetch.Client{Store: cache}
	if _, _, err := c.Get(context.Background(), site.URL+"/"); err != nil {
		panic(err)
	}

	month, err := cache.Prune(context.Background(), time.Now().Add(-30*24*time.Hour))
	fmt.Println("not fetched for a month:", month.Removed, "removed,", month.Kept, "kept", err)
	all, err := cache.Prune(context.Background(), time.Now().Add(time.Minute))
	fmt.Println("not fetched since a minute from now:", all.Removed, "removed,", all.Kept, "kept", err)
	// Output:
	// not fetched for a month: 0 removed, 1 kept <nil>
	// not fetched since a minute from now: 1 removed, 0 kept <nil>
}
