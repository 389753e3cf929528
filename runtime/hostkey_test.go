package runtime_test

import (
	"testing"

	"github.com/robotsdfa/robotsdfa/runtime"
)

// TestHostKey: the key of a URL's host, one for the whole project:
// lower-cased, IDN to Punycode, trailing dot and default port dropped.
func TestHostKey(t *testing.T) {
	for _, c := range []struct {
		url, key string
		ok       bool
	}{
		{"https://example.com/x", "example.com", true},
		{"HTTPS://Example.COM/x", "example.com", true},
		{"https://example.com:443/x", "example.com", true},
		{"http://example.com:80/x", "example.com", true},
		{"http://example.com:443/x", "example.com:443", true},
		{"https://example.com:8443/x", "example.com:8443", true},
		{"https://example.com:0443/x", "example.com", true}, // a port's leading zeros dropped
		{"http://example.com:00080/x", "example.com", true},
		{"http://example.com:08080/x", "example.com:8080", true},
		{"http://example.com:000/x", "example.com:0", true},
		{"http://example.com:09/x", "example.com:9", true},
		{"http://example.com:0/x", "example.com:0", true},
		{"http://example.com:65535/x", "example.com:65535", true},
		{"http://example.com:000065535/x", "example.com:65535", true},
		{"http://example.com:/x", "example.com", true},
		{"http://[::1]:0443/x", "[::1]:443", true},
		{"//example.com:0443/x", "example.com:443", true},
		{"https://example.com./x", "example.com", true},
		{"https://user:pw@example.com/x", "example.com", true},
		{"https://bücher.de/x", "xn--bcher-kva.de", true},
		{"https://BÜCHER.de./x", "xn--bcher-kva.de", true},
		{"http://AZ.ZA:8080/x", "az.za:8080", true},        // the general reading's folding, both ends of A-Z
		{"http://\x80.example/", "xn--zn7c.example", true}, // a lone 0x80 is not ASCII: read as U+FFFD
		{"http://\x80.example:81/", "xn--zn7c.example:81", true},
		{"https://例え.テスト:8080/", "xn--r8jz45g.xn--zckzah:8080", true},
		{"http://[2001:db8::1]:8080/x", "[2001:db8::1]:8080", true},
		{"http://[2001:DB8::1]/x", "[2001:db8::1]", true},
		{"//example.com:80/x", "example.com:80", true},
		{"https://example.com?q#f", "example.com", true},
		{"/just/a/path", "", false},
		{"https:///x", "", false},
		{"https://./x", "", false},
		// A key is its own key: what would read back as another has none.
		{"https://a.example../x", "a.example", true},
		{"http://../", "", false},
		{"http://a:b:80/", "", false},
		{"//::", "", false},
		{"http://[::1]::80/", "", false},
		{"http://[::1]:8:0/", "", false},
		{"http://[bücher]/", "", false},
		// A host that names no origin a crawler could fetch has none.
		{"http://example.com:0x50/x", "", false}, // a port not of digits
		{"http://example.com:65536/x", "", false},
		{"http://example.com:100000/x", "", false},
		{"http://example.com:-1/x", "", false},
		{"http://[::1]:abc/", "", false},
		{"http://a b/x", "", false}, // a byte no host name has
		{"http://a\tb/x", "", false},
		{"http://a\x7fb/x", "", false},
		{"http://a<b/", "", false},
		{"http://a|b/", "", false},
		{"http://a^b/", "", false},
		{"http://a\\b/", "", false},
		{"http://a{b/", "", false},
		{"http://a`b/", "", false},
		{`http://a"b/`, "", false},
		{"http://[::1/x", "", false}, // no closing bracket
		{"http://[]/x", "", false},
		{"http://[fe80::1%25eth0]/x", "", false}, // a zone
		{"http://[v1.x]/x", "", false},           // IPvFuture
		{"http://[0]/x", "", false},              // not an IPv6 address
		{"http://[1.2.3.4]/x", "", false},
		{"http://[1:2:3]/x", "", false},
		{"http://[::ffff:192.0.2.1]/x", "[::ffff:192.0.2.1]", true},
		{"http://[A:a::F:f]/x", "[a:a::f:f]", true},
		{"http://[fe80::1%eth0]/x", "", false}, // a zone, unencoded
		{"http://[[::1]]/x", "", false},
		{"http://[::1]x/", "", false}, // not a port after the bracket: no literal
		{"http://[::1]:x/", "", false},
		{"http://a_b-c~d.example/", "a_b-c~d.example", true}, // RFC 3986's reg-name
		{"http://a!$&'()*+,=.example/", "a!$&'()*+,=.example", true},
		// Percent-encoded: decoded first, as a URL parser does.
		{"http://b%C3%BCcher.example/", "xn--bcher-kva.example", true},
		{"http://a%2eb/", "a.b", true},
		{"http://%41.example/", "a.example", true},
		{"http://a%2e/", "a", true},
		{"http://a%20b/", "", false},
		{"http://a%2fb/", "", false},
		{"http://a%25b/", "", false},
		{"http://a%3ab/", "", false},
		{"http://a%3bb/", "", false},
		{"http://a%zzb/", "", false},
		{"http://a%4/", "", false},
		{"http://a%/", "", false},
	} {
		key, ok := runtime.HostKey(c.url)
		if key != c.key || ok != c.ok {
			t.Errorf("HostKey(%q) = %q, %v; want %q, %v", c.url, key, ok, c.key, c.ok)
		}
	}
	buf := make([]byte, 0, 64)
	if n := testing.AllocsPerRun(100, func() { runtime.AppendHostKey(buf[:0], "https://WWW.Example.com:8443/a") }); n != 0 {
		t.Errorf("AppendHostKey of an ASCII host allocates %.1f times", n)
	}
}

