package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestFetch(t *testing.T) {
	hits := 0
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits++
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprint(w, "user-agent: *\ndisallow: /private\n")
		default:
			http.NotFound(w, r)
		}
	}))
	defer s.Close()
	r := robotsdfa(t, nil, "fetch", "-agent", "bot", "-explain", s.URL+"/a", s.URL+"/private/x")
	require.Equal(t, exitFound, r.code, r.stderr)
	require.Equal(t, "allowed\t"+s.URL+"/a\tno matching rule\ndisallowed\t"+s.URL+"/private/x\tline 2: Disallow: /private\n", r.stdout)
	require.Contains(t, r.stderr, s.URL+"/robots.txt: success (HTTP 200), robots.txt")
	require.Equal(t, 1, hits, "one fetch per origin")

	gone := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(503) }))
	defer gone.Close()
	r = robotsdfa(t, nil, "fetch", "-explain", gone.URL+"/a")
	require.Equal(t, exitFound, r.code)
	require.Contains(t, r.stderr, "unreachable (HTTP 503), disallow all")
	require.Equal(t, "disallowed\t"+gone.URL+"/a\tdisallow all (unreachable)\n", r.stdout)

	// 299 is the last success (RFC 9309 2.3.1.1): its rules explained.
	odd := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(299)
		fmt.Fprint(w, "user-agent: *\ndisallow: /private\n")
	}))
	defer odd.Close()
	r = robotsdfa(t, nil, "fetch", "-explain", odd.URL+"/private/x")
	require.Equal(t, exitFound, r.code, r.stderr)
	require.Contains(t, r.stderr, "success (HTTP 299)")
	require.Equal(t, "disallowed\t"+odd.URL+"/private/x\tline 2: Disallow: /private\n", r.stdout)

	// After a redirect, the rules explained are the last URL's.
	moved := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			http.Redirect(w, r, "/moved/robots.txt", http.StatusMovedPermanently)
		case "/moved/robots.txt":
			fmt.Fprint(w, "# moved\nuser-agent: *\ndisallow: /private\n")
		}
	}))
	defer moved.Close()
	r = robotsdfa(t, nil, "fetch", "-explain", moved.URL+"/private/x")
	require.Equal(t, exitFound, r.code, r.stderr)
	require.Equal(t, "disallowed\t"+moved.URL+"/private/x\tline 3: Disallow: /private\n", r.stdout)

	r = robotsdfa(t, nil, "fetch", "-h")
	require.Contains(t, r.stdout, "redirects included (default 30s)")

	r = robotsdfa(t, nil, "fetch", "-agent", "bot", "ftp://example.com/x")
	require.Equal(t, exitProblem, r.code)
	require.Equal(t, "robotsdfa fetch: \"ftp://example.com/x\": not an http or https URL\n", r.stderr)
	r = robotsdfa(t, nil, "fetch", "example.com/x")
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "a URL names its scheme: https://example.com/x")
	// A word where check would take the agent: the hint names -agent, and
	// the URL before it is answered (for -user-agent's token: no -agent).
	r = robotsdfa(t, nil, "fetch", moved.URL+"/private/x", "googlebot")
	require.Equal(t, exitProblem, r.code)
	require.Equal(t, "disallowed\t"+moved.URL+"/private/x\n", r.stdout)
	require.Contains(t, r.stderr, `robotsdfa fetch: "googlebot": not an http or https URL (the crawler is named by -agent: robotsdfa fetch -agent googlebot URL...)`)
	r = robotsdfa(t, nil, "fetch", "-agent", "bot", "localhost")
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "a URL names its scheme: https://localhost")

	// Without -agent, the verdicts are for the crawler -user-agent names,
	// which is also the one the request named; -agent '' is the '*' groups.
	var sent atomic.Value
	named := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sent.Store(r.Header.Get("User-Agent"))
		fmt.Fprint(w, "user-agent: examplebot\ndisallow: /\n\nuser-agent: robotsdfa\ndisallow: /own\n\nuser-agent: *\nallow: /\n")
	}))
	defer named.Close()
	for _, c := range []struct {
		args   []string
		ua     string
		stdout string
		warns  bool
	}{
		{[]string{"-user-agent", "examplebot/1.0 (+https://example.com/bot)"}, "examplebot/1.0 (+https://example.com/bot)", "disallowed\t" + named.URL + "/a\ndisallowed\t" + named.URL + "/own\n", false},
		{nil, "robotsdfa/1 (+https://github.com/robotsdfa/robotsdfa)", "allowed\t" + named.URL + "/a\ndisallowed\t" + named.URL + "/own\n", false},
		{[]string{"-user-agent", "examplebot/1.0", "-agent", ""}, "examplebot/1.0", "allowed\t" + named.URL + "/a\nallowed\t" + named.URL + "/own\n", true},
		{[]string{"-user-agent", "examplebot/1.0", "-agent", "robotsdfa"}, "examplebot/1.0", "allowed\t" + named.URL + "/a\ndisallowed\t" + named.URL + "/own\n", false},
	} {
		r = robotsdfa(t, nil, append(append([]string{"fetch"}, c.args...), named.URL+"/a", named.URL+"/own")...)
		require.Equal(t, c.stdout, r.stdout, "%q: %s", c.args, r.stderr)
		require.Equal(t, c.ua, sent.Load(), "%q", c.args)
		require.Equal(t, c.warns, strings.Contains(r.stderr, "empty agent"), "%q: %s", c.args, r.stderr)
	}

	// A 429 asking for an hour is shown with its wait.
	busy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "3600")
		w.WriteHeader(429)
	}))
	defer busy.Close()
	r = robotsdfa(t, nil, "fetch", busy.URL+"/a")
	require.Equal(t, exitFound, r.code)
	require.Contains(t, r.stderr, "unreachable (HTTP 429), retry after 1h0m0s, disallow all")
}

