package runtime

import "strings"

// UserAgentToken returns the product token by which a crawler whose
// User-Agent header is userAgent names itself (RFC 9309 section 2.2.1),
// to give to Robots.Agent: the name of the header's first product (RFC
// 9110 section 10.1.5), so "ExampleBot/1.0 (+https://example.com/bot)"
// gives "ExampleBot"; or, when that product is Mozilla (a header that
// claims to be a browser), the product that follows "compatible;" in a
// comment, so "Mozilla/5.0 (compatible; Googlebot/2.1;
// +http://www.google.com/bot.html)" gives "Googlebot". It returns "" when
// the header names no product.
//
// The name is returned as written. RFC 9309 allows only letters, '_' and
// '-' in a product token; a name with other characters ("MJ12bot")
// matches its own user-agent lines in RFC mode but not in Google mode,
// where, as in Google's reference, the file's token stops at the first
// such character ("MJ") and the crawler's is compared as given.
func UserAgentToken(userAgent string) string {
	name := productName(strings.TrimLeft(userAgent, " \t"))
	if !strings.EqualFold(name, "mozilla") {
		return name
	}
	// A browser-like header: the crawler names itself after
	// "compatible;" in a comment.
	rest := userAgent
	for {
		open := strings.IndexByte(rest, '(')
		if open < 0 {
			return name
		}
		rest = rest[open+1:]
		end := strings.IndexByte(rest, ')')
		if end < 0 {
			end = len(rest)
		}
		items := strings.Split(rest[:end], ";")
		for i, item := range items {
			if strings.EqualFold(strings.TrimSpace(item), "compatible") && i+1 < len(items) {
				if n := productName(strings.TrimLeft(items[i+1], " \t")); n != "" {
					return n
				}
			}
		}
		rest = rest[end:]
	}
}

// productName is the token a product starts with (RFC 9110's tchar).
func productName(s string) string {
	i := 0
	for i < len(s) && isTokenChar(s[i]) {
		i++
	}
	return s[:i]
}

// isTokenChar reports whether c may appear in an RFC 9110 token.
func isTokenChar(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
}
