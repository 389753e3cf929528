package compile

import "strings"

const upperHex = "0123456789ABCDEF"

func isHex(c byte) bool {
	return ('0' <= c && c <= '9') || ('a' <= c && c <= 'f') || ('A' <= c && c <= 'F')
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	default:
		return c - 'a' + 10
	}
}

func upperHexByte(c byte) byte {
	if 'a' <= c && c <= 'f' {
		return c - 'a' + 'A'
	}
	return c
}

// isUnreserved reports whether c is an unreserved character of RFC 3986
// (A-Z a-z 0-9 - . _ ~).
func isUnreserved(c byte) bool {
	return ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || ('0' <= c && c <= '9') ||
		c == '-' || c == '.' || c == '_' || c == '~'
}

// NormalizePattern returns an allow or disallow value in the form it is
// matched in (SEMANTICS 3.2). The result's length is the rule's priority.
//
// Both modes: every byte >= 0x80 becomes %XX and every %xx escape gets
// upper-case hex digits.
//
// RFC9309 also decodes escapes of unreserved characters (%7E is '~'),
// and writes a '$' that is not the pattern's last byte as %24, the form in
// which the runtime sees a literal '$' of the URL; %2A and %24 stay escaped
// and so match a literal '*' or '$' in the URL (RFC 9309 section 2.2.3).
//
// The result shares the input's memory when nothing changes.
func NormalizePattern(value string, mode Mode) string {
	if !patternNeedsWork(value, mode) {
		return value
	}
	var b strings.Builder
	b.Grow(len(value) + 8)
	for i := 0; i < len(value); i++ {
		c := value[i]
		switch {
		case c == '%' && i+2 < len(value) && isHex(value[i+1]) && isHex(value[i+2]):
			v := unhex(value[i+1])<<4 | unhex(value[i+2])
			if mode == RFC9309 && isUnreserved(v) {
				b.WriteByte(v)
			} else {
				b.WriteByte('%')
				b.WriteByte(upperHexByte(value[i+1]))
				b.WriteByte(upperHexByte(value[i+2]))
			}
			i += 2
		case c >= 0x80:
			b.WriteByte('%')
			b.WriteByte(upperHex[c>>4])
			b.WriteByte(upperHex[c&15])
		case c == '$' && mode == RFC9309 && i != len(value)-1:
			b.WriteString("%24")
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// patternNeedsWork reports whether NormalizePattern would change value.
func patternNeedsWork(value string, mode Mode) bool {
	for i := 0; i < len(value); i++ {
		c := value[i]
		if !patternSpecial[c] {
			continue
		}
		switch {
		case c >= 0x80:
			return true
		case c == '%' && i+2 < len(value) && isHex(value[i+1]) && isHex(value[i+2]):
			if !isUpperHexPair(value[i+1], value[i+2]) ||
				(mode == RFC9309 && isUnreserved(unhex(value[i+1])<<4|unhex(value[i+2]))) {
				return true
			}
			i += 2
		case c == '$' && mode == RFC9309 && i != len(value)-1:
			return true
		}
	}
	return false
}

// patternSpecial marks the bytes NormalizePattern may change: '%', '$' and
// bytes >= 0x80.
var patternSpecial = func() (t [256]bool) {
	t['%'], t['$'] = true, true
	for c := 0x80; c < 256; c++ {
		t[c] = true
	}
	return t
}()

func isUpperHexPair(a, b byte) bool {
	return upperHexByte(a) == a && upperHexByte(b) == b
}

// impliedIndexPattern returns the pattern Google's index.htm rule implies
// for an allow pattern, and whether there is one (SEMANTICS 3.6, Google
// mode only): when the pattern's last '/'-segment starts with "index.htm",
// its directory is allowed exactly ("/d/index.html" implies "/d/$").
func impliedIndexPattern(pattern string) (string, bool) {
	slash := strings.LastIndexByte(pattern, '/')
	if slash < 0 || !strings.HasPrefix(pattern[slash:], "/index.htm") {
		return "", false
	}
	return pattern[:slash+1] + "$", true
}
