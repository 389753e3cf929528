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

// OriginOf returns the origin of an http or https URL.
func OriginOf(rawURL string) (Origin, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return "", err
	}
	scheme := strings.ToLower(u.Scheme)
	if scheme != "http" && scheme != "https" {
		return "", fmt.Errorf("fetch: %q: not an http or https URL", rawURL)
	}
	host := u.Hostname()
	if host == "" {
		return "", fmt.Errorf("fetch: %q: no host", rawURL)
	}
	host, err = asciiHost(host)
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
