package fetch

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"net"
	"net/http"
	"net/http/httptest"
	goruntime "runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/stretchr/testify/require"
)

// The rows of SEMANTICS section 6, each against real HTTP servers on
// loopback.

const robotsBody = "user-agent: *\ndisallow: /private\n"

// server is an httptest server whose /robots.txt handler can change, and
// which counts the requests it gets.
type server struct {
	*httptest.Server
	requests atomic.Int64
	mu       sync.Mutex
	handler  http.HandlerFunc
}

func newServer(t *testing.T, h http.HandlerFunc) *server {
	s := &server{handler: h}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.requests.Add(1)
		s.mu.Lock()
		h := s.handler
		s.mu.Unlock()
		h(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *server) set(h http.HandlerFunc) { s.mu.Lock(); s.handler = h; s.mu.Unlock() }

func body(b string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, b) }
}

func status(code int) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(code) }
}

// clock is a settable Now.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time          { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) advance(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

func newClient() (*Client, *clock) {
	clk := &clock{t: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}
	return &Client{Now: clk.now, Timeout: 2 * time.Second}, clk
}

// verdicts checks /private and /public on the server's origin.
func verdicts(t *testing.T, c *Client, base string) (private, public bool, out Outcome) {
	t.Helper()
	r, out, err := c.Get(context.Background(), base+"/private/x")
	require.NoError(t, err)
	m := r.Agent("examplebot")
	return m.Allowed(base + "/private/x"), m.Allowed(base + "/public"), out
}

func TestSuccess(t *testing.T) {
	s := newServer(t, body(robotsBody))
	c, clk := newClient()
	private, public, out := verdicts(t, c, s.URL)
	require.False(t, private)
	require.True(t, public)
	require.Equal(t, Success, out.Status)
	require.Equal(t, 200, out.HTTPStatus)
	require.Equal(t, int64(len(robotsBody)), out.Bytes)
	require.Equal(t, "robots.txt", out.Rules)
	require.Equal(t, clk.now().Add(DefaultTTL), out.ExpiresAt)
	require.False(t, out.FromCache)
	require.Equal(t, s.URL+"/robots.txt", out.Origin.RobotsURL())
}

func TestBodyOverMaxBytes(t *testing.T) {
	long := "user-agent: *\ndisallow: /first\n" + strings.Repeat("# padding\n", 20) + "disallow: /private\n"
	s := newServer(t, body(long))
	c, _ := newClient()
	c.MaxBytes = 100
	r, out, err := c.Get(context.Background(), s.URL+"/")
	require.NoError(t, err)
	require.Equal(t, Success, out.Status)
	require.True(t, out.Truncated)
	require.Equal(t, int64(100), out.Bytes)
	m := r.Agent("bot")
	require.False(t, m.Allowed(s.URL+"/first"))
	require.True(t, m.Allowed(s.URL+"/private"), "a rule past MaxBytes is not read")

	// A body of exactly MaxBytes, and one byte over.
	for _, extra := range []int{0, 1} {
		c, _ := newClient()
		c.MaxBytes = len(long) - extra
		_, out, err := c.Get(context.Background(), s.URL+"/")
		require.NoError(t, err)
		require.Equal(t, extra == 1, out.Truncated, "MaxBytes %d, body %d", c.MaxBytes, len(long))
		require.Equal(t, int64(c.MaxBytes), out.Bytes)
	}
}

// TestMaxBytesPastBodies: a MaxBytes of math.MaxInt (for "all of it"; past
// compile.MaxBodyBytes where int has 64 bits) reads the body as NoLimit
// does, up to MaxBodyBytes.
func TestMaxBytesPastBodies(t *testing.T) {
	s := newServer(t, body(robotsBody))
	for _, maxBytes := range []int{math.MaxInt, compile.NoLimit} {
		c, _ := newClient()
		c.MaxBytes = maxBytes
		private, public, out := verdicts(t, c, s.URL)
		require.Equal(t, Success, out.Status, "MaxBytes %d", maxBytes)
		require.Equal(t, int64(len(robotsBody)), out.Bytes, "MaxBytes %d", maxBytes)
		require.False(t, private, "MaxBytes %d", maxBytes)
		require.True(t, public, "MaxBytes %d", maxBytes)
	}
}

