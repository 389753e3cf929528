package runtime

import (
	"net/netip"
	"strings"
)

// HostKey returns the key under which the robots.txt of url's host is kept,
// one for the whole project (a store, a directory of robots.txt files,
// fetch's cache): the authority's host lower-cased, an IDN label in its
// ASCII form ("xn--" and Punycode, RFC 3492), a trailing dot dropped, and
// the port kept as ":port" unless it is the scheme's default (80 for http,
// 443 for https), without its leading zeros (":0443" is 443, as a browser
// and net/http read it); userinfo, path, query and fragment play no part.
// A percent-encoded host is decoded first ("b%C3%BCcher.example" is
// "bücher.example"). An IPv6 host keeps its brackets. ok is false when url
// has no host (see Host), or one that names no origin a crawler could
// fetch: a byte RFC 3986 section 3.2.2 does not allow in a host name
// (space, a control byte, ':', '%' not followed by two hex digits, '<',
// '|', …: letters, digits, '-', '.', '_', '~' and "!$&'()*+,=" are; ';'
// ends the authority, SEMANTICS 4.1), brackets holding no IPv6 address (or
// one with a zone), a port not of digits or over 65535, or an IDN host
// longer than a DNS name or label allows (253 and 63 code points);
// HostKeyProblem says which. A key is its own key: HostKey("//"+key) is
// key.
//
//	HostKey("https://Bücher.Example.:443/x?y") == "xn--bcher-kva.example"
//	HostKey("http://example.com:8080/")        == "example.com:8080"
//
// A key names the host, not the origin: http and https URLs of one host
// and port share it.
func HostKey(url string) (key string, ok bool) {
	var buf [64]byte
	k, ok := AppendHostKey(buf[:0], url)
	return string(k), ok
}

// AppendHostKey appends url's HostKey to dst. For a host of ASCII
// characters (nearly every one) it allocates nothing but to grow dst; an
// IDN host's Punycode, and a percent-encoded host's decoding, allocate.
func AppendHostKey(dst []byte, url string) ([]byte, bool) {
	if k, ok := appendPlainHostKey(dst, url); ok {
		return k, true
	}
	return appendGeneralHostKey(dst, url)
}

// AppendHostKeyPrefix is AppendHostKey that also returns prefix, the
// length of url's leading bytes that alone decide its key, or 0 when url
// is not of the form nearly every crawl's URLs take ("http://" or
// "https://" and a host of ASCII letters, digits, '.' and '-'). Every URL
// for which HasHostPrefix(url, url[:prefix]) holds has this key, so a
// reader of URLs grouped by host can tell the next URL of a host from
// bytes it already holds, without computing its key again.
func AppendHostKeyPrefix(dst []byte, url string) (key []byte, prefix int, ok bool) {
	if k, ok := appendPlainHostKey(dst, url); ok {
		prefix = len("http://") + len(k) - len(dst)
		if url[4] == 's' {
			prefix++
		}
		return k, prefix, true
	}
	key, ok = appendGeneralHostKey(dst, url)
	return key, 0, ok
}

// HasHostPrefix reports whether url begins with prefix, a URL's leading
// bytes as AppendHostKeyPrefix measured them, followed by its end or '/',
// '?' or '#': then url's HostKey is that URL's.
func HasHostPrefix(url string, prefix []byte) bool {
	n := len(prefix)
	if n == 0 || len(url) < n || url[:n] != string(prefix) {
		return false
	}
	return len(url) == n || url[n] == '/' || url[n] == '?' || url[n] == '#'
}

// appendGeneralHostKey is AppendHostKey for any URL, read as Host reads it.
func appendGeneralHostKey(dst []byte, url string) ([]byte, bool) {
	host, port, ok := Host(url)
	if !ok {
		return dst, false
	}
	if port, ok = keyPort(port); !ok {
		return dst, false
	}
	// A key is its own key (HostKey("//"+key) is key): so a bracketed host
	// is ASCII (not made a Punycode label), another holds no '%' once
	// decoded and no ':' (badHostByte), and every trailing dot goes, not only
	// the last.
	if host[0] == '[' {
		if !ipLiteral(host) {
			return dst, false
		}
	} else {
		if strings.IndexByte(host, '%') >= 0 {
			var bad int
			if host, bad = percentDecoded(host); bad >= 0 {
				return dst, false
			}
		}
		if badHostByte(host) >= 0 {
			return dst, false
		}
		host = strings.TrimRight(host, ".")
	}
	start := len(dst)
	if isASCIIHost(host) {
		for i := 0; i < len(host); i++ {
			c := host[i]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			dst = append(dst, c)
		}
	} else {
		a, err := asciiHost(host)
		if err != nil {
			return dst[:start], false
		}
		dst = append(dst, a...)
	}
	if len(dst) == start {
		return dst, false
	}
	if port != "" && !defaultPort(url, port) {
		dst = append(append(dst, ':'), port...)
	}
	return dst, true
}

