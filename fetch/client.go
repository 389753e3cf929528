package fetch

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	farm "github.com/dgryski/go-farm"
	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/runtime"
)

// Defaults of a zero Client.
const (
	DefaultTimeout          = 30 * time.Second
	DefaultTTL              = 24 * time.Hour
	DefaultMinTTL           = time.Minute
	DefaultMaxTTL           = 7 * 24 * time.Hour
	DefaultRetryUnreachable = 5 * time.Minute
	DefaultMaxRetryAfter    = 24 * time.Hour
	DefaultStaleFor         = 30 * 24 * time.Hour
	DefaultStoreBytes       = 256 << 20
	DefaultUserAgent        = "robotsdfa/1 (+https://github.com/robotsdfa/robotsdfa)"
	// MaxRedirects is how many redirects are followed (RFC 9309 section
	// 2.3.1.2: at least five); one more makes the robots.txt unavailable.
	MaxRedirects = 5
)

// Client fetches, compiles and caches robots.txt files. The zero value is
// ready to use with the defaults; set fields before the first Get and not
// after. A Client is safe for concurrent use.
type Client struct {
	// HTTP makes the requests (nil: a client of net/http's defaults).
	// Its redirect policy is replaced: the Client follows redirects
	// itself to apply RFC 9309's limit and record the chain.
	HTTP *http.Client
	// UserAgent is the User-Agent header sent (empty: DefaultUserAgent).
	// Its product token (runtime.UserAgentToken) is the crawler an
	// Allowed without tokens, or a Transport without Tokens, answers for.
	UserAgent string
	// Mode and MaxBytes say how bodies are read (compile.Options);
	// MaxBytes also bounds how much of a body is downloaded.
	Mode     compile.Mode
	MaxBytes int
	// Timeout bounds each fetch, redirects included.
	Timeout time.Duration
	// TTL is how long a result is cached without Cache-Control max-age;
	// a max-age is honoured within [MinTTL, MaxTTL].
	TTL, MinTTL, MaxTTL time.Duration
	// RetryUnreachable is how long an unreachable result is kept before
	// the next attempt. A 429 or 503 with a Retry-After (seconds or a
	// date) is kept for that long instead, within [MinTTL,
	// MaxRetryAfter].
	RetryUnreachable, MaxRetryAfter time.Duration
	// StaleFor: an origin unreachable for longer than this with no good
	// copy ever fetched is treated as having no robots.txt (allow all),
	// as Google documents; before that, everything is disallowed.
	StaleFor time.Duration
	// Store keeps the entries (nil: a MemoryStore of DefaultStoreBytes).
	Store Store
	// Now is the clock (nil: time.Now).
	Now func() time.Time

	once     sync.Once
	http     *http.Client
	uaTokens []string // UserAgent's product token, set by init
	allowAll Entry    // blob and robots only
	denyAll  Entry
	initErr  error
	// wallClock: Now is time.Now, set by init.
	wallClock bool
	mu        sync.Mutex
	inflight  map[Origin]*call
	compiled  map[bodyKey]Entry
	stats     stats
}

type call struct {
	done  chan struct{}
	entry Entry
	err   error
	// joined counts the callers waiting on the call besides its first
	// (guarded by Client.mu).
	joined int
}

func (c *Client) init() {
	c.once.Do(func() {
		hc := http.Client{}
		if c.HTTP != nil {
			hc = *c.HTTP
		}
		hc.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
		base := hc.Transport
		if base == nil {
			base = http.DefaultTransport
		}
		hc.Transport = keptLocation{base}
		c.http = &hc
		setDefault(&c.Timeout, DefaultTimeout)
		setDefault(&c.TTL, DefaultTTL)
		setDefault(&c.MinTTL, DefaultMinTTL)
		setDefault(&c.MaxTTL, DefaultMaxTTL)
		setDefault(&c.RetryUnreachable, DefaultRetryUnreachable)
		setDefault(&c.MaxRetryAfter, DefaultMaxRetryAfter)
		setDefault(&c.StaleFor, DefaultStaleFor)
		if c.UserAgent == "" {
			c.UserAgent = DefaultUserAgent
		}
		c.uaTokens = []string{runtime.UserAgentToken(c.UserAgent)}
		if c.MaxBytes == 0 {
			c.MaxBytes = compile.DefaultMaxBytes
		}
		if c.Store == nil {
			c.Store = NewMemoryStore(DefaultStoreBytes, 0)
		}
		if c.Now == nil {
			c.Now, c.wallClock = time.Now, true
		}
		c.inflight = map[Origin]*call{}
		c.compiled = map[bodyKey]Entry{}
		c.allowAll, c.initErr = c.compileEntry(nil)
		if c.initErr == nil {
			c.denyAll, c.initErr = c.compileEntry([]byte("user-agent: *\ndisallow: /\n"))
		}
	})
}

