package fetch

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// paced is a site whose robots.txt is robots and whose pages say ok,
// recording when each page request came.
type paced struct {
	*server
	mu    sync.Mutex
	times []time.Time
}

func newPaced(t *testing.T, robots string) *paced {
	p := &paced{}
	p.server = newServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			fmt.Fprint(w, robots)
			return
		}
		p.mu.Lock()
		p.times = append(p.times, time.Now())
		p.mu.Unlock()
		fmt.Fprint(w, "ok")
	})
	return p
}

// TestTransportRefuses (google): a disallowed URL is refused with an error
// naming its deciding line, and never requested; an allowed one goes
// through; an unreachable origin's URLs are refused ("disallow all").
func TestTransportRefuses(t *testing.T) {
	p := newPaced(t, "user-agent: examplebot\ndisallow: /private\n\nuser-agent: *\ndisallow: /\n")
	hc := &http.Client{Transport: &Transport{Tokens: []string{"examplebot"}}}
	resp, err := hc.Get(p.URL + "/public")
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, 200, resp.StatusCode)

	_, err = hc.Get(p.URL + "/private/x")
	var d *DisallowedError
	require.ErrorAs(t, err, &d)
	require.Equal(t, int32(2), d.Line)
	require.Equal(t, p.URL+"/private/x", d.URL)
	require.Contains(t, err.Error(), "disallowed by line 2 of "+p.URL+"/robots.txt")
	require.Len(t, p.times, 1, "the refused URL was not requested")

	other := &http.Client{Transport: &Transport{Tokens: []string{"otherbot"}}}
	_, err = other.Get(p.URL + "/public")
	require.ErrorAs(t, err, &d, "otherbot gets the '*' group")

	down := newServer(t, status(503))
	_, err = hc.Get(down.URL + "/a")
	require.ErrorAs(t, err, &d)
	require.Equal(t, int32(0), d.Line)
	require.Contains(t, err.Error(), "disallow all")
}

// TestTransportBindsOnce: the Transport binds an origin's robots.txt for
// its tokens at the first request and checks every later one with that
// binding (it bound it again for each request).
func TestTransportBindsOnce(t *testing.T) {
	p := newPaced(t, "user-agent: examplebot\ndisallow: /private\n")
	tr := &Transport{Tokens: []string{"examplebot"}}
	hc := &http.Client{Transport: tr}
	get := func(path string) {
		resp, err := hc.Get(p.URL + path)
		require.NoError(t, err)
		resp.Body.Close()
	}
	get("/a")
	var out Outcome
	l, err := tr.client.get(context.Background(), p.URL+"/a", &out)
	require.NoError(t, err)
	b := l.bound.Load()
	require.NotNil(t, b, "no binding kept")
	require.Len(t, b.list, 1)
	require.Equal(t, []string{"examplebot"}, b.list[0].tokens)
	for _, path := range []string{"/b", "/c/d", "/e?f"} {
		get(path)
	}
	require.Same(t, b, l.bound.Load(), "bound again")
	require.Len(t, p.times, 4)
}

// TestTransportPaces: with Pace, requests to an origin with a 1-second
// crawl-delay are a second apart; another origin is not held up by it; a
// context that ends while waiting ends the request.
func TestTransportPaces(t *testing.T) {
	slow := newPaced(t, "user-agent: *\ncrawl-delay: 1\n")
	fast := newPaced(t, "user-agent: *\nallow: /\n")
	hc := &http.Client{Transport: &Transport{Tokens: []string{"examplebot"}, Pace: true}}
	get := func(url string) {
		t.Helper()
		resp, err := hc.Get(url)
		require.NoError(t, err)
		resp.Body.Close()
	}
	get(slow.URL + "/a")
	start := time.Now()
	get(slow.URL + "/b")
	require.GreaterOrEqual(t, slow.times[1].Sub(slow.times[0]), 950*time.Millisecond)
	require.GreaterOrEqual(t, time.Since(start), 900*time.Millisecond)

	start = time.Now()
	get(fast.URL + "/a")
	get(fast.URL + "/b")
	require.Less(t, time.Since(start), 500*time.Millisecond, "an origin without a delay is not paced")

	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, slow.URL+"/c", nil)
	_, err := hc.Do(req)
	require.True(t, errors.Is(err, context.DeadlineExceeded), "%v", err)
}

