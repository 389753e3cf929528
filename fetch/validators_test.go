package fetch

import (
	"fmt"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestConditionalRefetch (rfc: RFC 9110 section 13.1's validators; RFC
// 9309 section 2.4's caching): a robots.txt served with an ETag or a
// Last-Modified is fetched again, once expired, with If-None-Match or
// If-Modified-Since; a 304 keeps the rules held, renews their expiry
// (from the 304's own max-age) and downloads nothing. A changed file is
// taken whole.
func TestConditionalRefetch(t *testing.T) {
	const lastModified = "Sun, 22 Nov 2026 10:00:00 GMT"
	for _, c := range []struct {
		name, header, value, condition string
	}{
		{"etag", "ETag", `"v1"`, "If-None-Match"},
		{"last-modified", "Last-Modified", lastModified, "If-Modified-Since"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var bodies, notModified atomic.Int64
			var changed atomic.Bool
			s := newServer(t, func(w http.ResponseWriter, r *http.Request) {
				if !changed.Load() && r.Header.Get(c.condition) == c.value {
					w.Header().Set("Cache-Control", "max-age=7200")
					w.WriteHeader(http.StatusNotModified)
					notModified.Add(1)
					return
				}
				bodies.Add(1)
				w.Header().Set(c.header, c.value)
				if changed.Load() {
					fmt.Fprint(w, "user-agent: *\ndisallow: /public\n")
					return
				}
				fmt.Fprint(w, robotsBody)
			})
			cl, clk := newClient()
			private, public, out := verdicts(t, cl, s.URL)
			require.False(t, private)
			require.True(t, public)
			require.Equal(t, c.value, map[string]string{"ETag": out.ETag, "Last-Modified": out.LastModified}[c.header])

			clk.advance(DefaultTTL)
			private, public, out = verdicts(t, cl, s.URL)
			require.Equal(t, int64(1), bodies.Load(), "the unchanged file is not downloaded again")
			require.Equal(t, int64(1), notModified.Load())
			require.False(t, private)
			require.True(t, public)
			require.True(t, out.NotModified)
			require.Equal(t, Success, out.Status)
			require.Equal(t, "robots.txt", out.Rules)
			require.Equal(t, int64(0), out.Bytes)
			require.Equal(t, clk.now(), out.GoodAt)
			require.Equal(t, clk.now().Add(2*time.Hour), out.ExpiresAt, "the 304's max-age")
			require.Contains(t, out.String(), "not modified")

			clk.advance(2 * time.Hour)
			changed.Store(true)
			private, public, out = verdicts(t, cl, s.URL)
			require.Equal(t, int64(2), bodies.Load())
			require.False(t, out.NotModified)
			require.True(t, private)
			require.False(t, public)
		})
	}
}

// TestNotModifiedUnasked: a 304 to a request that was not conditional
// (nothing held) is no robots.txt: unavailable, everything allowed. Its
// validators validate nothing: the next fetch asks unconditionally.
func TestNotModifiedUnasked(t *testing.T) {
	var conditional atomic.Int64
	s := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("If-None-Match") != "" || r.Header.Get("If-Modified-Since") != "" {
			conditional.Add(1)
		}
		w.Header().Set("ETag", `"v1"`)
		w.Header().Set("Last-Modified", "Sun, 22 Nov 2026 10:00:00 GMT")
		w.WriteHeader(http.StatusNotModified)
	})
	c, clk := newClient()
	for range 2 {
		private, public, out := verdicts(t, c, s.URL)
		require.True(t, private && public)
		require.Equal(t, Unavailable, out.Status)
		require.False(t, out.NotModified)
		clk.advance(DefaultTTL)
	}
	require.Equal(t, int64(2), s.requests.Load())
	require.Zero(t, conditional.Load())
}

// TestConditionalFromStaleCopy: while an origin is unreachable its stale
// copy keeps its validators, and the fetch that finds it back is
// conditional.
func TestConditionalFromStaleCopy(t *testing.T) {
	var down atomic.Bool
	var conditional atomic.Int64
	s := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		if down.Load() {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		if r.Header.Get("If-None-Match") == `"v1"` {
			conditional.Add(1)
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Header().Set("ETag", `"v1"`)
		fmt.Fprint(w, robotsBody)
	})
	c, clk := newClient()
	verdicts(t, c, s.URL)
	clk.advance(DefaultTTL)
	down.Store(true)
	private, _, out := verdicts(t, c, s.URL)
	require.True(t, out.Stale)
	require.False(t, private)
	clk.advance(DefaultRetryUnreachable)
	down.Store(false)
	private, _, out = verdicts(t, c, s.URL)
	require.Equal(t, int64(1), conditional.Load())
	require.True(t, out.NotModified)
	require.False(t, out.Stale)
	require.False(t, private)
}

// TestNotModifiedRenewsValidators (rfc: RFC 9110 section 15.4.5, a 304
// carries the validators a 200 would have; section 13.1): a 304 without
// a validator keeps the one held, and a 304 with a new one replaces it,
// so the next conditional request sends the server's latest.
func TestNotModifiedRenewsValidators(t *testing.T) {
	for _, c := range []struct{ header, condition, v1, v2 string }{
		{"ETag", "If-None-Match", `"v1"`, `"v2"`},
		{"Last-Modified", "If-Modified-Since", "Sun, 22 Nov 2026 10:00:00 GMT", "Mon, 23 Nov 2026 10:00:00 GMT"},
	} {
		t.Run(c.header, func(t *testing.T) {
			var sent []string
			var step atomic.Int64
			s := newServer(t, func(w http.ResponseWriter, r *http.Request) {
				sent = append(sent, r.Header.Get(c.condition))
				switch step.Add(1) {
				case 1:
					w.Header().Set(c.header, c.v1)
					fmt.Fprint(w, robotsBody)
				case 2:
					w.WriteHeader(http.StatusNotModified)
				default:
					w.Header().Set(c.header, c.v2)
					w.WriteHeader(http.StatusNotModified)
				}
			})
			cl, clk := newClient()
			held := func(out Outcome) string {
				return map[string]string{"ETag": out.ETag, "Last-Modified": out.LastModified}[c.header]
			}
			_, _, out := verdicts(t, cl, s.URL)
			require.Equal(t, c.v1, held(out))
			for _, want := range []string{c.v1, c.v2, c.v2} {
				clk.advance(DefaultTTL)
				private, _, out := verdicts(t, cl, s.URL)
				require.True(t, out.NotModified)
				require.False(t, private, "the rules held are kept")
				require.Equal(t, want, held(out))
			}
			require.Equal(t, []string{"", c.v1, c.v1, c.v2}, sent)
		})
	}
}
