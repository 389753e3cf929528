package fetch

import (
	"net/http"
	"net/url"
	"testing"
)

// FuzzRedirectTarget: a redirect's Location is a server's bytes. Any
// Location, from any robots.txt URL, gives a target or an error, never a
// panic; a target is an http(s) URL with a host, which a request can be
// made for (the next hop), and reads back as itself.
func FuzzRedirectTarget(f *testing.F) {
	for _, seed := range [][2]string{
		{"https://example.com/robots.txt", "https://www.example.com/robots.txt"},
		{"https://example.com/robots.txt", "/moved/robots.txt"},
		{"https://example.com/a/robots.txt", "b/robots.txt"},
		{"http://example.com/robots.txt", "//cdn.example.net/robots.txt"},
		{"https://example.com/robots.txt", "ftp://example.com/robots.txt"},
		{"https://example.com/robots.txt", "https://%zz/"},
		{"https://example.com/robots.txt", "//[::1:80/x"},
		{"https://example.com/robots.txt", "http:///robots.txt"},
		{"https://[::1]:8443/robots.txt", "?q#f"},
		{"https://b\u00fccher.example/robots.txt", "https://B\u00dcCHER.example:443/robots.txt"},
	} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, from, location string) {
		base, err := url.Parse(from)
		if err != nil {
			return
		}
		target, err := redirectTarget(base, location)
		if err != nil {
			return
		}
		u, err := url.Parse(target)
		if err != nil {
			t.Fatalf("%q from %q: target %q does not parse: %v", location, from, target, err)
		}
		if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
			t.Fatalf("%q from %q: target %q is no http(s) URL with a host", location, from, target)
		}
		if u.String() != target {
			t.Fatalf("%q from %q: target %q reads back as %q", location, from, target, u.String())
		}
		if _, err := http.NewRequest(http.MethodGet, target, nil); err != nil {
			t.Fatalf("%q from %q: target %q: no request: %v", location, from, target, err)
		}
	})
}