// unexpired reports whether the clock is before t. With time.Now for the
// clock, an expiry the Client set holds a monotonic reading, which
// time.Until compares without reading the wall clock too: half the cost
// of time.Now, a fifth of a cached Get (docs/PERFORMANCE.md, "fetch: the
// clock of a cached Get").
func (c *Client) unexpired(t time.Time) bool {
	if c.wallClock {
		return time.Until(t) > 0
	}
	return c.Now().Before(t)
}

func setDefault(d *time.Duration, v time.Duration) {
	if *d <= 0 {
		*d = v
	}
}

// compiledKeep bounds the bodies whose compiled entries the Client
// remembers, so that identical robots.txt across origins (hosting
// platforms, CDNs' defaults) are compiled and held once.
const compiledKeep = 4096

// compileEntry compiles a robots.txt body into an entry's blob, loaded;
// a body compiled lately gives the same blob and loaded robots.txt.
func (c *Client) compileEntry(body []byte) (Entry, error) {
	lo, hi := farm.Fingerprint128(body)
	key := bodyKey{lo, hi, len(body)}
	c.mu.Lock()
	e, ok := c.compiled[key]
	c.mu.Unlock()
	if ok {
		return e, nil
	}
	e, err := c.compileBody(body)
	if err != nil {
		return Entry{}, err
	}
	c.mu.Lock()
	if len(c.compiled) >= compiledKeep {
		clear(c.compiled)
	}
	c.compiled[key] = e
	c.mu.Unlock()
	return e, nil
}

// bodyKey identifies a body: its 128-bit fingerprint and length.
type bodyKey struct {
	lo, hi uint64
	n      int
}

func (c *Client) compileBody(body []byte) (Entry, error) {
	opts := compile.Options{Mode: c.Mode, MaxBytes: c.MaxBytes}
	blob, err := compile.Compile(body, opts).AppendBinary(nil)
	if err != nil {
		return Entry{}, err
	}
	e := Entry{Blob: blob}
	if e.loaded, err = e.load(); err != nil {
		return Entry{}, fmt.Errorf("compiled blob does not load: %w", err)
	}
	return e, nil
}

// Refresh is Get without the cache's answer: it fetches rawURL's
// origin's robots.txt now (conditionally when one with validators is
// held; sharing a fetch already in flight) and stores the result, with a
// stale copy served as Get would while the origin is unreachable.
func (c *Client) Refresh(ctx context.Context, rawURL string) (*runtime.Robots, Outcome, error) {
	o, err := c.origin(rawURL)
	if err != nil {
		return nil, Outcome{}, err
	}
	c.stats.misses.Add(1)
	e, err := c.shared(ctx, o, false)
	return robotsOf(o, e, err)
}

// origin readies the Client and returns rawURL's origin.
func (c *Client) origin(rawURL string) (Origin, error) {
	c.init()
	if c.initErr != nil {
		return "", c.initErr
	}
	return originOf(rawURL)
}

// robotsOf is what Refresh and FromResponse return for an origin's
// settled entry, or the error that stopped it.
func robotsOf(o Origin, e Entry, err error) (*runtime.Robots, Outcome, error) {
	if err != nil {
		return nil, Outcome{}, err
	}
	l, err := e.load()
	if err != nil {
		return nil, Outcome{}, fmt.Errorf("fetch: %s: compiled blob does not load: %w", o, err)
	}
	return l.robots, e.Outcome, nil
}

// Get returns the robots.txt that applies to rawURL's origin, from the
// cache or fetched, and how it was obtained. The error is non-nil only
// when rawURL has no http(s) origin or ctx ends first: a server's failure
// is an Outcome (Unavailable or Unreachable) with the rules that follow
// from it, never an error.
//
// Concurrent Gets for one origin share one request. The request runs
// under the Client's Timeout, not ctx's cancellation, so that the callers
// sharing it are not cut off by the first one's context; a caller whose
// ctx ends stops waiting.
func (c *Client) Get(ctx context.Context, rawURL string) (*runtime.Robots, Outcome, error) {
	var out Outcome
	l, err := c.get(ctx, rawURL, &out)
	if err != nil {
		return nil, out, err
	}
	return l.robots, out, nil
}