// TestFetchPageServed: a robots.txt served with no user-agent line (a web
// page, as many sites serve for any path) is warned of as check warns of
// such a file, after a redirect too, and when a cache answers; a file with
// a group, or an origin with none (404: allow all), is not.
func TestFetchPageServed(t *testing.T) {
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			http.Redirect(w, r, "/home", http.StatusFound)
		case "/home":
			fmt.Fprint(w, "<!DOCTYPE html>\n<html><body>Welcome</body></html>\n")
		default:
			http.NotFound(w, r)
		}
	}))
	defer s.Close()
	const warning = "/robots.txt has no user-agent line; every URL is allowed\n"
	cache := t.TempDir()
	r := robotsdfa(t, nil, "fetch", "-agent", "bot", "-cache", cache, s.URL+"/a")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Equal(t, "allowed\t"+s.URL+"/a\n", r.stdout)
	require.Contains(t, r.stderr, "robotsdfa fetch: warning: "+s.URL+warning)
	r = robotsdfa(t, nil, "fetch", "-agent", "bot", "-cache", cache, s.URL+"/a")
	require.Contains(t, r.stderr, "from cache")
	require.Contains(t, r.stderr, "robotsdfa fetch: warning: "+s.URL+warning)

	for _, body := range []string{"user-agent: *\nallow: /\n", ""} {
		ok := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if body == "" {
				http.NotFound(w, r)
				return
			}
			fmt.Fprint(w, body)
		}))
		r = robotsdfa(t, nil, "fetch", "-agent", "bot", ok.URL+"/a")
		ok.Close()
		require.Equal(t, exitOK, r.code, r.stderr)
		require.NotContains(t, r.stderr, "warning", body)
	}
}

