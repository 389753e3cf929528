package fetch

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/runtime"
)

// Response is a robots.txt response that the caller's own HTTP stack
// fetched (colly, a custom fetcher, a queue of responses), for
// FromResponse.
type Response struct {
	// URL is the robots.txt URL first requested (any URL of its origin
	// will do: the origin is what the result is stored under).
	URL string
	// Redirects are the URLs redirected to before the final response, in
	// order, as Outcome.Redirects.
	Redirects []string
	// StatusCode, Header and Body are the final response's. Only a 2xx's
	// body is read, and of it at most the Client's MaxBytes.
	StatusCode int
	Header     http.Header
	Body       []byte
	// Err is the error that ended the request: with StatusCode 0, no
	// response came (a network or TLS error, a timeout); with a 2xx, its
	// body was cut short.
	Err error
}

// ErrNotFinal is FromResponse's error for a redirect that the caller
// could still follow: RFC 9309 section 2.3.1.2 asks for five.
var ErrNotFinal = errors.New("fetch: a redirect is not a final response: follow it and pass the response it leads to")

// FromResponse returns the robots.txt rules and the Outcome that Get would
// have produced had its own request received resp, and stores them for
// the origin as Get does: the same status classes (RFC 9309 sections
// 2.3.1.2 to 2.3.1.4), Cache-Control and Retry-After expiry, body limit
// and stale copy, by the same code. Later Gets and Alloweds of the origin
// answer from it until it expires. The error is non-nil when resp.URL has
// no http(s) origin, or resp is a redirect short of the limit that can be
// followed (ErrNotFinal); one whose Location is no http(s) URL makes the
// robots.txt unavailable, as in Get.
func (c *Client) FromResponse(ctx context.Context, resp Response) (*runtime.Robots, Outcome, error) {
	o, err := c.origin(resp.URL)
	if err != nil {
		return nil, Outcome{}, err
	}
	a := answer{maxAge: -1}
	switch {
	case resp.StatusCode == 0:
		a.out.Status, a.out.Err = Unreachable, &Error{ErrNetwork, "no response"}
		if resp.Err != nil {
			a.out.Err = transportError(resp.Err)
		}
	case len(resp.Redirects) > MaxRedirects || isRedirect(resp.StatusCode, resp.Header.Get("Location")) && len(resp.Redirects) == MaxRedirects:
		a.out.HTTPStatus = resp.StatusCode
		a.out.Status, a.out.Err = Unavailable, &Error{ErrRedirect, fmt.Sprintf("more than %d redirects", MaxRedirects)}
	case isRedirect(resp.StatusCode, resp.Header.Get("Location")):
		if _, err := redirectTarget(lastURL(resp), resp.Header.Get("Location")); err != nil {
			// A redirect that cannot be followed, as Get finds it.
			a.out.HTTPStatus = resp.StatusCode
			a.out.Status, a.out.Err = Unavailable, newError(ErrRedirect, err)
			break
		}
		return nil, Outcome{}, ErrNotFinal
	default:
		body, n, truncated := resp.Body, int64(len(resp.Body)), false
		if limit := c.bodyLimit(); n > limit {
			body, n, truncated = body[:limit], limit, true
		}
		a = c.classify(resp.StatusCode, resp.Header, body, n, truncated, resp.Err)
	}
	a.out.Redirects = append([]string(nil), resp.Redirects...)
	o = Origin(strings.Clone(string(o))) // kept: not resp.URL's memory
	prev, _ := c.storeGet(ctx, o)
	e, err := c.settle(ctx, o, a, prev)
	return robotsOf(o, e, err)
}

// bodyLimit is how many body bytes are read: what the compiler reads, at
// most compile.MaxBodyBytes, so that the one byte more that tells a cut
// body cannot wrap (a MaxBytes of math.MaxInt is "all of it").
func (c *Client) bodyLimit() int64 {
	return int64(compile.Options{Mode: c.Mode, MaxBytes: c.MaxBytes}.BodyLimit())
}

// lastURL is the URL resp answered: the last redirect's, else the first
// requested (an empty URL when it is none: then only an absolute Location
// can be followed).
func lastURL(resp Response) *url.URL {
	u := resp.URL
	if n := len(resp.Redirects); n > 0 {
		u = resp.Redirects[n-1]
	}
	base, err := url.Parse(u)
	if err != nil {
		return &url.URL{}
	}
	return base
}
