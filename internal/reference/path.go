package reference

import (
	"strings"

	"github.com/robotsdfa/robotsdfa/compile"
)

// Path returns the part of url that rules are matched against (SEMANTICS
// 4.1), normalised per mode (SEMANTICS 4.2).
//
// Skip a leading "//". If "://" occurs before the first '/', '?' or ';',
// scheme and authority end at the next '/', '?' or ';' after it; otherwise
// the path starts at the first '/', '?' or ';'. No such character: "/". A
// '#' before the path start gives "/"; otherwise the path ends at the first
// '#'. A path starting with '?' or ';' gets a '/' in front.
func Path(url string, mode compile.Mode) string {
	p := RawPath(url)
	if mode == compile.Google {
		// The reference hands the path on as a C string.
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
			if compile.IsUnreserved(v) {
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

// Matches reports whether a normalised pattern matches path (SEMANTICS
// 3.3, 3.4): '*' matches any run of bytes, a final '$' anchors the end, and
// otherwise the pattern need only match a prefix of the path. A pattern
// without '*' is compared as it is (the path starts with it, or, anchored,
// is it); any other is matched by a plain dynamic program over (pattern
// position, path position), quadratic and obviously right, which stops
// early once no prefix of the path is live.
func Matches(pattern, path string) bool {
	anchored := strings.HasSuffix(pattern, "$")
	if anchored {
		pattern = pattern[:len(pattern)-1]
	}
	if !strings.Contains(pattern, "*") {
		if anchored {
			return path == pattern
		}
		return strings.HasPrefix(path, pattern)
	}
	// live[j]: the pattern so far can match exactly path[:j].
	live := make([]bool, len(path)+1)
	next := make([]bool, len(path)+1)
	live[0] = true
	for i := 0; i < len(pattern); i++ {
		any := false
		if pattern[i] == '*' {
			reached := false
			for j := range live {
				reached = reached || live[j]
				next[j] = reached
			}
			any = reached
		} else {
			next[0] = false
			for j := 0; j < len(path); j++ {
				next[j+1] = live[j] && path[j] == pattern[i]
				any = any || next[j+1]
			}
		}
		if !any {
			return false
		}
		live, next = next, live
	}
	if anchored {
		return live[len(path)]
	}
	return true // some prefix of the path is matched
}