// TestFetchCacheAcrossRuns: a second run with the same -cache DIR answers
// from the first run's robots.txt without a request; with the server down,
// -refresh serves them as a stale copy.
// TestFetchCachePrune: -prune removes the entries of origins not fetched
// for the age given (so the next run fetches them again) and keeps the
// others; alone, it only prunes; it refuses a directory that is not there,
// an age it cannot read, and a run without -cache.
func TestFetchCachePrune(t *testing.T) {
	dir := t.TempDir()
	var hits atomic.Int32
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		fmt.Fprint(w, "user-agent: *\ndisallow: /private\n")
	})
	old, recent := httptest.NewServer(handler), httptest.NewServer(handler)
	defer old.Close()
	defer recent.Close()
	r := robotsdfa(t, nil, "fetch", "-agent", "bot", "-cache", dir, old.URL+"/a", recent.URL+"/a")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, int32(2), hits.Load())

	entries, err := filepath.Glob(filepath.Join(dir, "*", "*.json"))
	require.NoError(t, err)
	require.Len(t, entries, 2)
	var aged string
	for _, f := range entries {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		if strings.Contains(string(b), old.URL) {
			aged = f
			ten := time.Now().Add(-10 * 24 * time.Hour)
			require.NoError(t, os.Chtimes(f, ten, ten))
		}
	}
	require.NotEmpty(t, aged)

	r = robotsdfa(t, nil, "fetch", "-cache", dir, "-prune", "7d")
	require.Equal(t, 0, r.code, r.stderr)
	require.Empty(t, r.stdout)
	require.Regexp(t, `^robotsdfa fetch: the cache in \S+: 1 entry removed \(not fetched for 7 days\), [\d,]+ bytes freed; 1 entry kept\n$`, r.stderr)
	require.NoFileExists(t, aged)

	// The next run fetches the pruned origin again, the other from the
	// cache; -prune and URLs in one run prune first.
	r = robotsdfa(t, nil, "fetch", "-agent", "bot", "-cache", dir, "-prune", "168h", old.URL+"/a", recent.URL+"/a")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, int32(3), hits.Load())
	require.Contains(t, r.stderr, ": 0 entries removed (not fetched for 7 days), 0 bytes freed; 1 entry kept\n")
	require.Equal(t, 1, strings.Count(r.stderr, "from cache"), r.stderr)

	for _, c := range []struct{ args, want string }{
		{"-prune 7d https://a.example/", "-prune goes with -cache"},
		{"-cache " + filepath.Join(dir, "typo") + " -prune 7d", "-prune: stat "},
		{"-cache " + dir + " -prune 7", `-prune: "7" is not an age (720h, or days: 30d, 1d12h)`},
		{"-cache " + dir + " -prune -1h", `-prune: "-1h" is not an age`},
		{"-cache " + dir + " -prune 0d", `-prune: "0d" is not an age`},
		{"-cache " + dir + " -prune 213504d", `-prune: "213504d" is more than an age holds (106,751 days)`},
	} {
		r = robotsdfa(t, nil, append([]string{"fetch"}, strings.Fields(c.args)...)...)
		require.Equal(t, exitProblem, r.code, c.args)
		require.Contains(t, r.stderr, c.want, c.args)
	}
	require.NoDirExists(t, filepath.Join(dir, "typo"))

	// A file given for the cache: the library's error, its package not
	// named twice.
	file := writeTemp(t, "cache.txt", nil)
	r = robotsdfa(t, nil, "fetch", "-cache", file, old.URL+"/a")
	require.Equal(t, exitProblem, r.code)
	require.Equal(t, "robotsdfa fetch: cache directory: mkdir "+file+": not a directory\n", r.stderr)
}

// TestParseAge: -prune's ages, days up to the most a Duration holds; more
// is refused, not wrapped round to a short age that would prune the cache.
func TestParseAge(t *testing.T) {
	for s, want := range map[string]time.Duration{
		"30d": 30 * 24 * time.Hour, "720h": 720 * time.Hour, "90m": 90 * time.Minute, "1d": 24 * time.Hour,
		"106751d": 106751 * 24 * time.Hour, "1d12h": 36 * time.Hour, "0d90m": 90 * time.Minute, "2d1h30m": 49*time.Hour + 30*time.Minute,
	} {
		d, err := parseAge(s)
		require.NoError(t, err, s)
		require.Equal(t, want, d, s)
	}
	for _, s := range []string{"106752d", "213504d", "2147483647d", "2147483648d", "0d", "-1d", "0h", "-5m", "1.5d", "d", "7", "", "2562048h",
		"1d-1h", "d12h", "1d12", "1dd", "1d1d", "106751d24h", "0d0h", "+1d", " 1d"} {
		_, err := parseAge(s)
		require.Error(t, err, s)
	}
	// Past a Duration, said so, not wrapped round.
	for _, s := range []string{"106751d24h", "106752d"} {
		_, err := parseAge(s)
		require.EqualError(t, err, `"`+s+`" is more than an age holds (106,751 days)`)
	}
}