// A redirect to another server (a plain net/http server started here):
// its body applies to the original origin.
func TestRedirectAcrossServers(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	var plainHits atomic.Int64
	plain := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		plainHits.Add(1)
		fmt.Fprint(w, robotsBody)
	})}
	go plain.Serve(ln)
	t.Cleanup(func() { plain.Close() })
	target := "http://" + ln.Addr().String() + "/moved/robots.txt"
	s := newServer(t, func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, target, http.StatusMovedPermanently) })
	c, _ := newClient()
	private, public, out := verdicts(t, c, s.URL)
	require.False(t, private)
	require.True(t, public)
	require.Equal(t, Success, out.Status)
	require.Equal(t, []string{target}, out.Redirects)
	require.Equal(t, int64(1), plainHits.Load())
	require.True(t, strings.HasPrefix(string(out.Origin), s.URL), "rules apply to the original origin")
}

func TestRedirectLimits(t *testing.T) {
	// A loop: the sixth redirect makes the robots.txt unavailable.
	s := newServer(t, func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/robots.txt", http.StatusFound) })
	c, _ := newClient()
	private, public, out := verdicts(t, c, s.URL)
	require.True(t, private && public, "unavailable: allow all")
	require.Equal(t, Unavailable, out.Status)
	require.Len(t, out.Redirects, MaxRedirects)
	require.Equal(t, int64(MaxRedirects+1), s.requests.Load())

	// A chain of hops: five are followed, six are not.
	for _, hops := range []int{5, 6} {
		chain := newServer(t, func(w http.ResponseWriter, r *http.Request) {
			var n int
			fmt.Sscanf(r.URL.Path, "/hop%d", &n)
			if r.URL.Path == "/robots.txt" || n < hops {
				http.Redirect(w, r, fmt.Sprintf("/hop%d", n+1), http.StatusMovedPermanently)
				return
			}
			fmt.Fprint(w, robotsBody)
		})
		c, _ := newClient()
		private, _, out := verdicts(t, c, chain.URL)
		require.Len(t, out.Redirects, min(hops, MaxRedirects), "hops %d", hops)
		if hops <= MaxRedirects {
			require.Equal(t, Success, out.Status)
			require.False(t, private)
		} else {
			require.Equal(t, Unavailable, out.Status)
			require.True(t, private)
		}
	}
}

// TestRedirectNotFollowable (google): a redirect whose Location is no URL,
// or names no http(s) origin, cannot be followed: the robots.txt is
// unavailable (allow all), as Google treats a redirect chain it cannot
// follow as a 404, not unreachable as a network failure would make it.
// A user's transport still makes the requests.
func TestRedirectNotFollowable(t *testing.T) {
	for _, loc := range []string{
		"ftp://example.com/robots.txt",
		"file:///etc/passwd",
		"mailto:webmaster@example.com",
		"https://%zz/robots.txt",
		"//[::1:80/robots.txt",
		"http:///robots.txt",
	} {
		s := newServer(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Location", loc)
			w.WriteHeader(http.StatusMovedPermanently)
		})
		var trips atomic.Int64
		c, _ := newClient()
		c.HTTP = &http.Client{Transport: roundTripper(func(r *http.Request) (*http.Response, error) {
			trips.Add(1)
			return http.DefaultTransport.RoundTrip(r)
		})}
		private, public, out := verdicts(t, c, s.URL)
		require.True(t, private && public, "%q: unavailable: allow all", loc)
		require.Equal(t, Unavailable, out.Status, loc)
		require.Equal(t, http.StatusMovedPermanently, out.HTTPStatus, loc)
		require.NotNil(t, out.Err, loc)
		require.Equal(t, ErrRedirect, out.Err.Class, loc)
		require.Contains(t, out.Err.Error(), "Location", loc)
		require.Empty(t, out.Redirects, loc)
		require.Equal(t, int64(1), trips.Load(), loc)
	}

	// A server's own header of the name the Client keeps a Location under
	// is no Location: a 3xx without one is not followed.
	fake := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set(keptLocationHeader, "/elsewhere/robots.txt")
		w.WriteHeader(http.StatusFound)
	})
	c, _ := newClient()
	private, public, out := verdicts(t, c, fake.URL)
	require.True(t, private && public, "unavailable: allow all")
	require.Empty(t, out.Redirects)
	require.Equal(t, int64(1), fake.requests.Load())

	// A relative Location is read against the URL redirected from; a
	// 300's is followed too, though net/http follows only 301, 302, 303,
	// 307 and 308.
	for _, code := range []int{http.StatusFound, http.StatusMultipleChoices} {
		s := newServer(t, func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/robots.txt" {
				w.Header().Set("Location", "moved/robots.txt")
				w.WriteHeader(code)
				return
			}
			fmt.Fprint(w, robotsBody)
		})
		c, _ := newClient()
		private, public, out = verdicts(t, c, s.URL)
		require.False(t, private, code)
		require.True(t, public, code)
		require.Equal(t, []string{s.URL + "/moved/robots.txt"}, out.Redirects, code)
	}
}

