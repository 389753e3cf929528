package fetch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// ownFetch is a caller's own HTTP stack: it requests url, follows
// redirects itself (at most MaxRedirects+1 requests, as a crawler
// would), and gives what it got as a Response.
func ownFetch(t *testing.T, url string) Response {
	t.Helper()
	hc := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }, Timeout: 2 * time.Second}
	r := Response{URL: url}
	target := url
	for hop := 0; ; hop++ {
		resp, err := hc.Get(target)
		if err != nil {
			r.Err = err
			return r
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		r.StatusCode, r.Header, r.Body, r.Err = resp.StatusCode, resp.Header, body, err
		if !isRedirect(resp.StatusCode, resp.Header.Get("Location")) || hop == MaxRedirects {
			return r
		}
		loc, err := resp.Location()
		require.NoError(t, err)
		target = loc.String()
		r.Redirects = append(r.Redirects, target)
	}
}

// TestFromResponseAsGet (google): every kind of answer, fetched by the
// Client's Get and by a caller's own HTTP stack handed to FromResponse,
// gives the same Outcome and the same verdicts.
func TestFromResponseAsGet(t *testing.T) {
	big := "user-agent: *\ndisallow: /private\n" + strings.Repeat("# filler\n", 100)
	hop := func(w http.ResponseWriter, r *http.Request) {
		var n int
		fmt.Sscanf(r.URL.Path, "/hop%d", &n)
		if r.URL.Path == "/robots.txt" || n < 3 {
			http.Redirect(w, r, fmt.Sprintf("/hop%d", n+1), http.StatusMovedPermanently)
			return
		}
		fmt.Fprint(w, robotsBody)
	}
	for name, h := range map[string]http.HandlerFunc{
		"200": body(robotsBody),
		"200 max-age": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Cache-Control", "max-age=7200")
			fmt.Fprint(w, robotsBody)
		},
		"200 over MaxBytes": body(big),
		"404":               status(404),
		"500":               status(500),
		"429 Retry-After": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Retry-After", "3600")
			w.WriteHeader(429)
		},
		"503 Retry-After date": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Retry-After", time.Date(2026, 11, 22, 14, 0, 0, 0, time.UTC).Format(http.TimeFormat))
			w.WriteHeader(503)
		},
		"three redirects": hop,
		"a redirect loop": func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/robots.txt", http.StatusFound) },
	} {
		t.Run(name, func(t *testing.T) {
			s := newServer(t, h)
			got, _ := newClient()
			got.MaxBytes = 64
			want, _ := newClient()
			want.MaxBytes = 64
			wantRobots, wantOut, err := want.Get(context.Background(), s.URL+"/x")
			require.NoError(t, err)
			robots, out, err := got.FromResponse(context.Background(), ownFetch(t, s.URL+"/robots.txt"))
			require.NoError(t, err)
			require.Equal(t, errString(wantOut.Err), errString(out.Err))
			wantOut.Err, out.Err = nil, nil
			require.Equal(t, wantOut, out)
			for _, path := range []string{"/private/x", "/public"} {
				require.Equal(t, wantRobots.Agent("examplebot").Allowed(s.URL+path), robots.Agent("examplebot").Allowed(s.URL+path), path)
			}
			// Stored as Get stores it: the next Get answers from the cache.
			before := s.requests.Load()
			_, cached, err := got.Get(context.Background(), s.URL+"/y")
			require.NoError(t, err)
			require.True(t, cached.FromCache)
			require.Equal(t, before, s.requests.Load())
		})
	}
}

