package compile

import (
	"fmt"
	"strings"
	"testing"
)

// unreserved is RFC 3986 section 2.3's unreserved characters, written out.
const unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"

// TestCharacterClasses (rfc, google): the byte classes the parser and
// NormalizePattern read, on every byte, against the sets written out.
func TestCharacterClasses(t *testing.T) {
	const (
		hex   = "0123456789abcdefABCDEF"
		space = " \t\n\v\f\r" // C's isspace
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

// TestNormalizePatternEveryByte (rfc, google; SEMANTICS 3.2): every byte
// as itself and as an escape in either case of hex, against the rule
// written out: a byte of 0x80 or more is escaped, an escape's hex is
// upper-cased, and RFC mode decodes the escape of an unreserved
// character.
func TestNormalizePatternEveryByte(t *testing.T) {
	for c := 0; c < 256; c++ {
		b := string([]byte{byte(c)}) // the byte, not its rune's UTF-8
		escaped := fmt.Sprintf("%%%02X", c)
		for _, mode := range []Mode{Google, RFC9309} {
			raw := "/" + b + "/"
			want := raw
			if c >= 0x80 {
				want = "/" + escaped + "/"
			} else if b == "$" && mode == RFC9309 {
				want = "/%24/"
			}
			if got := NormalizePattern(raw, mode); got != want {
				t.Errorf("%v: NormalizePattern(%q) = %q, want %q", mode, raw, got, want)
			}
			decoded := "/" + escaped + "/"
			if mode == RFC9309 && c < 0x80 && strings.Contains(unreserved, b) {
				decoded = "/" + b + "/"
			}
			for _, in := range []string{"/" + escaped + "/", "/" + strings.ToLower(escaped) + "/"} {
				if got := NormalizePattern(in, mode); got != decoded {
					t.Errorf("%v: NormalizePattern(%q) = %q, want %q", mode, in, got, decoded)
				}
			}
		}
	}
}