// get is Get, with the loaded blob; it sets *out (a pointer, so that
// the Outcome is copied once per Get, not at each return).
func (c *Client) get(ctx context.Context, rawURL string, out *Outcome) (*loadedBlob, error) {
	o, err := c.origin(rawURL)
	if err != nil {
		return nil, err
	}
	if e, ok := c.storeGet(ctx, o); ok && c.unexpired(e.Outcome.ExpiresAt) {
		if l, err := e.load(); err == nil {
			*out = e.Outcome
			out.FromCache = true
			c.stats.hits.Add(1)
			return l, nil
		}
		// A stored blob that does not load is refetched.
	}
	c.stats.misses.Add(1)
	e, err := c.shared(ctx, o, true)
	if err != nil {
		return nil, err
	}
	*out = e.Outcome
	l, err := e.load() // refresh loaded its blob
	if err != nil {
		return nil, fmt.Errorf("fetch: %s: compiled blob does not load: %w", o, err)
	}
	return l, nil
}

// Allowed is Get followed by a check of rawURL for the product tokens (a
// fallback chain; none: UserAgent's product token, the crawler the
// requests name). The binding is kept with the cached robots.txt for
// the next Allowed with the same tokens.
func (c *Client) Allowed(ctx context.Context, rawURL string, tokens ...string) (bool, Outcome, error) {
	var out Outcome
	l, err := c.get(ctx, rawURL, &out)
	if err != nil {
		return false, out, err
	}
	if len(tokens) == 0 {
		tokens = c.uaTokens
	}
	return l.matcher(tokens).Allowed(rawURL), out, nil
}

// shared runs one refresh per origin at a time; other callers wait for it.
// With fresh set (Get's miss), a refresh that finds a fresh entry stored
// answers with it: a flight that ended between the caller's store lookup
// and its call here has already fetched the file.
func (c *Client) shared(ctx context.Context, o Origin, fresh bool) (Entry, error) {
	if err := ctx.Err(); err != nil {
		return Entry{}, err
	}
	o = Origin(strings.Clone(string(o))) // kept: not the URL's memory (originOf)
	c.mu.Lock()
	if cl, ok := c.inflight[o]; ok {
		cl.joined++
		c.mu.Unlock()
		select {
		case <-cl.done:
			return cl.entry, cl.err
		case <-ctx.Done():
			return Entry{}, ctx.Err()
		}
	}
	cl := &call{done: make(chan struct{})}
	c.inflight[o] = cl
	c.mu.Unlock()
	go func() {
		cl.entry, cl.err = c.refresh(context.WithoutCancel(ctx), o, fresh)
		c.mu.Lock()
		delete(c.inflight, o)
		c.mu.Unlock()
		close(cl.done)
	}()
	select {
	case <-cl.done:
		return cl.entry, cl.err
	case <-ctx.Done():
		return Entry{}, ctx.Err()
	}
}

// refresh fetches an origin's robots.txt and stores the new entry, or,
// with fresh set, returns a stored entry that has not expired.
func (c *Client) refresh(ctx context.Context, o Origin, fresh bool) (Entry, error) {
	prev, _ := c.storeGet(ctx, o)
	if fresh && c.unexpired(prev.Outcome.ExpiresAt) {
		if _, err := prev.load(); err == nil {
			return prev, nil
		}
	}
	return c.settle(ctx, o, c.fetch(ctx, o, prev.validators()), prev)
}

