// Package refurl is the URL side of the reference matcher: SEMANTICS
// 4.1's path and 4.2's RFC normalisation, written straight from the text,
// with no dependency, so that the runtime's own tests can use it as their
// oracle (package reference needs compile, which needs the runtime).
package refurl

import "strings"

// Path returns the part of url that rules are matched against (SEMANTICS
// 4.1): in Google mode (rfc false) up to a NUL, as the reference hands the
// path on as a C string; in RFC mode normalised (SEMANTICS 4.2).
func Path(url string, rfc bool) string {
	p := RawPath(url)
	if !rfc {
		if i := strings.IndexByte(p, 0); i >= 0 {
			p = p[:i]
		}
		return p
	}
	return NormalizeRFC(p)
}

// RawPath is SEMANTICS 4.1's path, before any per-mode processing.
func RawPath(url string) string {
	start := 0
	if strings.HasPrefix(url, "//") {
		start = 2
	}
	first := indexFrom(url, start, func(c byte) bool { return c == '/' || c == '?' || c == ';' })
	from := start
	if proto := strings.Index(url[start:], "://"); proto >= 0 {
		proto += start
		if first < 0 || first > proto {
			from = proto + 3
		}
	}
	pathStart := indexFrom(url, from, func(c byte) bool { return c == '/' || c == '?' || c == ';' })
	if pathStart < 0 {
		return "/"
	}
	end := len(url)
	if hash := indexFrom(url, start, func(c byte) bool { return c == '#' }); hash >= 0 {
		if hash < pathStart {
			return "/"
		}
		end = hash
	}
	p := url[pathStart:end]
	if p[0] != '/' {
		p = "/" + p
	}
	return p
}

func indexFrom(s string, from int, pred func(byte) bool) int {
	for i := from; i < len(s); i++ {
		if pred(s[i]) {
			return i
		}
	}
	return -1
}

// NormalizeRFC gives a URL path the normalisation patterns get in RFC mode
// (SEMANTICS 3.2, 4.2): escapes of unreserved characters decoded, other
// escapes with upper-case hex, bytes >= 0x80 escaped, and a literal '*' or
// '$' written %2A or %24, the form in which a pattern names them.
func NormalizeRFC(p string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '%' && i+2 < len(p) && hexVal(p[i+1]) >= 0 && hexVal(p[i+2]) >= 0:
			v := byte(hexVal(p[i+1])<<4 | hexVal(p[i+2]))
			if unreserved(v) {
				b.WriteByte(v)
			} else {
				b.WriteByte('%')
				b.WriteByte(hex[v>>4])
				b.WriteByte(hex[v&15])
			}
			i += 2
		case c >= 0x80 || c == '*' || c == '$':
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func hexVal(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// unreserved reports whether c is an unreserved character of RFC 3986:
// a letter, a digit, '-', '.', '_' or '~'.
func unreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
}
