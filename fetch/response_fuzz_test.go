package fetch

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/robotsdfa/robotsdfa/compile"
)

// fuzzMaxBytes is the Client's body limit in FuzzResponse: small, so that
// the fuzzer's bodies are cut often.
const fuzzMaxBytes = 64

// FuzzResponse: a robots.txt response is a server's bytes (its status,
// headers and body), read by the code Get's requests go through
// (classify, settle). Any response, after a good fetch or none, gives
// ErrNotFinal (a redirect that can still be followed) or the rules RFC
// 9309 and Google say: the body's (cut at MaxBytes) for a 2xx, allow all
// for a 4xx or too many redirects, disallow all or the last good copy for
// a 429, a 5xx or no response, and the held copy for a 304 to its
// validators. Whatever its Cache-Control or Retry-After, the answer
// expires within the Client's bounds, after it was fetched; and the
// cache then gives the same verdicts without a request.
func FuzzResponse(f *testing.F) {
	for _, seed := range []struct {
		prior   bool
		status  int
		redirs  uint8
		headers string
		body    string
		path    string
	}{
		{false, 200, 0, "Cache-Control: max-age=600", "user-agent: *\ndisallow: /p\n", "/p/x"},
		{true, 200, 1, "ETag: \"b\"", "user-agent: bot\nallow: /p\ndisallow: /\n", "/p"},
		{true, 304, 0, "ETag: \"a\"", "", "/private"},
		{false, 304, 0, "", "", "/"},
		{true, 503, 0, "Retry-After: 120", "", "/private"},
		{false, 503, 0, "Retry-After: Wed, 21 Oct 2015 07:28:00 GMT", "", "/"},
		{false, 429, 2, "Retry-After: 99999999999", "", "/"},
		{true, 500, 0, "Cache-Control: no-store", "", "/x"},
		{false, 404, 0, "Cache-Control: max-age=-5, max-age=\"7\"", "", "/"},
		{false, 301, 0, "Location: /moved/robots.txt", "", "/"},
		{false, 302, 5, "Location: https://example.com/next", "", "/"},
		{false, 307, 0, "Location: ftp://example.com/robots.txt", "", "/"},
		{false, 308, 6, "", "", "/"},
		{true, 0, 0, "", "", "/private/x"},
		{false, 0, 7, "", "", "/"},
		{false, 200, 0, "", strings.Repeat("disallow: /a\n", 10) + "user-agent: *\ndisallow: /b", "/b"},
		{false, -1, 0, "X: y\n: \nno colon", "user-agent: *\ndisallow: /", "/"},
		{false, 1000, 0, "", "", "/"},
		{false, 300, 0, "", "user-agent: *\ndisallow: /", "/"},
		{false, 200, 5, "Cache-Control: max-age=0", "user-agent: *\ndisallow: /", "/"},
		{false, 200, 0, "Cache-Control: max-age=1209600", strings.Repeat("#", fuzzMaxBytes-14) + "\ndisallow: /x\n", "/x"},
		{true, 500, 0, "Retry-After: 120", "", "/private"},
		{false, 429, 0, "Retry-After: 30", "", "/"},
		{false, 503, 3, "Retry-After: 86401", "", "/"},
		{false, 503, 0, "Retry-After: 2147483648", "", "/"},
		{false, 503, 0, "Retry-After: 0", "", "/"},
		{false, 200, 0, "Cache-Control: max-age=2147483648", "", "/"},
		{false, 429, 0, "Retry-After: Wed, 21 Oct 2099 07:28:00 GMT", "", "/"},
		{false, 503, 0, "Retry-After: Sun, 29 Nov 2026 12:10:00 GMT", "", "/"},
		{false, 300, 0, "Location: /x", "", "/"},
		{false, 400, 0, "Location: /x", "", "/"},
		{false, 301, 2, "Location: /next", "", "/"},
	} {
		f.Add(seed.prior, seed.status, seed.redirs, seed.headers, []byte(seed.body), seed.path)
	}
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	const origin = "https://example.com"
	priorBody := []byte("user-agent: *\ndisallow: /private\n")
	f.Fuzz(func(t *testing.T, prior bool, status int, redirs uint8, headers string, body []byte, path string) {
		if !strings.HasPrefix(path, "/") {
			path = "/" + path
		}
		url := origin + path
		c := &Client{
			MaxBytes: fuzzMaxBytes,
			Now:      func() time.Time { return now },
			HTTP: &http.Client{Transport: roundTripper(func(r *http.Request) (*http.Response, error) {
				t.Errorf("a request for %s: the answer is cached", r.URL)
				return nil, errors.New("no request")
			})},
		}
		ctx := context.Background()
		if prior {
			_, out, err := c.FromResponse(ctx, Response{URL: origin + "/robots.txt", StatusCode: 200,
				Header: http.Header{"Etag": {`"a"`}}, Body: priorBody})
			if err != nil || out.Status != Success {
				t.Fatalf("the good fetch: %v %v", out.Status, err)
			}
		}
		resp := Response{URL: origin + "/robots.txt", StatusCode: status, Header: http.Header{}, Body: body}
		for line := range strings.SplitSeq(headers, "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok {
				resp.Header.Add(strings.TrimSpace(k), strings.TrimSpace(v))
			}
		}
		for i := range int(redirs % 8) {
			resp.Redirects = append(resp.Redirects, fmt.Sprintf("%s/r%d", origin, i))
		}
		r, out, err := c.FromResponse(ctx, resp)
		location := resp.Header.Get("Location")
		redirect := status >= 300 && status < 400 && status != http.StatusNotModified && location != ""
		followable := redirect && len(resp.Redirects) < MaxRedirects
		if followable && simplePath(location) && !errors.Is(err, ErrNotFinal) {
			t.Fatalf("a %d to %q after %d redirects: %v, %v; want ErrNotFinal", status, location, len(resp.Redirects), out.Status, err)
		}
		if errors.Is(err, ErrNotFinal) {
			if !followable {
				t.Fatalf("ErrNotFinal for a %d, Location %q, after %d redirects", status, location, len(resp.Redirects))
			}
			return
		}
		if err != nil {
			t.Fatalf("%d: %v", status, err)
		}

		// The rules the status class gives.
		var want []byte // nil: allow all
		switch {
		case status == 0: // no response, whatever the redirects before
			requireStatus(t, out, Unreachable)
			want = []byte("user-agent: *\ndisallow: /")
			if prior {
				want = priorBody
			}
		case len(resp.Redirects) > MaxRedirects || redirect:
			requireStatus(t, out, Unavailable)
		case status >= 200 && status < 300:
			requireStatus(t, out, Success)
			want = body[:min(len(body), fuzzMaxBytes)]
			if out.Truncated != (len(body) > fuzzMaxBytes) || out.Bytes != int64(len(want)) {
				t.Fatalf("%d bytes read as %d, truncated %v", len(body), out.Bytes, out.Truncated)
			}
		case status == http.StatusNotModified && prior:
			requireStatus(t, out, Success)
			want = priorBody
		case status == http.StatusTooManyRequests || status >= 500:
			requireStatus(t, out, Unreachable)
			want = []byte("user-agent: *\ndisallow: /")
			if prior {
				want = priorBody
			}
		default:
			requireStatus(t, out, Unavailable)
		}
		expect := compile.Compile(want, compile.Options{MaxBytes: fuzzMaxBytes}).Agent("bot").Allowed(url)
		if got := r.Agent("bot").Allowed(url); got != expect {
			t.Fatalf("%d (%s, %s): %s allowed %v, want %v", status, out.Status, out.Rules, url, got, expect)
		}

		// An expiry within the bounds, whatever the headers asked.
		if !out.FetchedAt.Equal(now) {
			t.Fatalf("fetched at %v, not now", out.FetchedAt)
		}
		redirected := len(resp.Redirects) > MaxRedirects || redirect
		if lo, hi := wantTTL(out.Status, status, redirected, resp.Header, now); out.ExpiresAt.Before(now.Add(lo)) || out.ExpiresAt.After(now.Add(hi)) {
			t.Fatalf("%d (%s) %q: expires in %v, want [%v, %v]", status, out.Status, headers, out.ExpiresAt.Sub(now), lo, hi)
		}

		// The cache answers alike, without a request.
		ok, cached, err := c.Allowed(ctx, url, "bot")
		if err != nil || ok != expect || !cached.FromCache || cached.Status != out.Status {
			t.Fatalf("from the cache: %v (%s, cached %v), %v; want %v (%s)", ok, cached.Status, cached.FromCache, err, expect, out.Status)
		}
	})
}

