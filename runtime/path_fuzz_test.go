package runtime

import (
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/internal/reference/refurl"
)

// FuzzURLPath: both. The runtime's path extraction (no allocation,
// substrings, an implicit '/' flag, the fragment cut off or left on) and
// its RFC normalisation against the literal implementation of SEMANTICS
// 4.1 and 4.2 in internal/reference; Host never panics and returns
// substrings.
func FuzzURLPath(f *testing.F) {
	for _, u := range []string{"https://example.com/a?b#c", "//h/p", "http://h?q", "h;p", "/a#b", "#x", "",
		"x?q://c/p", "mailto:me/p", "http://[::1]:80/%7e%2A$", "https://u@h:1/é%zz", "///p", "a://b://c/d",
		"://example.com/x", "http://@example.com/", "/a%4", "/a%", "/\x7f\x80\xff"} {
		f.Add(u)
	}
	f.Fuzz(func(t *testing.T, url string) {
		path, slash := urlPath(url)
		got := path
		if slash {
			got = "/" + path
		}
		if want := refurl.RawPath(url); got != want {
			t.Fatalf("urlPath(%q) = %q, want %q", url, got, want)
		}
		// pathAndFragment: the same path, possibly followed by a fragment.
		if whole, s := pathAndFragment(url); s != slash || !strings.HasPrefix(whole, path) ||
			len(whole) > len(path) && whole[len(path)] != '#' {
			t.Fatalf("pathAndFragment(%q) = %q, %v; urlPath gives %q, %v", url, whole, s, path, slash)
		}
		if rfc := string(normalizeRFC(nil, path, slash)); rfc != refurl.Path(url, true) {
			t.Fatalf("normalizeRFC(%q) = %q, want %q", url, rfc, refurl.Path(url, true))
		}
		host, port, ok := Host(url)
		if ok && host == "" || !ok && (host != "" || port != "") || len(host)+len(port) > len(url) {
			t.Fatalf("Host(%q) = %q, %q, %v", url, host, port, ok)
		}
	})
}
