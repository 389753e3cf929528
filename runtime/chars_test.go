package runtime

import (
	"strings"
	"testing"
)

// TestCharacterClasses (rfc): the byte classes the path normalisation and
// UserAgentToken read, on every byte, against the sets written out.
func TestCharacterClasses(t *testing.T) {
	const (
		letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
		hex     = "0123456789abcdefABCDEF"
		unres   = letters + "-._~"            // RFC 3986 2.3
		token   = letters + "!#$%&'*+-.^_`|~" // RFC 9110 5.6.2's tchar
	)
	for c := 0; c < 256; c++ {
		b := byte(c)
		in := func(set string) bool { return c < 0x80 && strings.IndexByte(set, b) >= 0 }
		if got, want := isHex(b), in(hex); got != want {
			t.Errorf("isHex(%#x) = %v", c, got)
		}
		if got, want := unreserved(b), in(unres); got != want {
			t.Errorf("unreserved(%#x) = %v", c, got)
		}
		if got, want := isTokenChar(b), in(token); got != want {
			t.Errorf("isTokenChar(%#x) = %v", c, got)
		}
	}
}
