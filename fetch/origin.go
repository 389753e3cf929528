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
	o, err := originOf(rawURL)
	return Origin(strings.Clone(string(o))), err // not rawURL's memory
}

// originOf is OriginOf, its result possibly a prefix of rawURL (Get's
// lookups keep nothing of it): most URLs begin with their origin as
// it is written (plainOrigin), the others are parsed.
func originOf(rawURL string) (Origin, error) {
	if o, ok := plainOrigin(rawURL); ok {
		return o, nil
	}
	return parsedOrigin(rawURL)
}

// parsedOrigin is the origin of rawURL as net/url reads its scheme and
// authority.
func parsedOrigin(rawURL string) (Origin, error) {
	u, err := url.Parse(schemeAndAuthority(rawURL))
	if err != nil {
		return "", err
	}
	return originOfURL(u, rawURL)
}

// plainOrigin returns rawURL's origin when rawURL begins with it as
// written: "http://" or "https://", a plain host (lower-case letters,
// digits, '.' and '-'), perhaps a port of digits other than the scheme's
// default, then the end or '/', '?' or '#'. What parsedOrigin gives
// then is that prefix (FuzzOriginOf holds the two equal).
func plainOrigin(rawURL string) (Origin, bool) {
	n, def := 0, ""
	switch {
	case strings.HasPrefix(rawURL, "http://"):
		n, def = len("http://"), "80"
	case strings.HasPrefix(rawURL, "https://"):
		n, def = len("https://"), "443"
	default:
		return "", false
	}
	i := n
	for i < len(rawURL) && plainHostByte(rawURL[i]) {
		i++
	}
	if i == n {
		return "", false
	}
	if i < len(rawURL) && rawURL[i] == ':' {
		j := i + 1
		for j < len(rawURL) && '0' <= rawURL[j] && rawURL[j] <= '9' {
			j++
		}
		if port := rawURL[i+1 : j]; port == "" || port == def {
			return "", false
		}
		i = j
	}
	if i < len(rawURL) && rawURL[i] != '/' && rawURL[i] != '?' && rawURL[i] != '#' {
		return "", false
	}
	return Origin(rawURL[:i]), true
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
		if !plainHostByte(host[i]) {
			return false
		}
	}
	return host != ""
}

// plainHostByte reports whether c may stand in a plain host.
func plainHostByte(c byte) bool {
	return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '.' || c == '-'
}

// RobotsURL is the origin's /robots.txt.
func (o Origin) RobotsURL() string { return string(o) + "/robots.txt" }

// RobotsURL returns the URL of the robots.txt that governs an http or
// https page URL (RFC 9309 section 2.3): its origin's /robots.txt, the
// scheme and host lower-cased, an IDN host in Punycode, the scheme's
// default port dropped, userinfo, path, query and fragment dropped.
func RobotsURL(pageURL string) (string, error) {
	o, err := OriginOf(pageURL)
	if err != nil {
		return "", err
	}
	return o.RobotsURL(), nil
}

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
