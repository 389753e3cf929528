package fetch

import (
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestUserAgentIsTheCrawler (rfc 2.2.1): without tokens, Client.Allowed and a
// Transport answer for the crawler the Client's User-Agent names (its
// product token), the one its robots.txt requests name; an explicit ""
// is the '*' groups, and tokens given win.
func TestUserAgentIsTheCrawler(t *testing.T) {
	p := newPaced(t, "user-agent: examplebot\ndisallow: /x\n\nuser-agent: robotsdfa\ndisallow: /own\n\nuser-agent: *\nallow: /\n")
	ctx := context.Background()
	cases := []struct {
		ua     string
		tokens []string
		x, own bool // /x and /own allowed
	}{
		{"examplebot/1.0 (+https://example.com/bot)", nil, false, true},
		{"Mozilla/5.0 (compatible; ExampleBot/2.1; +https://example.com/bot)", nil, false, true},
		{"", nil, true, false}, // DefaultUserAgent: robotsdfa
		{"examplebot/1.0", []string{""}, true, true},
		{"examplebot/1.0", []string{"robotsdfa"}, true, false},
	}
	for _, c := range cases {
		cl := &Client{UserAgent: c.ua}
		for _, want := range []struct {
			path    string
			allowed bool
		}{{"/x", c.x}, {"/own", c.own}} {
			got, _, err := cl.Allowed(ctx, p.URL+want.path, c.tokens...)
			require.NoError(t, err)
			require.Equal(t, want.allowed, got, "Allowed %q %q %s", c.ua, c.tokens, want.path)

			hc := &http.Client{Transport: &Transport{Client: cl, Tokens: c.tokens}}
			resp, err := hc.Get(p.URL + want.path)
			if want.allowed {
				require.NoError(t, err, "Transport %q %q %s", c.ua, c.tokens, want.path)
				resp.Body.Close()
			} else {
				var d *DisallowedError
				require.ErrorAs(t, err, &d, "Transport %q %q %s", c.ua, c.tokens, want.path)
			}
		}
	}
}