// isASCIIHost reports whether host has no byte of 0x80 or more.
func isASCIIHost(host string) bool {
	for i := 0; i < len(host); i++ {
		if host[i] >= 0x80 {
			return false
		}
	}
	return true
}

// keyPort returns a port as a key writes it: digits without their
// leading zeros ("0" for zeros alone), so that a port written "0443" keys
// as the 443 it is dialled as. ok is false for a port not of digits or
// over 65535, which no URL parser or dialler takes.
func keyPort(port string) (string, bool) {
	for i := 0; i < len(port); i++ {
		if port[i] < '0' || port[i] > '9' {
			return "", false
		}
	}
	if port == "" {
		return "", true
	}
	if port = strings.TrimLeft(port, "0"); port == "" {
		return "0", true
	}
	if len(port) > 5 || len(port) == 5 && port > "65535" {
		return "", false
	}
	return port, true
}

// ipLiteral reports whether a bracketed host holds an IPv6 address (RFC
// 3986 section 3.2.2), without a zone ("%25eth0", local to a machine) and
// not RFC 3986's IPvFuture: what a crawl can fetch, and net/url reads.
func ipLiteral(host string) bool {
	if host[len(host)-1] != ']' { // host is "[" at least
		return false
	}
	addr, err := netip.ParseAddr(host[1 : len(host)-1])
	return err == nil && addr.Is6() && addr.Zone() == ""
}

// badHostByte returns the index of host's first ASCII byte that RFC 3986
// section 3.2.2 does not allow in a registered name, unencoded (it allows
// unreserved and sub-delims, but ';', where the authority ends: SEMANTICS
// 4.1), or -1 when there is none; bytes of 0x80 and more are an IDN's,
// for Punycode.
func badHostByte(host string) int {
	for i := 0; i < len(host); i++ {
		if c := host[i]; !unreserved(c) && c < 0x80 && strings.IndexByte("!$&'()*+,=", c) < 0 {
			return i
		}
	}
	return -1
}

// percentDecoded returns host with each "%XX" decoded, and -1; or "" and
// the index of a '%' not followed by two hex digits.
func percentDecoded(host string) (string, int) {
	b := make([]byte, 0, len(host))
	for i := 0; i < len(host); i++ {
		if host[i] != '%' {
			b = append(b, host[i])
			continue
		}
		if i+2 >= len(host) || !isHex(host[i+1]) || !isHex(host[i+2]) {
			return "", i
		}
		b = append(b, unhex(host[i+1])<<4|unhex(host[i+2]))
		i += 2
	}
	return string(b), -1
}

// defaultPort reports whether port is the default of url's scheme.
func defaultPort(url, port string) bool {
	scheme, _, found := strings.Cut(url, "://")
	if !found {
		return false
	}
	switch {
	case strings.EqualFold(scheme, "http"):
		return port == "80"
	case strings.EqualFold(scheme, "https"):
		return port == "443"
	}
	return false
}

// appendPlainHostKey is AppendHostKey for a URL of nearly every crawl's
// form: "http://" or "https://", a host of letters, digits, '.' and '-'
// not ending in '.', then the end or '/', '?' or '#'. ok is false for any
// other (a port, userinfo, another scheme): the caller reads it as Host
// does. The key is the host, lower-cased.
func appendPlainHostKey(dst []byte, url string) ([]byte, bool) {
	var i int
	switch {
	case len(url) >= 8 && url[:8] == "https://":
		i = 8
	case len(url) >= 7 && url[:7] == "http://":
		i = 7
	default:
		return dst, false
	}
	start, from := len(dst), i
	for ; i < len(url); i++ {
		c := url[i]
		switch {
		case 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '.' || c == '-':
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		case c == '/' || c == '?' || c == '#':
			if i == from || url[i-1] == '.' {
				return dst[:start], false
			}
			return dst, true
		default:
			return dst[:start], false
		}
		dst = append(dst, c)
	}
	if i == from || url[i-1] == '.' {
		return dst[:start], false
	}
	return dst, true
}
