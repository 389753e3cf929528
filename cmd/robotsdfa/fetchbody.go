package main

import (
	"bytes"
	"io"
	"net/http"
	"sync"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/fetch"
)

// bodyTee is fetch's transport for the URLs given: it keeps the body of
// each robots.txt it fetches, so that -explain shows the deciding rule as
// its line reads, pattern included (a blob keeps the rules' lines and
// priorities, not every pattern), and a file with no user-agent line is
// warned of.
type bodyTee struct {
	base   http.RoundTripper
	mu     sync.Mutex
	bodies map[string][]byte // by the URL requested
}

func (t *bodyTee) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, body, ok, err := readSuccess(t.base, req)
	if ok {
		t.mu.Lock()
		t.bodies[req.URL.String()] = body
		t.mu.Unlock()
	}
	return resp, err
}

// file is the robots.txt that an outcome's rules come from, parsed as
// the Client parsed it; nil when this run did not fetch it (a cache kept
// across runs answered).
func (t *bodyTee) file(out fetch.Outcome, opts compile.Options) *compile.File {
	t.mu.Lock()
	body, ok := t.bodies[fetchedURL(out)]
	t.mu.Unlock()
	if !ok {
		return nil // not fetched by this run: a cached copy
	}
	return compile.Parse(body, opts)
}

// groupTee is fetch -hosts' transport: of each robots.txt it fetches it
// keeps only whether it has no user-agent line (a web page served as the
// file), read as opts reads it, until reset: a pack of many hosts holds
// no body.
type groupTee struct {
	base     http.RoundTripper
	opts     compile.Options
	mu       sync.Mutex
	noGroups map[string]bool // by the URL requested
}

func (t *groupTee) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, body, ok, err := readSuccess(t.base, req)
	if ok {
		none := len(compile.Parse(body, t.opts).Groups) == 0
		t.mu.Lock()
		t.noGroups[req.URL.String()] = none
		t.mu.Unlock()
	}
	return resp, err
}

// none reports whether the robots.txt an outcome's rules come from was
// fetched since the last reset and has no user-agent line.
func (t *groupTee) none(out fetch.Outcome) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.noGroups[fetchedURL(out)]
}

// reset forgets what was fetched (a batch's hosts are done).
func (t *groupTee) reset() {
	t.mu.Lock()
	clear(t.noGroups)
	t.mu.Unlock()
}

// readSuccess makes req through base and, of a success (2xx), reads the
// body, as much of it as a robots.txt is read, and puts it back in the
// response for the Client; ok is false for another answer, or a body
// that failed part way (the Client reads what came).
func readSuccess(base http.RoundTripper, req *http.Request) (resp *http.Response, body []byte, ok bool, err error) {
	resp, err = base.RoundTrip(req)
	if err != nil || resp.StatusCode < 200 || resp.StatusCode > 299 {
		return resp, nil, false, err
	}
	body, err = io.ReadAll(io.LimitReader(resp.Body, compile.MaxBodyBytes+1))
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(body))
	return resp, body, err == nil, nil
}

// fetchedURL is the URL whose body an outcome's rules come from: the
// robots.txt's, or the last a redirect named.
func fetchedURL(out fetch.Outcome) string {
	if n := len(out.Redirects); n > 0 {
		return out.Redirects[n-1]
	}
	return out.Origin.RobotsURL()
}