func TestFetchCacheAcrossRuns(t *testing.T) {
	dir := t.TempDir()
	hits := 0
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits++
		fmt.Fprint(w, "user-agent: *\ndisallow: /private\n")
	}))
	args := []string{"fetch", "-agent", "bot", "-cache", dir, s.URL + "/a", s.URL + "/private/x"}
	r := robotsdfa(t, nil, args...)
	require.Equal(t, exitFound, r.code, r.stderr)
	want := r.stdout
	r = robotsdfa(t, nil, args...)
	require.Equal(t, exitFound, r.code, r.stderr)
	require.Equal(t, want, r.stdout)
	require.Contains(t, r.stderr, "from cache")
	require.Equal(t, 1, hits)

	// An entry damaged on disk is fetched again, and the run says the
	// cache failed.
	entries, err := filepath.Glob(filepath.Join(dir, "*", "*.json"))
	require.NoError(t, err)
	require.Len(t, entries, 1)
	require.NoError(t, os.WriteFile(entries[0], []byte("{not json"), 0o644))
	r = robotsdfa(t, nil, args...)
	require.Equal(t, exitFound, r.code, r.stderr)
	require.Equal(t, want, r.stdout)
	require.Contains(t, r.stderr, "warning: the cache in "+dir+": ")
	require.Contains(t, r.stderr, " failed reads or writes (an entry that does not read back is fetched again")
	require.NotContains(t, r.stderr, "from cache")
	require.Equal(t, 2, hits)
	r = robotsdfa(t, nil, args...)
	require.Contains(t, r.stderr, "from cache", "the entry fetched again is kept")
	require.NotContains(t, r.stderr, "warning")
	require.Equal(t, 2, hits)

	s.Close()
	r = robotsdfa(t, nil, append([]string{"fetch", "-refresh"}, args[1:]...)...)
	require.Equal(t, exitFound, r.code, r.stderr)
	require.Equal(t, want, r.stdout)
	require.Contains(t, r.stderr, "unreachable")
	require.Contains(t, r.stderr, "stale copy from")
}

// TestFetchExplainStaleCopy: with -explain, rules served from a stale copy
// (the origin answering 503 with a page of its own) are explained from
// the copy's blob, its line and priority, and never from the page's lines.
func TestFetchExplainStaleCopy(t *testing.T) {
	dir := t.TempDir()
	var down atomic.Bool
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if down.Load() {
			w.WriteHeader(http.StatusServiceUnavailable)
			fmt.Fprint(w, "<html>\ndisallow: /down for maintenance\n</html>\n")
			return
		}
		fmt.Fprint(w, "user-agent: *\ndisallow: /private\n")
	}))
	defer s.Close()
	args := []string{"fetch", "-agent", "bot", "-cache", dir, "-explain", s.URL + "/private/x"}
	r := robotsdfa(t, nil, args...)
	require.Equal(t, exitFound, r.code, r.stderr)
	require.Equal(t, "disallowed\t"+s.URL+"/private/x\tline 2: Disallow: /private\n", r.stdout)
	down.Store(true)
	r = robotsdfa(t, nil, append([]string{"fetch", "-refresh"}, args[1:]...)...)
	require.Equal(t, exitFound, r.code, r.stderr)
	require.Contains(t, r.stderr, "stale copy from")
	require.Equal(t, "disallowed\t"+s.URL+"/private/x\tline 2: Disallow, priority 8\n", r.stdout)
}