func errString(err *Error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestFromResponseErrors: a redirect short of the limit is not an answer;
// no response at all makes the origin unreachable (RFC 9309 section
// 2.3.1.4: disallow all); a URL without an http(s) origin is refused.
func TestFromResponseErrors(t *testing.T) {
	c, clk := newClient()
	redirect := Response{URL: "https://example.com/robots.txt", StatusCode: 301, Header: http.Header{"Location": {"https://www.example.com/robots.txt"}}}
	_, _, err := c.FromResponse(context.Background(), redirect)
	require.ErrorIs(t, err, ErrNotFinal)
	relative := Response{URL: "https://example.com/robots.txt", Redirects: []string{"https://b.example/x/robots.txt"}, StatusCode: 302, Header: http.Header{"Location": {"y/robots.txt"}}}
	_, _, err = c.FromResponse(context.Background(), relative)
	require.ErrorIs(t, err, ErrNotFinal, "a relative Location is followed from the last URL")

	// A redirect that cannot be followed is final: unavailable, as Get
	// finds it (TestRedirectNotFollowable).
	for _, loc := range []string{"ftp://example.com/robots.txt", "https://%zz/", "mailto:a@example.com"} {
		stuck := Response{URL: "https://stuck.example/robots.txt", Redirects: []string{"https://b.example/robots.txt"}, StatusCode: 301, Header: http.Header{"Location": {loc}}}
		r, out, err := c.FromResponse(context.Background(), stuck)
		require.NoError(t, err, loc)
		require.Equal(t, Unavailable, out.Status, loc)
		require.Equal(t, ErrRedirect, out.Err.Class, loc)
		require.Equal(t, 301, out.HTTPStatus, loc)
		require.Equal(t, stuck.Redirects, out.Redirects, loc)
		require.True(t, r.Agent("examplebot").Allowed("https://stuck.example/private"), loc)
	}

	down := errors.New("connection refused")
	r, out, err := c.FromResponse(context.Background(), Response{URL: "https://example.com/robots.txt", Err: down})
	require.NoError(t, err)
	require.Equal(t, Unreachable, out.Status)
	require.Equal(t, &Error{ErrNetwork, "connection refused"}, out.Err)
	require.Equal(t, "disallow all", out.Rules)
	require.Equal(t, clk.now().Add(DefaultRetryUnreachable), out.ExpiresAt)
	require.False(t, r.Agent("examplebot").Allowed("https://example.com/"))

	cut := Response{URL: "https://cut.example/robots.txt", StatusCode: 200, Body: []byte("user-agent: *\ndis"), Err: io.ErrUnexpectedEOF}
	_, out, err = c.FromResponse(context.Background(), cut)
	require.NoError(t, err)
	require.Equal(t, Unreachable, out.Status)
	require.Equal(t, int64(17), out.Bytes)
	require.Equal(t, &Error{ErrBody, "unexpected EOF"}, out.Err)
	// A stack that reports the cut as a plain io.EOF: the log still says
	// the body was cut, not "EOF", which reads as a body read to its end.
	cut.URL, cut.Err = "https://cut2.example/robots.txt", io.EOF
	_, out, err = c.FromResponse(context.Background(), cut)
	require.NoError(t, err)
	require.Equal(t, Unreachable, out.Status)
	require.Equal(t, &Error{ErrBody, "unexpected EOF"}, out.Err)

	// A stack that followed more redirects than Get would: Get would have
	// stopped at the sixth, unavailable (allow all).
	long := Response{URL: "https://long.example/robots.txt", StatusCode: 200, Body: []byte("user-agent: *\ndisallow: /\n")}
	for i := range MaxRedirects + 1 {
		long.Redirects = append(long.Redirects, fmt.Sprintf("https://long.example/hop%d", i))
	}
	r, out, err = c.FromResponse(context.Background(), long)
	require.NoError(t, err)
	require.Equal(t, Unavailable, out.Status)
	require.Equal(t, "allow all", out.Rules)
	require.True(t, r.Agent("examplebot").Allowed("https://long.example/x"))
	long.Redirects = long.Redirects[:MaxRedirects]
	_, out, err = c.FromResponse(context.Background(), long)
	require.NoError(t, err)
	require.Equal(t, Success, out.Status, "five redirects are followed")

	_, _, err = c.FromResponse(context.Background(), Response{URL: "example.com/robots.txt", StatusCode: 200})
	require.Error(t, err)
}

// TestRetryAfter (rfc: RFC 9309 section 2.3.1.4 lets a crawler choose
// when to retry; RFC 9110 section 10.2.3's Retry-After says when the
// server asks for): a 429 or 503 is kept for the time its Retry-After
// asks, in seconds or as a date, within [MinTTL, MaxRetryAfter]; other
// 5xx, or an unreadable value, for RetryUnreachable. Nothing is fetched
// again before that time, and the next fetch is made after it.
func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		code      int
		value     string
		wait, ask time.Duration
	}{
		{429, "3600", time.Hour, time.Hour},
		{503, "7200", 2 * time.Hour, 2 * time.Hour},
		{503, now.Add(90 * time.Minute).Format(http.TimeFormat), 90 * time.Minute, 90 * time.Minute},
		{429, "5", DefaultMinTTL, 5 * time.Second},
		{429, "31536000", DefaultMaxRetryAfter, 365 * 24 * time.Hour},
		{503, now.Add(-time.Hour).Format(http.TimeFormat), DefaultMinTTL, -time.Hour},
		{500, "3600", DefaultRetryUnreachable, 0},
		{429, "soon", DefaultRetryUnreachable, 0},
		{429, "-5", DefaultRetryUnreachable, 0},
	} {
		t.Run(fmt.Sprintf("%d %s", c.code, c.value), func(t *testing.T) {
			s := newServer(t, func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Retry-After", c.value)
				w.WriteHeader(c.code)
			})
			cl, clk := newClient()
			_, _, out := verdicts(t, cl, s.URL)
			require.Equal(t, Unreachable, out.Status)
			require.Equal(t, c.ask, out.RetryAfter)
			require.Equal(t, now.Add(c.wait), out.ExpiresAt)
			clk.advance(c.wait - time.Second)
			verdicts(t, cl, s.URL)
			require.Equal(t, int64(1), s.requests.Load(), "fetched again before the time asked")
			clk.advance(time.Second)
			verdicts(t, cl, s.URL)
			require.Equal(t, int64(2), s.requests.Load())
		})
	}
}

// TestFromResponseEdges: a body of exactly MaxBytes is whole, one byte
// more is truncated; responses are counted by status class, 1xx to 5xx,
// and anything else at 0.
func TestFromResponseEdges(t *testing.T) {
	c, _ := newClient()
	c.MaxBytes = 26
	body := []byte("user-agent: *\ndisallow: /\n") // 26 bytes
	for _, extra := range []int{0, 1} {
		b := append(append([]byte(nil), body...), []byte("#")[:extra]...)
		_, out, err := c.FromResponse(context.Background(), Response{URL: fmt.Sprintf("https://e%d.example/robots.txt", extra), StatusCode: 200, Body: b})
		require.NoError(t, err)
		require.Equal(t, extra == 1, out.Truncated)
		require.Equal(t, int64(26), out.Bytes)
	}
	c, _ = newClient()
	for i, code := range []int{99, 100, 199, 200, 299, 404, 500, 599, 600} {
		_, _, err := c.FromResponse(context.Background(), Response{URL: fmt.Sprintf("https://s%d.example/robots.txt", i), StatusCode: code})
		require.NoError(t, err)
	}
	require.Equal(t, [6]int64{2, 2, 2, 0, 1, 2}, c.Stats().Responses)
}