// TestHostKeyPrefix: the leading bytes that decide a plain URL's key, and
// the URLs that share them.
func TestHostKeyPrefix(t *testing.T) {
	for _, c := range []struct {
		url    string
		prefix string // "" where no prefix is known
	}{
		{"https://Example.COM/x", "https://Example.COM"},
		{"http://a-b.c0m?q", "http://a-b.c0m"},
		{"https://x.y#f", "https://x.y"},
		{"https://x.y", "https://x.y"},
		{"https://x.y./", ""},       // the general reading drops the dot
		{"https://a.com:443/", ""},  // a port
		{"https://u@a.com/", ""},    // userinfo
		{"HTTPS://a.com/", ""},      // a scheme not in lower case
		{"https://bücher.de/x", ""}, // an IDN
		{"http://a_b.com/", ""},     // a byte the plain form has not
		{"https://a.b\\c/", ""},     // nor this one
		{"/just/a/path", ""},        // no host
	} {
		want, wantOK := runtime.HostKey(c.url)
		key, n, ok := runtime.AppendHostKeyPrefix([]byte("p:"), c.url)
		if string(key) != "p:"+want || ok != wantOK {
			t.Errorf("AppendHostKeyPrefix(%q) = %q, %v; want the key %q, %v", c.url, key, ok, want, wantOK)
		}
		if c.url[:n] != c.prefix {
			t.Errorf("AppendHostKeyPrefix(%q): prefix %q, want %q", c.url, c.url[:n], c.prefix)
		}
	}
	prefix := []byte("https://Example.COM")
	for url, want := range map[string]bool{
		"https://Example.COM": true, "https://Example.COM/": true, "https://Example.COM?a": true,
		"https://Example.COM#a": true, "https://Example.COM.": false, "https://Example.COMx/": false,
		"https://Example.COM:443/": false, "https://example.com/": false, "https://Example.CO": false,
		"https://Example.COM\\x": false, "http://Example.COM/": false,
	} {
		if got := runtime.HasHostPrefix(url, prefix); got != want {
			t.Errorf("HasHostPrefix(%q, %q) = %v", url, prefix, got)
		}
	}
	if runtime.HasHostPrefix("", nil) || runtime.HasHostPrefix("https://a/", nil) {
		t.Error("HasHostPrefix takes the empty prefix")
	}
	buf := make([]byte, 0, 64)
	if n := testing.AllocsPerRun(100, func() {
		runtime.AppendHostKeyPrefix(buf[:0], "https://WWW.Example.com/a")
		runtime.HasHostPrefix("https://WWW.Example.com/b", prefix)
	}); n != 0 {
		t.Errorf("AppendHostKeyPrefix and HasHostPrefix allocate %.1f times", n)
	}
}

// FuzzHostKeyPrefix: a URL that has another's prefix has its key.
func FuzzHostKeyPrefix(f *testing.F) {
	f.Add("https://Example.COM/x", "/y?z")
	f.Add("http://a-b.c0m", "")
	f.Add("https://x.y#f", ".evil/")
	f.Fuzz(func(t *testing.T, url, rest string) {
		key, n, ok := runtime.AppendHostKeyPrefix(nil, url)
		if want, wantOK := runtime.HostKey(url); string(key) != want || ok != wantOK {
			t.Fatalf("AppendHostKeyPrefix(%q) = %q, %v; HostKey %q, %v", url, key, ok, want, wantOK)
		}
		if n == 0 {
			return
		}
		if !ok || n > len(url) || !runtime.HasHostPrefix(url, []byte(url[:n])) {
			t.Fatalf("AppendHostKeyPrefix(%q): prefix %d that its URL does not have", url, n)
		}
		other := url[:n] + rest
		if !runtime.HasHostPrefix(other, []byte(url[:n])) {
			return
		}
		if got, gotOK := runtime.HostKey(other); got != string(key) || !gotOK {
			t.Fatalf("%q has the prefix of %q but the key %q, %v, not %q", other, url, got, gotOK, key)
		}
	})
}
