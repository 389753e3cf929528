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

// originOfURL is the origin of u, parsed from rawURL. An origin must
// read back as itself: one whose host is not plain (letters, digits, '.'
// and '-') is kept only when it does, so that "http://::" (net/url's
// host ":") or a host with a space escaped is an error, not an origin
// whose robots.txt URL cannot be requested.
func originOfURL(u *url.URL, rawURL string) (Origin, error) {
	o, plain, err := buildOrigin(u, rawURL)
	if err != nil || plain {
		return o, err
	}
	if v, verr := url.Parse(string(o)); verr == nil {
		if again, _, err := buildOrigin(v, string(o)); err == nil && again == o {
			return o, nil
		}
	}
	return "", fmt.Errorf("fetch: %q: host %q makes no origin", rawURL, u.Host)
}

// buildOrigin is the origin of u, and whether its host is plain.
func buildOrigin(u *url.URL, rawURL string) (o Origin, plain bool, err error) {
	scheme := strings.ToLower(u.Scheme)
	if scheme != "http" && scheme != "https" {
		return "", false, fmt.Errorf("fetch: %q: not an http or https URL", rawURL)
	}
	host := u.Hostname()
	if host == "" {
		return "", false, fmt.Errorf("fetch: %q: no host", rawURL)
	}
	host, err = asciiHost(host)
	if err != nil {
		return "", false, fmt.Errorf("fetch: %q: %w", rawURL, err)
	}
	plain = plainHost(host)
	port := u.Port()
	if (scheme == "http" && port == "80") || (scheme == "https" && port == "443") {
		port = ""
	}
	if port != "" || strings.Contains(host, ":") {
		if port == "" {
			return Origin(scheme + "://[" + host + "]"), plain, nil
		}
		return Origin(scheme + "://" + net.JoinHostPort(host, port)), plain, nil
	}
	return Origin(scheme + "://" + host), plain, nil
}

// plainHost reports whether host is letters, digits, '.' and '-' only
// (after asciiHost: no capitals), as a DNS name or an IPv4 address is.
func plainHost(host string) bool {
	for i := 0; i < len(host); i++ {
		if c := host[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '.' || c == '-') {
			return false
		}
	}
	return host != ""
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
