package runtime_test

import (
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/runtime"
	"github.com/stretchr/testify/require"
)

// TestHostKeyProblem: the reason names the rule the host breaks, and the
// host; a URL with a key has none.
func TestHostKeyProblem(t *testing.T) {
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
		"http://%zz.example/":           `"%zz.example" has a '%' at byte 0 not followed by two hex digits`,
		// A host of 64 bytes is shown whole, a longer one cut at a rune.
		"http://" + strings.Repeat("a", 63) + "|/":         `"` + strings.Repeat("a", 63) + `|" has '|', which no host name has (RFC 3986 section 3.2.2)`,
		"http://" + strings.Repeat("a", 64) + "|/":         `"` + strings.Repeat("a", 64) + `"… has '|', which no host name has (RFC 3986 section 3.2.2)`,
		"http://" + strings.Repeat("\x80", 70) + "|/":      `"` + strings.Repeat(`\x80`, 61) + `"… has '|', which no host name has (RFC 3986 section 3.2.2)`,
		"http://" + strings.Repeat("a", 63) + "ü|/":        `"` + strings.Repeat("a", 63) + `"… has '|', which no host name has (RFC 3986 section 3.2.2)`,
		"https://" + strings.Repeat("ü", 64) + ".example/": `"` + strings.Repeat("ü", 32) + `"… is an IDN longer than DNS allows (253 code points, a label 63)`,
	} {
		require.Equal(t, want, runtime.HostKeyProblem(line), line)
	}
	for _, u := range []string{"https://example.com/x", "http://[::1]:8080/", "https://bücher.example/", "http://a%2eb/"} {
		require.Empty(t, runtime.HostKeyProblem(u), u)
	}
	require.Equal(t, "no host", runtime.HostKeyProblem("https:///x"))
	require.Equal(t, `"a\x01b" has 0x01, which no host name has (RFC 3986 section 3.2.2)`, runtime.HostKeyProblem("http://a\x01b/"))
}

// TestHostKeyProblemBytes: of the bytes a host can hold, the reason names
// exactly those HostKey refuses: "a" c "b|" names c if "a" c "b" has no
// key, else '|'.
func TestHostKeyProblemBytes(t *testing.T) {
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
		require.Contains(t, runtime.HostKeyProblem("http://a"+string(c)+"b|/"), " has "+want+",", "%q", c)
	}
}

// TestHostKeyProblemNamesARule: on random hosts and ports with no key,
// the reason names a rule broken; the IDN lengths, its last resort, only
// for a host with a byte of 0x80 or more once decoded.
func TestHostKeyProblemNamesARule(t *testing.T) {
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
		host, _, ok := runtime.Host(u)
		if !ok {
			continue
		}
		_, keyed := runtime.HostKey(u)
		why := runtime.HostKeyProblem(u)
		if keyed {
			require.Empty(t, why, u)
		} else {
			require.NotEmpty(t, why, u)
			if isASCIIDecoded(host) {
				require.NotContains(t, why, "IDN longer", "%q: no key, and no rule its ASCII host breaks", u)
			}
		}
	}
}

// FuzzHostKeyProblem: for any string, HostKeyProblem does not panic, is
// empty exactly when HostKey gives a key, and names a rule broken, the
// IDN lengths (its last resort) only for a host with a byte of 0x80 or
// more once decoded.
func FuzzHostKeyProblem(f *testing.F) {
	for _, s := range []string{"https://\"www.example.com/x", "http://a%2eb/", "http://[::1]x/", "http://[fe80::1%25eth0]/",
		"http://a.example:070000/", "https://" + strings.Repeat("ü", 64) + ".example/", "http://a%zz/", "//./"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		why := runtime.HostKeyProblem(s)
		_, keyed := runtime.HostKey(s)
		host, _, ok := runtime.Host(s)
		switch {
		case keyed != (why == ""):
			t.Fatalf("%q: key %v, reason %q", s, keyed, why)
		case !keyed && !ok && why != "no host":
			t.Fatalf("%q: no host, reason %q", s, why)
		case !keyed && ok && strings.Contains(why, "IDN longer") && isASCIIDecoded(host):
			t.Fatalf("%q: no key, and no rule its ASCII host breaks: %s", s, why)
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