func TestStatusClasses(t *testing.T) {
	for _, c := range []struct {
		code   int
		status Status
		rules  string
	}{
		{404, Unavailable, "allow all"},
		{401, Unavailable, "allow all"},
		{403, Unavailable, "allow all"},
		{410, Unavailable, "allow all"},
		{429, Unreachable, "disallow all"},
		{500, Unreachable, "disallow all"},
		{503, Unreachable, "disallow all"},
	} {
		t.Run(fmt.Sprint(c.code), func(t *testing.T) {
			s := newServer(t, status(c.code))
			cl, clk := newClient()
			private, public, out := verdicts(t, cl, s.URL)
			require.Equal(t, c.status, out.Status)
			require.Equal(t, c.code, out.HTTPStatus)
			require.Equal(t, c.rules, out.Rules)
			require.Equal(t, c.status == Unavailable, private)
			require.Equal(t, c.status == Unavailable, public)
			if c.status == Unreachable {
				require.Equal(t, clk.now(), out.FailingSince)
				require.Equal(t, clk.now().Add(DefaultRetryUnreachable), out.ExpiresAt)
			} else {
				require.Equal(t, clk.now().Add(DefaultTTL), out.ExpiresAt)
			}
		})
	}
}

func TestTimeout(t *testing.T) {
	release := make(chan struct{})
	s := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	})
	defer close(release)
	c, _ := newClient()
	c.Timeout = 150 * time.Millisecond
	start := time.Now()
	private, public, out := verdicts(t, c, s.URL)
	require.Less(t, time.Since(start), 2*time.Second)
	require.Equal(t, Unreachable, out.Status)
	require.Equal(t, ErrTimeout, out.Err.Class)
	require.Contains(t, out.Err.Message, "context deadline exceeded")
	require.False(t, private || public, "unreachable: disallow all")

	// A timeout of the caller's own transport is one too.
	c, _ = newClient()
	c.HTTP = &http.Client{Transport: &http.Transport{ResponseHeaderTimeout: 150 * time.Millisecond}}
	private, public, out = verdicts(t, c, s.URL)
	require.Equal(t, Unreachable, out.Status)
	require.Equal(t, ErrTimeout, out.Err.Class, out.Err.Message)
	require.Contains(t, out.Err.Message, "timeout awaiting response headers")
	require.False(t, private || public, "unreachable: disallow all")

	// A network timeout that is not the context's (a dialer's or a
	// connection's deadline) too; other errors are the network's.
	var ne net.Error = timeoutError{}
	require.Equal(t, ErrTimeout, transportError(fmt.Errorf("dial tcp: %w", ne)).Class)
	require.Equal(t, ErrNetwork, transportError(&net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}).Class)
}

