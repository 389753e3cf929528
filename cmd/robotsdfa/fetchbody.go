package main

import (
	"bytes"
	"io"
	"net/http"
	"sync"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/fetch"
)

// bodyTee is fetch -explain's transport: it keeps the body of each
// robots.txt it fetches, so that the deciding rule is shown as its line
// reads, pattern included (a blob keeps the rules' lines and priorities,
// not every pattern).
type bodyTee struct {
	base   http.RoundTripper
	mu     sync.Mutex
	bodies map[string][]byte // by the URL requested
}

func (t *bodyTee) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.base.RoundTrip(req)
	if err != nil || resp.StatusCode < 200 || resp.StatusCode > 299 {
		return resp, err
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, compile.MaxBodyBytes+1))
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(body))
	if err == nil {
		t.mu.Lock()
		t.bodies[req.URL.String()] = body
		t.mu.Unlock()
	}
	return resp, nil
}

// file is the robots.txt that an outcome's rules come from, parsed as
// the Client parsed it; nil when this run did not fetch it (a cache kept
// across runs answered).
func (t *bodyTee) file(out fetch.Outcome, opts compile.Options) *compile.File {
	url := out.Origin.RobotsURL()
	if n := len(out.Redirects); n > 0 {
		url = out.Redirects[n-1]
	}
	t.mu.Lock()
	body, ok := t.bodies[url]
	t.mu.Unlock()
	if !ok {
		return nil // not fetched by this run: a cached copy
	}
	return compile.Parse(body, opts)
}