// TestTransportPacesConcurrent: requests from many goroutines to one
// origin with a request-rate of 20 a second are let through 50 ms apart:
// the k-th let through (timed as the Transport hands it to its Base) no
// sooner than k × 50 ms after the requests began. Each waits for its own
// turn, so lateness under load only moves releases later and the bound
// holds on any machine; gaps between arrivals at the server would not
// (a late request shortens the gap to the next).
func TestTransportPacesConcurrent(t *testing.T) {
	p := newPaced(t, "user-agent: *\nrequest-rate: 20/1s\n")
	var mu sync.Mutex
	var released []time.Time
	base := roundTripper(func(req *http.Request) (*http.Response, error) {
		if req.URL.Path != "/robots.txt" {
			mu.Lock()
			released = append(released, time.Now())
			mu.Unlock()
		}
		return http.DefaultTransport.RoundTrip(req)
	})
	hc := &http.Client{Transport: &Transport{Tokens: []string{"examplebot"}, Pace: true, Base: base}}
	var wg sync.WaitGroup
	start := time.Now()
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := hc.Get(fmt.Sprintf("%s/%d", p.URL, i))
			if err == nil {
				resp.Body.Close()
			}
		}()
	}
	wg.Wait()
	require.Len(t, p.times, 8)
	require.Len(t, released, 8)
	slices.SortFunc(released, func(a, b time.Time) int { return a.Compare(b) })
	for k := 1; k < len(released); k++ {
		require.GreaterOrEqual(t, released[k].Sub(start), time.Duration(k)*50*time.Millisecond, "request %d", k)
	}
}

// roundTripper is a function as an http.RoundTripper.
type roundTripper func(*http.Request) (*http.Response, error)

func (f roundTripper) RoundTrip(req *http.Request) (*http.Response, error) { return f(req) }

// TestTransportIntervalAndBound: a request-rate of zero requests asks
// for no pacing (and no division by zero); the longer of delay and rate
// wins; the next-request times of origins seen once are pruned, so that
// a crawl of many origins does not grow the Transport without bound.
func TestTransportIntervalAndBound(t *testing.T) {
	delay := func(d time.Duration) func() (time.Duration, bool) {
		return func() (time.Duration, bool) { return d, d > 0 }
	}
	rate := func(n int, per time.Duration) func() (int, time.Duration, bool) {
		return func() (int, time.Duration, bool) { return n, per, true }
	}
	require.Equal(t, time.Duration(0), interval(delay(0), rate(0, time.Minute)))
	require.Equal(t, 5*time.Second, interval(delay(5*time.Second), rate(10, 10*time.Second)))
	require.Equal(t, 20*time.Second, interval(delay(5*time.Second), rate(3, time.Minute)))

	tr := &Transport{MaxDelay: time.Second}
	tr.next = map[Origin]time.Time{}
	req, err := http.NewRequest(http.MethodGet, "https://example.com/", nil)
	require.NoError(t, err)
	for i := range 6000 {
		require.NoError(t, tr.wait(req, Origin(fmt.Sprintf("https://o%d.example", i)), time.Nanosecond))
		if i%1000 == 999 {
			time.Sleep(time.Millisecond) // the times taken so far pass
		}
	}
	require.LessOrEqual(t, len(tr.next), 4097)
}

