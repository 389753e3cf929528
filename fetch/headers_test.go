package fetch

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestParseMaxAge: Cache-Control's max-age in seconds (RFC 9111 section
// 5.2.2.1), a delta-seconds of 2^31 or more or an unreadable one ignored
// (-1), no-store and no-cache as 0 wherever they stand.
func TestParseMaxAge(t *testing.T) {
	for _, c := range []struct {
		values []string
		want   time.Duration
	}{
		{nil, -1},
		{[]string{"max-age=0"}, 0},
		{[]string{"max-age=60"}, time.Minute},
		{[]string{`max-age="60"`}, time.Minute},
		{[]string{"public, Max-Age=60"}, time.Minute},
		{[]string{"max-age=2147483647"}, 2147483647 * time.Second},
		{[]string{"max-age=2147483648"}, -1},
		{[]string{"max-age=-1"}, -1},
		{[]string{"max-age=soon"}, -1},
		{[]string{"max-age=60", "no-cache"}, 0},
		{[]string{"No-Store, max-age=60"}, 0},
		{[]string{"private"}, -1},
	} {
		require.Equal(t, c.want, parseMaxAge(c.values), "%q", c.values)
	}
}

// TestIsRedirect: a 3xx other than 304 with a Location is followed (RFC
// 9309 section 2.3.1.2); nothing else is.
func TestIsRedirect(t *testing.T) {
	for code, want := range map[int]bool{299: false, 300: true, 301: true, 304: false, 308: true, 399: true, 400: false} {
		require.Equal(t, want, isRedirect(code, "/elsewhere"), "%d", code)
	}
	require.False(t, isRedirect(301, ""), "no Location")

	// A 3xx that is not followed is no answer: unavailable, allow all.
	for _, code := range []int{300, 301} {
		s := newServer(t, status(code))
		c, _ := newClient()
		_, out, err := c.Get(context.Background(), s.URL+"/")
		require.NoError(t, err)
		require.Equal(t, Unavailable, out.Status, "%d", code)
		require.Equal(t, code, out.HTTPStatus)
	}
}

// TestDefaults (rfc): a zero Client's limits, written out rather than read
// from the constants: a success cached a day (RFC 9309 section 2.4: not
// more than 24 hours), an unreachable origin's last copy served for 30
// days (section 2.3.1.4), five redirects followed (section 2.3.1.2).
func TestDefaults(t *testing.T) {
	c := &Client{}
	c.init()
	require.Equal(t, 30*time.Second, c.Timeout)
	require.Equal(t, 24*time.Hour, c.TTL)
	require.Equal(t, time.Minute, c.MinTTL)
	require.Equal(t, 7*24*time.Hour, c.MaxTTL)
	require.Equal(t, 5*time.Minute, c.RetryUnreachable)
	require.Equal(t, 24*time.Hour, c.MaxRetryAfter)
	require.Equal(t, 30*24*time.Hour, c.StaleFor)
	require.Equal(t, 5, MaxRedirects)
}

// TestOutcomeString: the one-line summary, every part of it.
func TestOutcomeString(t *testing.T) {
	at := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	times := ", fetched 2026-11-01T00:00:00Z, expires 2026-11-02T00:00:00Z"
	require.Equal(t, "https://example.com/robots.txt: success (HTTP 200), robots.txt, 120 bytes"+times, Outcome{
		Origin: "https://example.com", Status: Success, HTTPStatus: 200, Rules: "robots.txt", Bytes: 120,
		FetchedAt: at, ExpiresAt: at.Add(24 * time.Hour),
	}.String())
	require.Equal(t, "https://example.com/robots.txt: unreachable (HTTP 503) (status: busy), retry after 1h0m0s, "+
		"robots.txt, 2 redirect(s): https://a.example/robots.txt -> https://b.example/robots.txt, 600 bytes (truncated), "+
		"stale copy from 2026-10-01T00:00:00Z, not modified, from cache"+times, Outcome{
		Origin: "https://example.com", Status: Unreachable, HTTPStatus: 503, Err: &Error{ErrStatus, "busy"},
		RetryAfter: time.Hour, Rules: "robots.txt", Redirects: []string{"https://a.example/robots.txt", "https://b.example/robots.txt"},
		Bytes: 600, Truncated: true, Stale: true, GoodAt: at.AddDate(0, -1, 0), NotModified: true, FromCache: true,
		FetchedAt: at, ExpiresAt: at.Add(24 * time.Hour),
	}.String())
	// An Outcome no fetch filled in does not read as a success.
	require.Equal(t, "Status(0)", Outcome{}.Status.String())
	require.Equal(t, []string{"success", "unavailable", "unreachable"}, []string{Success.String(), Unavailable.String(), Unreachable.String()})
}