// timeoutError is a net.Error that timed out.
type timeoutError struct{}

func (timeoutError) Error() string   { return "i/o timeout" }
func (timeoutError) Timeout() bool   { return true }
func (timeoutError) Temporary() bool { return false }

// hijacked serves a raw HTTP response and closes the connection.
func hijacked(raw string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		conn, buf, err := w.(http.Hijacker).Hijack()
		if err != nil {
			panic(err)
		}
		buf.WriteString(raw)
		buf.Flush()
		conn.Close()
	}
}

func TestBodyCutShort(t *testing.T) {
	for name, raw := range map[string]string{
		"dropped mid-body":     "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\nuser-agent: *\nallow: /",
		"wrong Content-Length": "HTTP/1.1 200 OK\r\nContent-Length: 60\r\n\r\n" + robotsBody,
	} {
		t.Run(name, func(t *testing.T) {
			s := newServer(t, hijacked(raw))
			c, _ := newClient()
			private, public, out := verdicts(t, c, s.URL)
			require.Equal(t, Unreachable, out.Status)
			require.ErrorContains(t, out.Err, "unexpected EOF")
			require.False(t, private || public)
		})
	}
}

func TestCacheHitExpiryAndMaxAge(t *testing.T) {
	s := newServer(t, body(robotsBody))
	c, clk := newClient()
	verdicts(t, c, s.URL)
	_, _, out := verdicts(t, c, s.URL)
	require.True(t, out.FromCache)
	require.Equal(t, int64(1), s.requests.Load(), "a hit makes no request")

	clk.advance(DefaultTTL + time.Second)
	_, _, out = verdicts(t, c, s.URL)
	require.False(t, out.FromCache)
	require.Equal(t, int64(2), s.requests.Load(), "expired: fetched again")

	for _, tc := range []struct {
		header string
		ttl    time.Duration
	}{
		{"max-age=3600", time.Hour},
		{"public, max-age=10", DefaultMinTTL},
		{"max-age=999999999", DefaultMaxTTL},
		{"no-store", DefaultMinTTL},
		{"max-age=junk", DefaultTTL},
	} {
		s := newServer(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Cache-Control", tc.header)
			fmt.Fprint(w, robotsBody)
		})
		c, clk := newClient()
		_, _, out := verdicts(t, c, s.URL)
		require.Equal(t, clk.now().Add(tc.ttl), out.ExpiresAt, tc.header)
	}

	// An unreachable origin is asked again after RetryUnreachable,
	// whatever its 503's Cache-Control says.
	down := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "max-age=3600")
		w.WriteHeader(http.StatusServiceUnavailable)
	})
	c, clk = newClient()
	_, _, out = verdicts(t, c, down.URL)
	require.Equal(t, Unreachable, out.Status)
	require.Equal(t, clk.now().Add(DefaultRetryUnreachable), out.ExpiresAt)
}