// TestTransportDelayDropped: once an origin's robots.txt asks for no
// delay (a refresh dropped its crawl-delay), its requests go at once, not
// at the turn its old delay had reserved.
func TestTransportDelayDropped(t *testing.T) {
	tr := &Transport{next: map[Origin]time.Time{}, MaxDelay: time.Minute}
	req, err := http.NewRequest(http.MethodGet, "https://example.com/", nil)
	require.NoError(t, err)
	o := Origin("https://example.com")
	require.NoError(t, tr.wait(req, o, 2*time.Second)) // the first goes at once; the next turn is 2 s on
	start := time.Now()
	require.NoError(t, tr.wait(req, o, 0))
	require.Less(t, time.Since(start), time.Second, "held to the dropped delay's turn")
}

// TestReserveManyOrigins: a Transport pacing more origins at once than
// pacedOrigins keeps them all (none of their times has passed) and sweeps
// for past times only when their number has doubled since the last sweep.
func TestReserveManyOrigins(t *testing.T) {
	tr := &Transport{next: map[Origin]time.Time{}}
	now := time.Now()
	sweeps, last := 0, 0
	for i := range 20_000 {
		tr.reserve(Origin(fmt.Sprintf("https://o%d.example", i)), time.Hour, now)
		if tr.pruneAt != last {
			sweeps, last = sweeps+1, tr.pruneAt
		}
	}
	require.Len(t, tr.next, 20_000)
	require.Equal(t, 3, sweeps) // at 4,097, 8,195 and 16,391 origins
	require.Equal(t, 2*16_391, tr.pruneAt)

	// An hour later every time has passed: the next sweep drops them.
	for i := range tr.pruneAt - len(tr.next) + 1 {
		tr.reserve(Origin(fmt.Sprintf("https://p%d.example", i)), time.Hour, now.Add(2*time.Hour))
	}
	require.Len(t, tr.next, 32_783-20_000)
	require.Equal(t, 2*(32_783-20_000), tr.pruneAt)
}

// BenchmarkPaceManyOrigins: a paced request's bookkeeping (its context
// already ended, so that it does not wait) while 50,000 origins have a
// request ahead of them.
func BenchmarkPaceManyOrigins(b *testing.B) {
	tr := &Transport{MaxDelay: time.Hour}
	tr.init()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://example.com/", nil)
	require.NoError(b, err)
	origins := make([]Origin, 50_000)
	for i := range origins {
		origins[i] = Origin(fmt.Sprintf("https://o%d.example", i))
		tr.wait(req, origins[i], time.Hour)
	}
	b.ResetTimer()
	for i := range b.N {
		tr.wait(req, origins[i%len(origins)], time.Hour)
	}
}

// TestGiveBack: a request whose context ends while it waits gives its turn
// back when it is the origin's last, so that the next request takes it;
// a turn with later ones taken stays taken (they wait as they were told).
func TestGiveBack(t *testing.T) {
	tr := &Transport{next: map[Origin]time.Time{}}
	o := Origin("https://example.com")
	now := time.Now()
	tr.reserve(o, time.Second, now)
	second := tr.reserve(o, time.Second, now)
	third := tr.reserve(o, time.Second, now)
	require.Equal(t, now.Add(2*time.Second), third)
	tr.giveBack(o, second, time.Second)
	require.Equal(t, now.Add(3*time.Second), tr.next[o], "a later turn is taken")
	tr.giveBack(o, third, time.Second)
	require.Equal(t, third, tr.next[o])
	require.Equal(t, third, tr.reserve(o, time.Second, now), "the next request takes the turn given back")

	// Through wait: a request that gives up leaves no gap behind it.
	tr = &Transport{MaxDelay: time.Hour}
	tr.init()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://example.com/", nil)
	require.NoError(t, err)
	tr.reserve(o, time.Hour, time.Now()) // a request ahead, an hour long
	ahead := tr.next[o]
	require.ErrorIs(t, tr.wait(req, o, time.Hour), context.Canceled)
	require.Equal(t, ahead, tr.next[o])
}
