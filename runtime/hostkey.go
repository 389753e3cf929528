package runtime

import "strings"

// HostKey returns the key under which the robots.txt of url's host is kept,
// one for the whole project (a store, a directory of robots.txt files,
// fetch's cache): the authority's host lower-cased, an IDN label in its
// ASCII form ("xn--" and Punycode, RFC 3492), a trailing dot dropped, and
// the port kept as ":port" unless it is the scheme's default (80 for http,
// 443 for https), a port of digits without its leading zeros (":0443" is
// 443, as a browser and net/http read it); userinfo, path, query and
// fragment play no part. An IPv6 host keeps its brackets. ok is false when
// url has no host (see Host), an IDN host longer than a DNS name or label
// allows (253 and 63 code points), a ':' in a host outside brackets or in
// the port after them, or a byte of 0x80 or more within brackets. A key is
// its own key: HostKey("//"+key) is key.
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
// IDN host's Punycode allocates.
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
	// A key is its own key (HostKey("//"+key) is key): so a bracketed host
	// must be ASCII (not made a Punycode label) and its port hold no ':',
	// another host may hold no ':' at all, and every trailing dot goes,
	// not only the last.
	if host[0] == '[' {
		if !isASCIIHost(host) || strings.IndexByte(port, ':') >= 0 {
			return dst, false
		}
	} else if strings.IndexByte(host, ':') >= 0 {
		return dst, false
	} else {
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
	port = decimalPort(port)
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

// decimalPort returns a port of digits without its leading zeros ("0"
// for zeros alone), so that a port written "0443" keys as the 443 it is
// dialled as; any other port is returned as written.
func decimalPort(port string) string {
	if port == "" || port[0] != '0' {
		return port
	}
	for i := 0; i < len(port); i++ {
		if port[i] < '0' || port[i] > '9' {
			return port
		}
	}
	if port = strings.TrimLeft(port, "0"); port == "" {
		return "0"
	}
	return port
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
