package compile

import (
	"strings"
	"testing"
)

// TestCharacterClasses (rfc, google): the byte classes the parser and
// NormalizePattern read, on every byte, against the sets written out.
func TestCharacterClasses(t *testing.T) {
	const (
		hex        = "0123456789abcdefABCDEF"
		unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~" // RFC 3986 2.3
		space      = " \t\n\v\f\r"                                                        // C's isspace
	)
	for c := 0; c < 256; c++ {
		b := byte(c)
		in := func(set string) bool { return c < 0x80 && strings.IndexByte(set, b) >= 0 }
		if got, want := isHex(b), in(hex); got != want {
			t.Errorf("isHex(%#x) = %v", c, got)
		}
		if got, want := isUnreserved(b), in(unreserved); got != want {
			t.Errorf("isUnreserved(%#x) = %v", c, got)
		}
		if got, want := isSpace(b), in(space); got != want {
			t.Errorf("isSpace(%#x) = %v", c, got)
		}
	}
}
