package fetch

import (
	"net/url"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/runtime"
)

// FuzzOriginOf: for any string, OriginOf does not panic; where net/url
// reads the whole URL, OriginOf gives the origin of that reading; an
// origin it gives has no path, query or fragment, and is its own origin;
// its host and port are runtime.HostKey's for the URL; the key HostKey
// gives any string is an origin's.
func FuzzOriginOf(f *testing.F) {
	for _, s := range []string{
		"https://Example.COM/a/b?c", "HTTP://example.com:80/", "http://user:pw@example.com/",
		"https://Bücher.example/", "http://[::1]:8080/robots.txt", "http://example.com/100%",
		"http://example.com#50%", "/x?u=http://example.com/", "http:/example.com", "http://a.com:/x",
		"https://xn--bcher-kva.example:443", "http://exa\x7fmple.com/", "http://a.com\\b/c",
		"http://a.com:8080?q", "https://a.com:443/", "http://a.com:/x", "http://a.b-c.d:0080#f",
		"http://a%2eb/", "http://b%C3%BCcher.example:443/", "http://[::ffff:1.2.3.4]:080/", "http://a!$&'()*+,=_~.example/",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		if o, ok := plainOrigin(raw); ok {
			if parsed, err := parsedOrigin(raw); err != nil || parsed != o {
				t.Fatalf("%q: written origin %q, parsed %q, %v", raw, o, parsed, err)
			}
		}
		got, err := OriginOf(raw)
		if u, uerr := url.Parse(raw); uerr == nil {
			want, werr := originOfURL(u, raw)
			if (err == nil) != (werr == nil) || got != want {
				t.Fatalf("%q: OriginOf %q, %v; from net/url's reading %q, %v", raw, got, err, want, werr)
			}
		}
		// Every host key names an origin: the hosts filter -missing-hosts
		// lists are fetched by fetch -hosts at https://KEY/robots.txt.
		if key, ok := runtime.HostKey(raw); ok {
			u := "https://" + key + "/"
			want, _ := runtime.HostKey(u)
			if o, err := OriginOf(u); err != nil || o != Origin("https://"+want) {
				t.Fatalf("%q: key %q, whose origin is %q, %v", raw, key, o, err)
			}
		}
		if err != nil {
			return
		}
		// fetch asks for the robots.txt that filter files the URL under.
		if key, ok := runtime.HostKey(raw); !ok || string(got) != strings.ToLower(raw[:strings.Index(raw, "://")])+"://"+key {
			t.Fatalf("%q: origin %q, host key %q, %v", raw, got, key, ok)
		}
		o := string(got)
		rest := o[strings.Index(o, "://")+3:]
		if strings.ContainsAny(rest, "/?#") {
			t.Fatalf("%q: origin %q has more than a host and port", raw, o)
		}
		if again, err := OriginOf(o); err != nil || again != got {
			t.Fatalf("%q: origin %q gives %q, %v", raw, o, again, err)
		}
	})
}
