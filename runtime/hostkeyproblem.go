package runtime

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// HostKeyProblem says why url has no HostKey, or "" when it has one: "no
// host" when Host finds none, else the host, quoted (cut at 64 bytes),
// and the first of the key's rules it breaks, in the order HostKey checks
// them:
//
//	HostKeyProblem(`https://"www.example.com/`) == `"\"www.example.com" has '"', which no host name has (RFC 3986 section 3.2.2)`
//	HostKeyProblem("http://a.example:99999/")   == `the port "99999" of "a.example" is over 65535`
//
// It is for reports on the rare URL that has no key: it allocates.
func HostKeyProblem(url string) string {
	if _, ok := HostKey(url); ok {
		return ""
	}
	host, port, ok := Host(url)
	if !ok {
		return "no host"
	}
	h := shownHost(host)
	if _, ok := keyPort(port); !ok {
		if strings.Trim(port, "0123456789") != "" {
			return fmt.Sprintf("the port %s of %s is not a number", shownHost(port), h)
		}
		return fmt.Sprintf("the port %s of %s is over 65535", shownHost(port), h)
	}
	if host[0] == '[' {
		return fmt.Sprintf("%s is no IPv6 address in brackets (or one with a zone)", h)
	}
	decoded, bad := percentDecoded(host)
	if bad >= 0 {
		return fmt.Sprintf("%s has a '%%' at byte %d not followed by two hex digits", h, bad)
	}
	if i := badHostByte(decoded); i >= 0 {
		c := decoded[i]
		shown := fmt.Sprintf("'%c'", c)
		if c < 0x20 || c == 0x7f { // a control byte, written or decoded from %XX
			shown = fmt.Sprintf("0x%02x", c)
		}
		return fmt.Sprintf("%s has %s, which no host name has (RFC 3986 section 3.2.2)", h, shown)
	}
	if strings.TrimRight(decoded, ".") == "" {
		return fmt.Sprintf("%s is only dots", h)
	}
	return fmt.Sprintf("%s is an IDN longer than DNS allows (253 code points, a label 63)", h)
}

// shownHost quotes s for a message, cut to its first 64 bytes (a host
// can be as long as its URL), or fewer so as not to split a rune.
func shownHost(s string) string {
	const most = 64
	if len(s) <= most {
		return fmt.Sprintf("%q", s)
	}
	cut := most
	for cut > most-utf8.UTFMax+1 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%q…", s[:cut])
}
