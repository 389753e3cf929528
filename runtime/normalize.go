package runtime

// RFC 9309 mode's URL-side normalisation (SEMANTICS 3.2, 4.2), into a
// caller's buffer: escapes of unreserved characters decoded, other escapes
// with upper-case hex, bytes >= 0x80 escaped, and a literal '*' or '$'
// written %2A or %24, the form in which a pattern names them.

const upperHex = "0123456789ABCDEF"

// normalizeRFC appends the normalised form of path (with a '/' in front
// when slash) to dst, which needs room for 3*len(path)+1 bytes to avoid
// growing.
func normalizeRFC(dst []byte, path string, slash bool) []byte {
	if slash {
		dst = append(dst, '/')
	}
	for i := 0; i < len(path); i++ {
		c := path[i]
		switch {
		case c == '%' && i+2 < len(path) && isHex(path[i+1]) && isHex(path[i+2]):
			v := unhex(path[i+1])<<4 | unhex(path[i+2])
			if unreserved(v) {
				dst = append(dst, v)
			} else {
				dst = append(dst, '%', upperHex[v>>4], upperHex[v&15])
			}
			i += 2
		case c >= 0x80 || c == '*' || c == '$':
			dst = append(dst, '%', upperHex[c>>4], upperHex[c&15])
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// unreserved: RFC 3986's unreserved characters.
func unreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~'
}
