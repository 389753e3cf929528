package runtime

import "testing"

func TestHost(t *testing.T) {
	for _, c := range []struct{ url, host, port string }{
		{"https://Example.COM/x", "Example.COM", ""},
		{"http://example.com:8080/x?y", "example.com", "8080"},
		{"http://user:pw@example.com:81", "example.com", "81"},
		{"http://a@b@example.com/", "example.com", ""},
		{"http://@example.com/", "example.com", ""},
		{"://example.com/x", "example.com", ""}, // "://" at the start, as the path's reading takes it
		{"http://[::1]:8080/x", "[::1]", "8080"},
		{"http://[::1]/x", "[::1]", ""},
		{"http://[::1]:/x", "[::1]", ""},
		{"http://[::1]x/", "[::1]x", ""},
		{"http://[::1]x:80/", "[::1]x:80", ""},
		{"http://[::1/x", "[::1", ""},
		{"//cdn.example.com/x", "cdn.example.com", ""},
		{"https://example.com?q", "example.com", ""},
		{"https://example.com#f", "example.com", ""},
		{"https://example.com;p", "example.com", ""},
		{"ftp://example.com/x", "example.com", ""},
		{"https://", "", ""},
		{"https:///x", "", ""},
		{"http://:80/", "", ""},
		{"/path://x", "", ""},
		{"example.com/x", "", ""},
		{"", "", ""},
	} {
		host, port, ok := Host(c.url)
		if host != c.host || port != c.port || ok != (c.host != "") {
			t.Errorf("Host(%q) = %q, %q, %v; want %q, %q", c.url, host, port, ok, c.host, c.port)
		}
	}
}

func TestMatchPath(t *testing.T) {
	google := Matcher{}
	if got := string(google.MatchPath(nil, "http://x.com?a=%7e")); got != "/?a=%7e" {
		t.Errorf("google MatchPath = %q", got)
	}
}