// simplePath reports whether a Location is a path that any base resolves.
func simplePath(location string) bool {
	if !strings.HasPrefix(location, "/") || strings.HasPrefix(location, "//") {
		return false
	}
	for _, b := range []byte(location) {
		if !('a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || strings.IndexByte("/._-", b) >= 0) {
			return false
		}
	}
	return true
}

// wantTTL is how long an answer of status class st to an HTTP status
// (redirected: too many redirects or one that cannot be followed) with
// header h is kept: exactly, when h says it plainly, else within bounds.
func wantTTL(st Status, status int, redirected bool, h http.Header, now time.Time) (lo, hi time.Duration) {
	switch {
	case st == Unreachable && status != http.StatusTooManyRequests && status != http.StatusServiceUnavailable:
		return DefaultRetryUnreachable, DefaultRetryUnreachable
	case st == Unreachable:
		return headerTTL(h.Values("Retry-After"), "", true, DefaultRetryUnreachable, DefaultMaxRetryAfter, now)
	case redirected:
		return DefaultTTL, DefaultTTL
	}
	return headerTTL(h.Values("Cache-Control"), "max-age=", false, DefaultTTL, DefaultMaxTTL, now)
}

// headerTTL is the expiry a header's values vs ask: a number of seconds
// after prefix (or, with date, an HTTP date), within [DefaultMinTTL, hi];
// exactly def when there is none or it is too large; within the bounds
// when it cannot be read plainly.
func headerTTL(vs []string, prefix string, date bool, def, hi time.Duration, now time.Time) (time.Duration, time.Duration) {
	exactly := func(d time.Duration) (time.Duration, time.Duration) {
		d = min(max(d, DefaultMinTTL), hi)
		return d, d
	}
	switch {
	case len(vs) == 0:
		return def, def
	case len(vs) > 1:
		return DefaultMinTTL, hi
	}
	if n, ok := seconds(vs[0], prefix); ok && n >= 1<<31 {
		return def, def
	} else if ok {
		return exactly(time.Duration(n) * time.Second)
	}
	if at, err := http.ParseTime(vs[0]); date && err == nil {
		return exactly(at.Sub(now))
	}
	return DefaultMinTTL, hi
}

// seconds reads a header value that is prefix and a number of seconds as
// RFC 9110 writes it (digits only), of ten digits at most.
func seconds(v, prefix string) (int64, bool) {
	digits, ok := strings.CutPrefix(v, prefix)
	if !ok || digits == "" || len(digits) > 10 || strings.Trim(digits, "0123456789") != "" {
		return 0, false
	}
	var n int64
	for _, b := range []byte(digits) {
		n = n*10 + int64(b-'0')
	}
	return n, true
}

func requireStatus(t *testing.T, out Outcome, want Status) {
	t.Helper()
	if out.Status != want {
		t.Fatalf("HTTP %d: %s, want %s (%v)", out.HTTPStatus, out.Status, want, out.Err)
	}
}
