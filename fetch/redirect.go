package fetch

import (
	"fmt"
	"net/http"
	"net/url"
)

// keptLocationHeader is where keptLocation moves a redirect's Location.
const keptLocationHeader = "X-Robotsdfa-Location"

// keptLocation is the Client's transport around the one it was given: it
// moves a redirect's Location header aside, so that net/http hands the
// response back as it is. net/http parses a Location before asking the
// redirect policy, and fails the request on one it cannot parse, which
// would read as a network failure (unreachable: disallow all) where the
// server did answer; the Client follows redirects itself (fetch).
type keptLocation struct{ base http.RoundTripper }

func (k keptLocation) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := k.base.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	delete(resp.Header, keptLocationHeader) // the server's own is no Location
	if loc, ok := resp.Header["Location"]; ok {
		delete(resp.Header, "Location")
		resp.Header[keptLocationHeader] = loc
	}
	return resp, nil
}

// redirectTarget is the URL a redirect from base to location names. A
// Location that is no URL, or names no http(s) origin, cannot be followed:
// the robots.txt is unavailable, as Google treats a redirect chain it
// cannot follow as a 404 (docs/SEMANTICS.md, section 6).
func redirectTarget(base *url.URL, location string) (string, error) {
	u, err := base.Parse(location)
	if err != nil {
		return "", fmt.Errorf("a Location that is no URL, %q: %w", location, err)
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return "", fmt.Errorf("a Location that names no http(s) origin, %q", location)
	}
	return u.String(), nil
}
