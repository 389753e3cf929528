package frontier

import (
	"encoding/hex"
	"fmt"
	"net/netip"
	"strings"
	"unicode/utf8"
)

// noKey says why a URL whose host and port runtime.Host reads has no
// runtime.HostKey, naming the host: the first of the key's rules the host
// breaks, in the order HostKey checks them. It runs only for such lines,
// which are rare; TestNoKeyAgreesWithHostKey and FuzzNoKey hold it to
// HostKey.
func noKey(host, port string) string {
	h := shown(host)
	for i := 0; i < len(port); i++ {
		if port[i] < '0' || port[i] > '9' {
			return fmt.Sprintf("the port %s of %s is not a number", shown(port), h)
		}
	}
	if p := strings.TrimLeft(port, "0"); len(p) > 5 || len(p) == 5 && p > "65535" {
		return fmt.Sprintf("the port %s of %s is over 65535", shown(port), h)
	}
	if host[0] == '[' {
		if strings.HasSuffix(host, "]") {
			if a, err := netip.ParseAddr(host[1 : len(host)-1]); err == nil && a.Is6() && a.Zone() == "" {
				return fallback(h)
			}
		}
		return fmt.Sprintf("%s is no IPv6 address in brackets (or one with a zone)", h)
	}
	decoded := make([]byte, 0, len(host))
	for i := 0; i < len(host); i++ {
		c := host[i]
		if c == '%' {
			var b [1]byte
			n := 0
			if i+2 < len(host) {
				n, _ = hex.Decode(b[:], []byte(host[i+1:i+3]))
			}
			if n != 1 {
				return fmt.Sprintf("%s has a '%%' at byte %d not followed by two hex digits", h, i)
			}
			c = b[0]
			i += 2
		}
		decoded = append(decoded, c)
	}
	for _, c := range decoded {
		if c < 0x80 && !hostByte(c) {
			shownByte := fmt.Sprintf("'%c'", c)
			if c < 0x20 || c == 0x7f { // decoded from %XX: a line holds none
				shownByte = fmt.Sprintf("0x%02x", c)
			}
			return fmt.Sprintf("%s has %s, which no host name has (RFC 3986 section 3.2.2)", h, shownByte)
		}
	}
	if strings.Trim(string(decoded), ".") == "" {
		return fmt.Sprintf("%s is only dots", h)
	}
	return fallback(h)
}

// fallback is the reason left when no rule noKey checks is broken: the
// Punycode conversion's bounds.
func fallback(h string) string {
	return fmt.Sprintf("%s is an IDN longer than DNS allows (253 code points, a label 63)", h)
}

// hostByte reports whether an ASCII byte may stand in a host name: RFC
// 3986's unreserved and sub-delims but ';', which ends the authority
// (SEMANTICS 4.1).
func hostByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		strings.IndexByte("-._~!$&'()*+,=", c) >= 0
}

// shown quotes s for a message, cut to its first 64 bytes (a host can be
// as long as its line), or fewer so as not to split a rune.
func shown(s string) string {
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
