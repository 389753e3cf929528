package runtime

import "testing"

// TestSchemeEnd (rfc: RFC 3986 3.1's scheme, ALPHA *( ALPHA / DIGIT / "+"
// / "-" / "." )): the fast reading of "scheme://" finds every scheme so
// written, and nothing else; what it declines goes to the general reading.
func TestSchemeEnd(t *testing.T) {
	for url, want := range map[string]int{
		"https://h/":             5,
		"http://h/":              4,
		"https://":               5,
		"ftp://h/":               3,
		"AZaz09+-.://h":          9,
		"z://h":                  1,
		"Z9://h":                 2,
		"svn+ssh://h/":           7,
		"a.b-c://h":              5,
		"https:/h":               -1,
		"9a://h":                 -1,
		"+a://h":                 -1,
		"a b://h":                -1,
		"a/b://h":                -1,
		"a:b://h":                -1,
		"a@://h":                 -1,
		"a[://h":                 -1,
		"a`://h":                 -1,
		"a{://h":                 -1,
		"://h":                   -1,
		"abc":                    -1,
		"":                       -1,
		"a:/":                    -1,
		"mailto:x@example.com/p": -1,
	} {
		if got := schemeEnd(url); got != want {
			t.Errorf("schemeEnd(%q) = %d, want %d", url, got, want)
		}
	}
}
