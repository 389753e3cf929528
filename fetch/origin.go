package fetch

import (
	"fmt"
	"net"
	"net/url"
	"strings"
)

// Origin is the scheme, host and port a robots.txt applies to (RFC 9309
// section 2.3): scheme and host lower-case, an IDN host in its ASCII
// (Punycode) form, the scheme's default port left out.
type Origin string

// OriginOf returns the origin of an http or https URL. Only its scheme
// and authority are read: a path, query or fragment that net/url would
// refuse ("/100%", "/%zz", a control byte) does not hide the origin a
// crawler must fetch the robots.txt of.
func OriginOf(rawURL string) (Origin, error) {
	u, err := url.Parse(schemeAndAuthority(rawURL))
	if err != nil {
		return "", err
	}
	return originOfURL(u, rawURL)
}

// originOfURL is the origin of u, parsed from rawURL.
func originOfURL(u *url.URL, rawURL string) (Origin, error) {
	scheme := strings.ToLower(u.Scheme)
	if scheme != "http" && scheme != "https" {
		return "", fmt.Errorf("fetch: %q: not an http or https URL", rawURL)
	}
	host := u.Hostname()
	if host == "" {
		return "", fmt.Errorf("fetch: %q: no host", rawURL)
	}
	host, err := asciiHost(host)
	if err != nil {
		return "", fmt.Errorf("fetch: %q: %w", rawURL, err)
	}
	port := u.Port()
	if (scheme == "http" && port == "80") || (scheme == "https" && port == "443") {
		port = ""
	}
	if port != "" || strings.Contains(host, ":") {
		if port == "" {
			return Origin(scheme + "://[" + host + "]"), nil
		}
		return Origin(scheme + "://" + net.JoinHostPort(host, port)), nil
	}
	return Origin(scheme + "://" + host), nil
}

// RobotsURL is the origin's /robots.txt.
func (o Origin) RobotsURL() string { return string(o) + "/robots.txt" }

// schemeAndAuthority returns rawURL up to the end of its authority: the
// first '/', '?' or '#' after the "://" that ends its scheme (RFC 3986
// section 3.2), or all of rawURL when it has no such scheme.
func schemeAndAuthority(rawURL string) string {
	k := strings.Index(rawURL, "://")
	if k < 0 || strings.ContainsAny(rawURL[:k], "/?#") {
		return rawURL
	}
	if end := strings.IndexAny(rawURL[k+3:], "/?#"); end >= 0 {
		return rawURL[:k+3+end]
	}
	return rawURL
}