// While the origin fails, the last good copy serves; without one,
// everything is disallowed until StaleFor has passed.
func TestStale(t *testing.T) {
	s := newServer(t, body(robotsBody))
	c, clk := newClient()
	start := clk.now()
	verdicts(t, c, s.URL)
	s.set(status(503))
	clk.advance(DefaultTTL + time.Second)
	private, public, out := verdicts(t, c, s.URL)
	require.Equal(t, Unreachable, out.Status)
	require.True(t, out.Stale)
	require.Equal(t, start, out.GoodAt)
	require.Equal(t, "robots.txt", out.Rules)
	require.False(t, private)
	require.True(t, public, "the copy's rules, not disallow-all")
	failing := out.FailingSince
	clk.advance(40 * 24 * time.Hour)
	_, _, out = verdicts(t, c, s.URL)
	require.True(t, out.Stale, "the copy keeps serving")
	require.Equal(t, failing, out.FailingSince)
	s.set(body("user-agent: *\ndisallow: /\n"))
	clk.advance(DefaultRetryUnreachable + time.Second)
	_, public, out = verdicts(t, c, s.URL)
	require.Equal(t, Success, out.Status)
	require.True(t, out.FailingSince.IsZero())
	require.False(t, public)

	// No copy at all: disallow all, then after StaleFor, allow all.
	down := newServer(t, status(500))
	c, clk = newClient()
	private, public, out = verdicts(t, c, down.URL)
	require.False(t, private || public)
	require.Equal(t, "disallow all", out.Rules)
	clk.advance(DefaultStaleFor - time.Hour)
	_, public, _ = verdicts(t, c, down.URL)
	require.False(t, public)
	clk.advance(time.Hour) // exactly StaleFor: not longer
	_, public, out = verdicts(t, c, down.URL)
	require.False(t, public)
	require.Equal(t, "disallow all", out.Rules)
	clk.advance(DefaultRetryUnreachable)
	_, public, out = verdicts(t, c, down.URL)
	require.True(t, public, "unreachable for more than 30 days with no copy: allow all")
	require.Equal(t, "allow all", out.Rules)
	require.False(t, out.Stale)
}

// TestStaleCopyThatDoesNotLoad: a stored copy that no longer loads (a
// blob of an older format version, from a store kept across an upgrade)
// is no copy: while the origin is unreachable, disallow all (RFC 9309
// section 2.3.1.4), not an error.
func TestStaleCopyThatDoesNotLoad(t *testing.T) {
	s := newServer(t, body(robotsBody))
	c, clk := newClient()
	verdicts(t, c, s.URL)
	o, err := OriginOf(s.URL)
	require.NoError(t, err)
	e, ok, _ := c.Store.Get(context.Background(), o)
	require.True(t, ok)
	e.Blob = bytes.Clone(e.Blob)
	e.Blob[8] = 1 // format version 1, no longer read
	c.Store.Put(context.Background(), o, e)
	s.set(status(503))
	clk.advance(DefaultTTL + time.Second)
	private, public, out := verdicts(t, c, s.URL)
	require.Equal(t, Unreachable, out.Status)
	require.False(t, out.Stale)
	require.Equal(t, "disallow all", out.Rules)
	require.False(t, private || public)
}

func TestConcurrentGetsShareOneRequest(t *testing.T) {
	gate := make(chan struct{})
	s := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		<-gate
		fmt.Fprint(w, robotsBody)
	})
	// Opened however the test ends: the server's Close waits for the
	// request the gate holds.
	open := sync.OnceFunc(func() { close(gate) })
	defer open()
	c, _ := newClient()
	// The Client's maps are made by its first call; made here first, the
	// test's reads of inflight below are ordered after that write.
	c.init()
	const n = 32
	type answer struct {
		ok  bool
		err error
	}
	answers := make(chan answer, n)
	for i := 0; i < n; i++ {
		go func() {
			ok, _, err := c.Allowed(context.Background(), s.URL+"/private", "bot")
			answers <- answer{ok, err}
		}()
	}
	// The server holds the one request until every other caller waits on
	// it: then the gate opens.
	deadline := time.Now().Add(10 * time.Second)
	for joined := 0; joined < n-1; {
		require.True(t, time.Now().Before(deadline), "after 10 s, %d of %d callers wait on the request", joined, n-1)
		goruntime.Gosched()
		c.mu.Lock()
		joined = 0
		for _, cl := range c.inflight {
			joined += cl.joined
		}
		c.mu.Unlock()
	}
	open()
	for range n {
		a := <-answers
		require.NoError(t, a.err)
		require.False(t, a.ok)
	}
	require.Equal(t, int64(1), s.requests.Load())
}

// missThenFetch is a Store whose first Get, before it answers "not
// held", lets another Get for the same origin fetch and store the file:
// the window between a caller's store lookup and its joining a flight.
type missThenFetch struct {
	*MemoryStore
	once  sync.Once
	other func()
}

