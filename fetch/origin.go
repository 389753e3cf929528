package fetch

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/robotsdfa/robotsdfa/runtime"
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
	sa := schemeAndAuthority(rawURL)
	u, err := url.Parse(sa)
	if err != nil {
		if o, ok := decodedOrigin(sa); ok {
			return o, nil
		}
		// The reason filter gives such a line, where there is one.
		if p := runtime.HostKeyProblem(rawURL); p != "" {
			return "", fmt.Errorf("fetch: %q: no host: %s", rawURL, p)
		}
		return "", fmt.Errorf("fetch: %q: %w", rawURL, err)
	}
	return originOfURL(u, rawURL)
}

// decodedOrigin is the origin of sa, a scheme and an authority that
// net/url refused, when its host is percent-encoded ASCII ("a%2eb"):
// net/url takes only non-ASCII bytes so written, but a browser decodes
// the host, and runtime.HostKey keys the URL under the decoded one, so
// the origin is that key's.
func decodedOrigin(sa string) (Origin, bool) {
	k := strings.Index(sa, "://")
	if k < 0 || strings.IndexByte(sa[k:], '%') < 0 {
		return "", false
	}
	key, ok := runtime.HostKey(sa)
	if !ok {
		return "", false
	}
	o := Origin(strings.ToLower(sa[:k]) + "://" + key)
	return o, readsBack(o) // and so an http or https one (buildOrigin)
}

// readsBack reports whether o, parsed, is its own origin: one whose
// robots.txt URL can be requested.
func readsBack(o Origin) bool {
	v, err := url.Parse(string(o))
	if err != nil {
		return false
	}
	again, err := buildOrigin(v, string(o))
	return err == nil && again == o
}

// plainOrigin returns rawURL's origin when rawURL begins with it as
// written: "http://" or "https://", a plain host (lower-case letters,
// digits, '.' and '-'), perhaps a port of digits up to 65535 other than
// the scheme's default and not starting with '0', then the end or '/', '?' or '#'.
// What parsedOrigin gives then is that prefix (FuzzOriginOf holds the two
// equal).
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
	if i == n || rawURL[i-1] == '.' {
		return "", false // no host, or a trailing dot that the key drops
	}
	if i < len(rawURL) && rawURL[i] == ':' {
		j := i + 1
		for j < len(rawURL) && '0' <= rawURL[j] && rawURL[j] <= '9' {
			j++
		}
		if port := rawURL[i+1 : j]; port == "" || port == def || port[0] == '0' || len(port) > 5 || len(port) == 5 && port > "65535" {
			return "", false // the port the key drops, writes otherwise or refuses
		}
		i = j
	}
	if i < len(rawURL) && rawURL[i] != '/' && rawURL[i] != '?' && rawURL[i] != '#' {
		return "", false
	}
	return Origin(rawURL[:i]), true
}

// originOfURL is the origin of u, parsed from rawURL. An origin must
// read back as itself, so that "http://::" (net/url's host ":") or a host
// with a space escaped is an error, not an origin whose robots.txt URL
// cannot be requested. Its host and port must be the ones
// runtime.HostKey reads in rawURL, so that "http://;@a" (host "a" to
// net/url, none where ';' ends the authority, SEMANTICS 4.1) is an error,
// not a robots.txt other than the one a store files the URL under. (Most
// URLs never get here: plainOrigin.)
func originOfURL(u *url.URL, rawURL string) (Origin, error) {
	o, err := buildOrigin(u, rawURL)
	if err != nil {
		return o, err
	}
	if key, ok := runtime.HostKey(rawURL); !ok {
		return "", fmt.Errorf("fetch: %q: net/url reads the host %q, runtime.HostKey none (the authority is ambiguous)", rawURL, u.Host)
	} else if string(o) != strings.ToLower(u.Scheme)+"://"+key {
		return "", fmt.Errorf("fetch: %q: net/url reads the host %q, runtime.HostKey %q (the authority is ambiguous)", rawURL, u.Host, key)
	}
	if !readsBack(o) {
		return "", fmt.Errorf("fetch: %q: host %q makes no origin", rawURL, u.Host)
	}
	return o, nil
}

// buildOrigin is the origin of u. Its authority is runtime.HostKey's (the
// one host key of the project: host lower-cased, IDN to Punycode,
// trailing dot and default port dropped).
func buildOrigin(u *url.URL, rawURL string) (Origin, error) {
	scheme := strings.ToLower(u.Scheme)
	if scheme != "http" && scheme != "https" {
		return "", fmt.Errorf("fetch: %q: not an http or https URL", rawURL)
	}
	if u.Hostname() == "" {
		return "", fmt.Errorf("fetch: %q: no host", rawURL)
	}
	authority := scheme + "://" + u.Host + "/"
	key, ok := runtime.HostKey(authority)
	if !ok {
		// The reason filter gives such a line: the host and the rule it
		// breaks.
		return "", fmt.Errorf("fetch: %q: no host: %s", rawURL, runtime.HostKeyProblem(authority))
	}
	return Origin(scheme + "://" + key), nil
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
