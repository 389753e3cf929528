package compile

// isSpace reports whether c is an ASCII space character as C's isspace
// sees it: space, tab, LF, VT, FF, CR.
func isSpace(c byte) bool {
	return c == ' ' || ('\t' <= c && c <= '\r')
}

// isTokenByte reports whether c may appear in a product token: a letter,
// '_' or '-' (RFC 9309 section 2.2.1).
func isTokenByte(c byte) bool {
	return ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || c == '_' || c == '-'
}

// isGlobalAgent reports whether a user-agent value names the global group:
// "*", or "*" followed by whitespace and anything (both modes).
func isGlobalAgent(value string) bool {
	return len(value) >= 1 && value[0] == '*' && (len(value) == 1 || isSpace(value[1]))
}

// ProductToken extracts the product token from a user-agent value that is
// not global (SEMANTICS 2.3).
//
// Google: the longest prefix made of [A-Za-z_-] ("Googlebot/2.1" gives
// "Googlebot", "MJ12bot" gives "MJ", "*foo" gives "").
//
// RFC9309: the value up to the first whitespace or '/' ("MJ12bot" stays
// "MJ12bot", "ExampleBot/0.1" gives "ExampleBot").
func ProductToken(value string, mode Mode) string {
	i := 0
	if mode == RFC9309 {
		for i < len(value) && !isSpace(value[i]) && value[i] != '/' {
			i++
		}
		return value[:i]
	}
	for i < len(value) && isTokenByte(value[i]) {
		i++
	}
	return value[:i]
}

// ValidToken reports whether a crawler's own product token is one RFC 9309
// allows (section 2.2.1): one or more of [A-Za-z_-]. A crawler whose token
// is not valid can still be asked about (Google's reference compares it as
// given, so it can only match a group by coincidence); the command line
// warns about it.
func ValidToken(token string) bool {
	if token == "" {
		return false
	}
	for i := 0; i < len(token); i++ {
		if !isTokenByte(token[i]) {
			return false
		}
	}
	return true
}
