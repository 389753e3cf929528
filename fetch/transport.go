package fetch

import (
	"fmt"
	"net/http"
	"sync"
	"time"
)

// DefaultMaxDelay bounds the pace a Transport keeps for one origin.
const DefaultMaxDelay = time.Minute

// Transport is an http.RoundTripper that obeys robots.txt on the way out:
// before each request it asks its Client (which fetches and caches the
// origin's robots.txt) whether the URL is allowed for Tokens, refuses it
// with a *DisallowedError when not, and, with Pace, spaces the requests
// to each origin by the crawl-delay or request-rate that applies.
// Requests for /robots.txt itself pass through. It is safe for concurrent
// use; set its fields before the first request.
//
//	t := &fetch.Transport{Client: c, Tokens: []string{"examplebot"}, Pace: true}
//	hc := &http.Client{Transport: t}
type Transport struct {
	// Client answers for the robots.txt (nil: a zero Client).
	Client *Client
	// Base makes the requests that are allowed (nil:
	// http.DefaultTransport).
	Base http.RoundTripper
	// Tokens are the crawler's product tokens, a fallback chain (nil:
	// the product token of the Client's UserAgent, the crawler its
	// robots.txt requests name).
	Tokens []string
	// Pace spaces the requests to one origin by its crawl-delay or
	// request-rate (the longer of the two intervals), at most MaxDelay
	// apart (0: DefaultMaxDelay).
	Pace     bool
	MaxDelay time.Duration

	once    sync.Once
	mu      sync.Mutex
	next    map[Origin]time.Time // the earliest time of each origin's next request
	pruneAt int                  // the size of next at which its past times are dropped
	client  *Client
}

// pacedOrigins is the size of Transport.next below which its past times
// are left in place.
const pacedOrigins = 4096

// DisallowedError is a Transport's error for a request that the
// origin's robots.txt does not allow.
type DisallowedError struct {
	URL string
	// Line is the deciding rule's line in the robots.txt, 0 when the
	// origin's rules are "disallow all" (Outcome.Rules: unreachable).
	Line int32
	// Outcome is how the robots.txt was obtained.
	Outcome Outcome
}

func (e *DisallowedError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("fetch: %s: disallowed (%s: %s)", e.URL, e.Outcome.Origin.RobotsURL(), e.Outcome.Rules)
	}
	return fmt.Sprintf("fetch: %s: disallowed by line %d of %s", e.URL, e.Line, e.Outcome.Origin.RobotsURL())
}

func (t *Transport) init() {
	t.once.Do(func() {
		t.client = t.Client
		if t.client == nil {
			t.client = &Client{}
		}
		t.next = map[Origin]time.Time{}
		if t.MaxDelay <= 0 {
			t.MaxDelay = DefaultMaxDelay
		}
	})
}

// RoundTrip asks the robots.txt, waits for the origin's pace, and makes
// the request. A refusal is a *DisallowedError; a context that ends
// while it waits, the context's error.
func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	t.init()
	base := t.Base
	if base == nil {
		base = http.DefaultTransport
	}
	if req.URL.Path == "/robots.txt" {
		return base.RoundTrip(req)
	}
	url := req.URL.String()
	var out Outcome
	l, err := t.client.get(req.Context(), url, &out)
	if err != nil {
		return nil, err
	}
	// The origin's robots.txt is bound for the tokens once, not per
	// request (as Client.Allowed binds it).
	tokens := t.Tokens
	if len(tokens) == 0 {
		tokens = t.client.uaTokens
	}
	m := l.matcher(tokens)
	if res := m.Check(url); !res.Allowed {
		e := &DisallowedError{URL: url, Line: res.Line, Outcome: out}
		if out.Rules != "robots.txt" {
			e.Line = 0 // the line of a synthetic "disallow all", not of a file
		}
		return nil, e
	}
	if t.Pace {
		if err := t.wait(req, out.Origin, interval(m.CrawlDelay, m.RequestRate)); err != nil {
			return nil, err
		}
	}
	return base.RoundTrip(req)
}

// reserve takes origin o's next free time, from now on, and moves it on
// by d. The times past are dropped once the origins held outnumber
// pruneAt, which then doubles what is left, so that a crawler pacing more
// origins at once than pacedOrigins pays for a sweep once per as many
// requests as it keeps, not at every request.
func (t *Transport) reserve(o Origin, d time.Duration, now time.Time) time.Time {
	t.mu.Lock()
	defer t.mu.Unlock()
	at := now
	if n := t.next[o]; n.After(now) {
		at = n
	}
	t.next[o] = at.Add(d)
	if len(t.next) > max(t.pruneAt, pacedOrigins) {
		for k, v := range t.next {
			if v.Before(now) {
				delete(t.next, k)
			}
		}
		t.pruneAt = 2 * len(t.next)
	}
	return at
}

// interval is the time between two requests that a crawl-delay and a
// request-rate ask for: the longer.
func interval(delay func() (time.Duration, bool), rate func() (int, time.Duration, bool)) time.Duration {
	d, _ := delay()
	if n, per, ok := rate(); ok && n > 0 {
		d = max(d, per/time.Duration(n))
	}
	return d
}

// wait holds a request to origin o until its turn: each request takes the
// next free time of its origin and moves it on by d.
func (t *Transport) wait(req *http.Request, o Origin, d time.Duration) error {
	if d <= 0 {
		return nil
	}
	now := time.Now()
	d = min(d, t.MaxDelay)
	at := t.reserve(o, d, now)
	if !at.After(now) {
		return nil
	}
	timer := time.NewTimer(at.Sub(now))
	defer timer.Stop()
	select {
	case <-timer.C:
		return nil
	case <-req.Context().Done():
		t.giveBack(o, at, d)
		return req.Context().Err()
	}
}

// giveBack returns the turn at..at+d of a request that will not be made
// (its context ended while it waited), when no request has taken a later
// one: the origin's next request need not wait for it.
func (t *Transport) giveBack(o Origin, at time.Time, d time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if n, ok := t.next[o]; ok && n.Equal(at.Add(d)) {
		t.next[o] = at
	}
}