// settle makes an origin's entry from an answer (RFC 9309 sections 2.3.1.2
// to 2.3.1.4 and Google's stale copy), stores it and returns it: Get's and
// FromResponse's one way from an answer to rules.
func (c *Client) settle(ctx context.Context, o Origin, a answer, prev Entry) (Entry, error) {
	c.stats.count(a)
	out := a.out
	now := c.Now()
	out.Origin, out.FetchedAt = o, now
	hasPrev := !prev.Outcome.FetchedAt.IsZero()
	var e Entry
	if a.notModified {
		// A 304 renews the held robots.txt; one that answers no
		// conditional request is no answer (RFC 9309 section 2.3.1.3).
		var l *loadedBlob
		if prev.validators() != nil {
			l, _ = prev.load()
		}
		if l == nil {
			out.Status, out.Err = Unavailable, &Error{ErrStatus, "304 Not Modified, but no robots.txt is held"}
		} else {
			e = Entry{Blob: prev.Blob, Good: true, loaded: l}
			out.Status, out.NotModified = Success, true
			out.Rules, out.GoodAt = prev.Outcome.Rules, now
			out.ETag, out.LastModified = cmp.Or(out.ETag, prev.Outcome.ETag), cmp.Or(out.LastModified, prev.Outcome.LastModified)
			out.ExpiresAt = now.Add(c.ttl(a.maxAge))
			e.Outcome = out
			c.storePut(ctx, o, e)
			return e, nil
		}
	}
	switch out.Status {
	case Success:
		var err error
		if e, err = c.compileEntry(a.body); err != nil {
			return Entry{}, fmt.Errorf("fetch: %s: %w", o, err)
		}
		e.Good = true
		out.Rules, out.GoodAt = "robots.txt", now
		out.ExpiresAt = now.Add(c.ttl(a.maxAge))
	case Unavailable:
		e = c.allowAll
		e.Good = true
		out.Rules, out.GoodAt = "allow all", now
		out.ExpiresAt = now.Add(c.ttl(a.maxAge))
	default:
		out.FailingSince = now
		if hasPrev && !prev.Outcome.FailingSince.IsZero() {
			out.FailingSince = prev.Outcome.FailingSince
		}
		out.ExpiresAt = now.Add(c.retryIn(a))
		// A stored copy kept by an earlier format version does not load,
		// and is no copy to serve.
		var l *loadedBlob
		if hasPrev && prev.Good {
			l, _ = prev.load()
		}
		switch {
		case l != nil:
			e = Entry{Blob: prev.Blob, Good: true, loaded: l}
			out.Stale, out.GoodAt, out.Rules = true, prev.Outcome.GoodAt, prev.Outcome.Rules
			out.ETag, out.LastModified = prev.Outcome.ETag, prev.Outcome.LastModified
		case now.Sub(out.FailingSince) > c.StaleFor:
			e = c.allowAll
			out.Rules = "allow all"
		default:
			e = c.denyAll
			out.Rules = "disallow all"
		}
	}
	e.Outcome = out
	if out.Stale {
		c.stats.staleServes.Add(1)
	}
	c.storePut(ctx, o, e)
	return e, nil
}

// retryIn is how long an unreachable result is kept: RetryUnreachable, or
// what the server's Retry-After asked within [MinTTL, MaxRetryAfter].
func (c *Client) retryIn(a answer) time.Duration {
	if !a.retry {
		return c.RetryUnreachable
	}
	return min(max(a.out.RetryAfter, c.MinTTL), c.MaxRetryAfter)
}

// ttl is how long a success or unavailable result is cached.
func (c *Client) ttl(maxAge time.Duration) time.Duration {
	if maxAge < 0 {
		return c.TTL
	}
	return min(max(maxAge, c.MinTTL), c.MaxTTL)
}

// answer is what a robots.txt request came to: the Outcome's fetch
// fields (Retry-After's wait in out.RetryAfter when retry is set), the
// body of a success, and the final response's Cache-Control max-age (-1:
// none), which an unreachable answer's expiry does not read (retryIn).
type answer struct {
	out         Outcome
	body        []byte
	maxAge      time.Duration
	retry       bool
	notModified bool // a 304
}

// fetch requests the origin's /robots.txt, following up to MaxRedirects
// redirects.
func (c *Client) fetch(ctx context.Context, o Origin, v *validators) (a answer) {
	ctx, cancel := context.WithTimeout(ctx, c.Timeout)
	defer cancel()
	a.maxAge = -1
	target := o.RobotsURL()
	for hop := 0; ; hop++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
		if err != nil {
			a.out.Status, a.out.Err = Unavailable, newError(ErrRequest, err)
			return a
		}
		req.Header.Set("User-Agent", c.UserAgent)
		v.set(req.Header)
		resp, err := c.http.Do(req)
		if err != nil {
			a.out.Status, a.out.Err = Unreachable, transportError(err)
			return a
		}
		if location := resp.Header.Get(keptLocationHeader); isRedirect(resp.StatusCode, location) {
			resp.Body.Close()
			if hop == MaxRedirects {
				a.out.HTTPStatus = resp.StatusCode
				a.out.Status, a.out.Err = Unavailable, &Error{ErrRedirect, fmt.Sprintf("more than %d redirects", MaxRedirects)}
				return a
			}
			loc, err := redirectTarget(req.URL, location)
			if err != nil {
				a.out.HTTPStatus = resp.StatusCode
				a.out.Status, a.out.Err = Unavailable, newError(ErrRedirect, err)
				return a
			}
			target = loc
			a.out.Redirects = append(a.out.Redirects, target)
			continue
		}
		var body []byte
		var n int64
		var truncated bool
		if resp.StatusCode >= 200 && resp.StatusCode < 300 {
			body, n, truncated, err = c.readBody(resp.Body)
		} else {
			resp.Body.Close()
		}
		redirects := a.out.Redirects
		a = c.classify(resp.StatusCode, resp.Header, body, n, truncated, err)
		a.out.Redirects = redirects
		return a
	}
}

