package frontier

import (
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/runtime"
	"github.com/stretchr/testify/require"
)

// TestNoKey: the reason names the rule the host breaks, and the host.
func TestNoKey(t *testing.T) {
	for line, want := range map[string]string{
		`https://"www.example.com/x`:  `"\"www.example.com" has '"', which no host name has (RFC 3986 section 3.2.2)`,
		"http://a b/p":                `"a b" has ' ', which no host name has (RFC 3986 section 3.2.2)`,
		"http://a|b.example/":         `"a|b.example" has '|', which no host name has (RFC 3986 section 3.2.2)`,
		"http://a%3cb/":               `"a%3cb" has '<', which no host name has (RFC 3986 section 3.2.2)`,
		"http://a%00b/":               `"a%00b" has 0x00, which no host name has (RFC 3986 section 3.2.2)`,
		"http://a%zz/":                `"a%zz" has a '%' at byte 1 not followed by two hex digits`,
		"http://a.example:99999/p":    `the port "99999" of "a.example" is over 65535`,
		"http://a.example:000070000/": `the port "000070000" of "a.example" is over 65535`,
		"http://a:b:80/p":             `"a:b" has ':', which no host name has (RFC 3986 section 3.2.2)`,
		"http://a.example:8x/p":       `the port "8x" of "a.example" is not a number`,
		"http://[fe80::1%25eth0]/":    `"[fe80::1%25eth0]" is no IPv6 address in brackets (or one with a zone)`,
		"http://[1.2.3.4]/":           `"[1.2.3.4]" is no IPv6 address in brackets (or one with a zone)`,
		"https://./p":                 `"." is only dots`,
		// Every hex digit, of either case, decoded: only '<' is refused.
		"http://%30%39%61%66%41%46%3c/": `"%30%39%61%66%41%46%3c" has '<', which no host name has (RFC 3986 section 3.2.2)`,
		"http://%6a%6f%6A%6F%3c/":       `"%6a%6f%6A%6F%3c" has '<', which no host name has (RFC 3986 section 3.2.2)`,
		"http://a%g0/":                  `"a%g0" has a '%' at byte 1 not followed by two hex digits`,
		"http://a%0g/":                  `"a%0g" has a '%' at byte 1 not followed by two hex digits`,
		"http://a%/":                    `"a%" has a '%' at byte 1 not followed by two hex digits`,
		// A host of 64 bytes is shown whole, a longer one cut at a rune.
		"http://" + strings.Repeat("a", 63) + "|/":         `"` + strings.Repeat("a", 63) + `|" has '|', which no host name has (RFC 3986 section 3.2.2)`,
		"http://" + strings.Repeat("a", 64) + "|/":         `"` + strings.Repeat("a", 64) + `"… has '|', which no host name has (RFC 3986 section 3.2.2)`,
		"http://" + strings.Repeat("\x80", 70) + "|/":      `"` + strings.Repeat(`\x80`, 61) + `"… has '|', which no host name has (RFC 3986 section 3.2.2)`,
		"http://" + strings.Repeat("a", 63) + "ü|/":        `"` + strings.Repeat("a", 63) + `"… has '|', which no host name has (RFC 3986 section 3.2.2)`,
		"https://" + strings.Repeat("ü", 64) + ".example/": `"` + strings.Repeat("ü", 32) + `"… is an IDN longer than DNS allows (253 code points, a label 63)`,
	} {
		require.Equal(t, "no host: "+want, Problem([]byte(line), true), line)
	}
}

// TestNoKeyBytes: of the bytes a host can hold, noKey names exactly
// those that runtime.HostKey refuses: "a" c "b|" names c if "a" c "b" has
// no key, else '|'.
func TestNoKeyBytes(t *testing.T) {
	for c := byte(0x20); c < 0x7f; c++ {
		host, _, ok := runtime.Host("http://a" + string(c) + "b|/")
		if !ok || host != "a"+string(c)+"b|" || c == '%' || c == '[' {
			continue // c ends the host, or begins an escape or an IP literal
		}
		_, keyed := runtime.HostKey("http://a" + string(c) + "b/")
		want := fmt.Sprintf("'%c'", c)
		if keyed {
			want = "'|'"
		}
		require.Contains(t, noKey(host, ""), " has "+want+",", "%q", c)
	}
}

// TestNoKeyAgreesWithHostKey: on random hosts and ports, noKey finds a
// rule broken exactly when runtime.HostKey gives no key; only the IDN
// lengths, which it does not check, are its fallback.
func TestNoKeyAgreesWithHostKey(t *testing.T) {
	const alphabet = "aZ09-._~!$&'()*+,=%2eE:[]\" <|\\^`{}\x80ü"
	r := rand.New(rand.NewPCG(3, 4))
	// IP literals, which random bytes seldom spell, first.
	fixed := []string{"http://[::1]/p", "http://[2001:db8::1]:8080/p", "http://[::ffff:1.2.3.4]/p", "http://[fe80::1%25eth0]/p", "http://[::1/p"}
	for i := range 200_000 + len(fixed) {
		var b strings.Builder
		b.WriteString("http://")
		for range 1 + r.IntN(8) {
			b.WriteByte(alphabet[r.IntN(len(alphabet))])
		}
		if r.IntN(3) == 0 {
			b.WriteString(":" + []string{"80", "0", "65535", "65536", "0443", "8x", "", "1:2"}[r.IntN(8)])
		}
		b.WriteString("/p")
		u := b.String()
		if i < len(fixed) {
			u = fixed[i]
		}
		host, port, ok := runtime.Host(u)
		if !ok {
			continue
		}
		_, keyed := runtime.HostKey(u)
		why := noKey(host, port)
		if keyed {
			require.Contains(t, why, "IDN longer than DNS allows", "%q has a key, but noKey says %s", u, why)
		} else {
			require.NotContains(t, why, "IDN longer", "%q: no key, and noKey finds no rule it breaks", u)
		}
	}
}

// FuzzNoKey: for any line, Problem does not panic; where runtime.Host
// reads a host, noKey finds a rule broken exactly when runtime.HostKey
// gives no key, but for an IDN's length, its fallback, which a host of
// ASCII alone never gets.
func FuzzNoKey(f *testing.F) {
	for _, s := range []string{"https://\"www.example.com/x", "http://a%2eb/", "http://[::1]x/", "http://[fe80::1%25eth0]/",
		"http://a.example:070000/", "https://" + strings.Repeat("ü", 64) + ".example/", "http://a%zz/", "//./"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		Problem([]byte(s), true)
		host, port, ok := runtime.Host(s)
		if !ok {
			return
		}
		_, keyed := runtime.HostKey(s)
		why := noKey(host, port)
		fallback := strings.HasSuffix(why, "is an IDN longer than DNS allows (253 code points, a label 63)")
		switch {
		case keyed && !fallback:
			t.Fatalf("%q has a key, but noKey says %s", s, why)
		case !keyed && fallback && isASCIIDecoded(host):
			t.Fatalf("%q: no key, and noKey finds no rule its ASCII host breaks", s)
		}
	})
}

// isASCIIDecoded reports whether host, its %XX escapes decoded, is ASCII.
func isASCIIDecoded(host string) bool {
	for i := 0; i < len(host); i++ {
		c := host[i]
		var b [1]byte
		if c == '%' && i+2 < len(host) {
			if _, err := hex.Decode(b[:], []byte(host[i+1:i+3])); err == nil {
				c = b[0]
				i += 2
			}
		}
		if c >= 0x80 {
			return false
		}
	}
	return true
}
