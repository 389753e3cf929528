package runtime_test

import (
	"testing"

	"github.com/robotsdfa/robotsdfa/runtime"
)

// TestUserAgentToken: rfc (RFC 9309 section 2.2.1, RFC 9110 section
// 10.1.5). A header's first product's name, or after "compatible;" when
// the header claims to be Mozilla; "" when there is none.
func TestUserAgentToken(t *testing.T) {
	for _, c := range []struct{ header, want string }{
		{"ExampleBot/1.0 (+https://example.com/bot)", "ExampleBot"},
		{"examplebot", "examplebot"},
		{"  PoliteBot/2 extra/3", "PoliteBot"},
		{"MJ12bot/v1.4.8 (http://mj12bot.com/)", "MJ12bot"},
		{"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", "bingbot"},
		{"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/120 Safari/537.36", "Googlebot"},
		{"mozilla/5.0 (COMPATIBLE;  Yeti/1.1)", "Yeti"},
		{"Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/120.0", "Mozilla"},
		{"Mozilla/5.0 (compatible)", "Mozilla"},
		{"Mozilla/5.0 (compatible; ; X/1)", "Mozilla"},
		{"Mozilla/5.0 (compatible; Bot/1", "Bot"},
		{"Mozilla/5.0 () (compatible; Bot/1)", "Bot"}, // an empty comment first
		{"!bot/1.0", "!bot"},                          // '!' is a tchar
		{"/1.0", ""},
		{"", ""},
		{"(compatible; X/1)", ""},
	} {
		if got := runtime.UserAgentToken(c.header); got != c.want {
			t.Errorf("UserAgentToken(%q) = %q, want %q", c.header, got, c.want)
		}
	}
}
