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