func (s *missThenFetch) Get(ctx context.Context, o Origin) (Entry, bool, error) {
	first := false
	s.once.Do(func() { first = true })
	if first {
		s.other()
		return Entry{}, false, nil
	}
	return s.MemoryStore.Get(ctx, o)
}

// TestGetAfterAFlightEnded: a Get whose store lookup missed just before
// another caller's fetch stored the file does not fetch it again.
func TestGetAfterAFlightEnded(t *testing.T) {
	s := newServer(t, body(robotsBody))
	c, _ := newClient()
	st := &missThenFetch{MemoryStore: NewMemoryStore(0, 0)}
	st.other = func() {
		ok, _, err := c.Allowed(context.Background(), s.URL+"/private", "bot")
		require.NoError(t, err)
		require.False(t, ok)
	}
	c.Store = st
	ok, out, err := c.Allowed(context.Background(), s.URL+"/private", "bot")
	require.NoError(t, err)
	require.False(t, ok)
	require.Equal(t, Success, out.Status)
	require.Equal(t, int64(1), s.requests.Load())
}

func TestEviction(t *testing.T) {
	var servers []*server
	for i := 0; i < 3; i++ {
		servers = append(servers, newServer(t, body(robotsBody)))
	}
	store := NewMemoryStore(1<<20, 2)
	c, _ := newClient()
	c.Store = store
	for _, s := range servers {
		verdicts(t, c, s.URL)
	}
	require.Equal(t, 2, store.Len())
	require.Equal(t, 1, store.Evictions())
	_, _, out := verdicts(t, c, servers[2].URL)
	require.True(t, out.FromCache)
	_, _, out = verdicts(t, c, servers[0].URL)
	require.False(t, out.FromCache, "the least recently used was evicted")
	require.Equal(t, int64(2), servers[0].requests.Load())

	// A byte bound evicts too.
	small := NewMemoryStore(1, 0)
	c2, _ := newClient()
	c2.Store = small
	verdicts(t, c2, servers[1].URL)
	require.Equal(t, 0, small.Len(), "a blob larger than the bound is not kept")
}

func TestGetErrors(t *testing.T) {
	c, _ := newClient()
	for _, u := range []string{"ftp://example.com/x", "not a url", "https:///x"} {
		_, _, err := c.Get(context.Background(), u)
		require.Error(t, err, u)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := newServer(t, body(robotsBody))
	_, _, err := c.Get(ctx, s.URL)
	require.ErrorIs(t, err, context.Canceled)
}

// The User-Agent header is sent.
func TestUserAgentHeader(t *testing.T) {
	var got atomic.Value
	s := newServer(t, func(w http.ResponseWriter, r *http.Request) { got.Store(r.Header.Get("User-Agent")) })
	c, _ := newClient()
	c.UserAgent = "examplebot/1.0"
	verdicts(t, c, s.URL)
	require.Equal(t, "examplebot/1.0", got.Load())
}

// TestWaiterContext: a caller whose context ends while the robots.txt it
// waits for is being fetched stops waiting at once; the fetch goes on for
// the callers still waiting, and is made once.
func TestWaiterContext(t *testing.T) {
	release := make(chan struct{})
	s := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		<-release
		fmt.Fprint(w, robotsBody)
	})
	// Released however the test ends: the server's Close waits for the
	// request it holds.
	open := sync.OnceFunc(func() { close(release) })
	defer open()
	c, _ := newClient()
	patient := make(chan Outcome)
	go func() {
		_, out, err := c.Get(context.Background(), s.URL+"/a")
		if err != nil {
			t.Error(err)
		}
		patient <- out
	}()
	require.Eventually(t, func() bool { return s.requests.Load() > 0 }, 10*time.Second, time.Millisecond, "the first Get's request")
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, _, err := c.Get(ctx, s.URL+"/b")
	require.ErrorIs(t, err, context.DeadlineExceeded)
	require.Less(t, time.Since(start), time.Second)
	open()
	out := <-patient
	require.Equal(t, Success, out.Status)
	require.Equal(t, int64(1), s.requests.Load())
}