// isRedirect reports whether a response of status code and Location
// header location is a redirect to follow.
func isRedirect(code int, location string) bool {
	return code >= 300 && code < 400 && code != http.StatusNotModified && location != ""
}

// classify is the answer of a final (not redirected) response: the body
// of a 2xx (n bytes read, truncated past MaxBytes; readErr when it was
// cut short) is the rules; 429 and 5xx make the origin unreachable, for
// Retry-After's time when they give one; any other status makes the
// robots.txt unavailable.
func (c *Client) classify(code int, h http.Header, body []byte, n int64, truncated bool, readErr error) (a answer) {
	a.out.HTTPStatus = code
	a.maxAge = parseMaxAge(h.Values("Cache-Control"))
	switch {
	case code >= 200 && code < 300:
		if readErr != nil {
			if errors.Is(readErr, io.EOF) {
				readErr = io.ErrUnexpectedEOF
			}
			a.out.Status, a.out.Err, a.out.Bytes = Unreachable, newError(ErrBody, readErr), n
			return a
		}
		a.out.Status, a.body, a.out.Bytes, a.out.Truncated = Success, body, n, truncated
		a.out.ETag, a.out.LastModified = h.Get("ETag"), h.Get("Last-Modified")
	case code == http.StatusNotModified:
		a.notModified = true
		a.out.ETag, a.out.LastModified = h.Get("ETag"), h.Get("Last-Modified")
	case code == http.StatusTooManyRequests || code >= 500:
		a.out.Status = Unreachable
		if code == http.StatusTooManyRequests || code == http.StatusServiceUnavailable {
			a.out.RetryAfter, a.retry = parseRetryAfter(h.Get("Retry-After"), c.Now())
		}
	default: // 4xx, and anything else that is not an answer
		a.out.Status = Unavailable
	}
	return a
}

// readBody reads at most MaxBytes of a body; the rest is not downloaded.
// A body cut short (a dropped connection, a wrong Content-Length) is an
// error.
func (c *Client) readBody(rc io.ReadCloser) (body []byte, n int64, truncated bool, err error) {
	defer rc.Close()
	limit := c.bodyLimit()
	body, err = io.ReadAll(io.LimitReader(rc, limit+1))
	n = int64(len(body))
	if err != nil {
		if errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return nil, n, false, err
	}
	if int64(len(body)) > limit {
		return body[:limit], limit, true, nil
	}
	return body, n, false, nil
}

// parseMaxAge reads max-age from Cache-Control values; -1 when absent or
// unreadable, 0 for no-store or no-cache.
func parseMaxAge(values []string) time.Duration {
	age := time.Duration(-1)
	for _, v := range values {
		for _, d := range strings.Split(v, ",") {
			d = strings.ToLower(strings.TrimSpace(d))
			switch {
			case d == "no-store" || d == "no-cache":
				return 0
			case strings.HasPrefix(d, "max-age="):
				s, err := strconv.ParseInt(strings.Trim(d[len("max-age="):], `"`), 10, 64)
				if err == nil && s >= 0 && s < 1<<31 {
					age = time.Duration(s) * time.Second
				}
			}
		}
	}
	return age
}

// parseRetryAfter reads a Retry-After value (RFC 9110 section 10.2.3):
// delay seconds, or an HTTP date less now. ok is false when it is absent
// or unreadable.
func parseRetryAfter(v string, now time.Time) (wait time.Duration, ok bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if s, err := strconv.ParseInt(v, 10, 64); err == nil {
		if s < 0 || s >= 1<<31 {
			return 0, false
		}
		return time.Duration(s) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return t.Sub(now), true
	}
	return 0, false
}

// storeGet is the Store's Get; an error is counted and is a miss (the
// entry is an empty one then).
func (c *Client) storeGet(ctx context.Context, o Origin) (Entry, bool) {
	e, ok, err := c.Store.Get(ctx, o)
	if err != nil {
		c.stats.storeErrors.Add(1)
		return Entry{}, false
	}
	return e, ok
}

// storePut is the Store's Put; an error is counted.
func (c *Client) storePut(ctx context.Context, o Origin, e Entry) {
	if err := c.Store.Put(ctx, o, e); err != nil {
		c.stats.storeErrors.Add(1)
	}
}
