package frontier

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/bench/workload"
	"github.com/stretchr/testify/require"
)

// plainBytewise is plain's definition, a byte at a time.
func plainBytewise(u string) bool {
	for i := 0; i < len(u); i++ {
		if c := u[i]; c < 0x20 || c == 0x7f {
			return false
		}
	}
	return u != ""
}

// plain reads words: every byte value at every place of lines of 1 to 17
// bytes (around both ends of a word), over backgrounds of ASCII and of
// bytes from 0x80 up, and random lines, agree with the definition.
func TestPlain(t *testing.T) {
	require.False(t, Plain(""))
	for _, bg := range []byte{'a', ' ', 0x7e, 0x80, 0xff} {
		for n := 1; n <= 17; n++ {
			for at := 0; at < n; at++ {
				for v := 0; v < 256; v++ {
					b := bytes.Repeat([]byte{bg}, n)
					b[at] = byte(v)
					require.Equal(t, plainBytewise(string(b)), Plain(string(b)), "%q", b)
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 100_000 {
		b := make([]byte, r.IntN(40))
		for i := range b {
			b[i] = byte(r.IntN(256))
			if r.IntN(4) > 0 {
				b[i] = byte(0x20 + r.IntN(0x60))
			}
		}
		require.Equal(t, plainBytewise(string(b)), Plain(string(b)), "%q", b)
	}
}

// TestProblem: each reason a line is not a URL the command can check,
// on both sides of its condition.
func TestProblem(t *testing.T) {
	for _, c := range []struct {
		line     string
		needHost bool
		want     string
	}{
		{"", false, "empty line"},
		{"https://a.example/\x01", false, "control byte 0x01 at byte 18"},
		{"https://a.example/\x7f", true, "control byte 0x7f at byte 18"},
		// A space is no control byte: the line is refused for what it is.
		{"not a url", false, "neither an absolute URL nor a path starting with '/'"},
		{"https://a.example/a b", true, ""},
		{"//a.example/p", true, ""},
		{"https://./p", true, `no host: "." is only dots`},
		{"http://a:b:80/p", true, `no host: "a:b" has ':', which no host name has (RFC 3986 section 3.2.2)`},
		{"http://a b/p", true, `no host: "a b" has ' ', which no host name has (RFC 3986 section 3.2.2)`},
		{"http://a.example:99999/p", true, `no host: the port "99999" of "a.example" is over 65535`},
		{"http://a b/p", false, ""},
		{"http://a:b:80/p", false, ""},
		{"https://./p", false, ""},
		// An authority written with no scheme before it is still one.
		{":///p", false, "no host"},
		{"https:///p", false, "no host"},
		{"a/b://c", true, "neither an absolute URL nor a path starting with '/'"},
		{"/p", true, "no host: a path, but -robots-dir and -pack need absolute URLs"},
		{"/p", false, ""},
	} {
		require.Equal(t, c.want, Problem([]byte(c.line), c.needHost), "%q needHost=%v", c.line, c.needHost)
	}
}

// FuzzPlain: the word-at-a-time test agrees with the definition on any
// line, whatever its length.
func FuzzPlain(f *testing.F) {
	for _, u := range []string{"", "https://a.example/", "https://a.example/\x7f", "\x00", "0123456789abcdef\x1f"} {
		f.Add(u)
	}
	f.Fuzz(func(t *testing.T, u string) {
		if got, want := Plain(u), plainBytewise(u); got != want {
			t.Errorf("Plain(%q) = %v, the definition says %v", u, got, want)
		}
	})
}

// BenchmarkPlain runs Plain and its bytewise definition over the sample
// frontier's lines, side by side; ns/op is per line.
func BenchmarkPlain(b *testing.B) {
	lines, err := workload.ReadLines("../../testdata/frontier/urls.txt.zst")
	if err != nil {
		b.Fatal(err)
	}
	for _, impl := range []struct {
		name string
		f    func(string) bool
	}{{"words", Plain}, {"bytes", plainBytewise}} {
		b.Run(impl.name, func(b *testing.B) {
			n := 0
			for i := 0; i < b.N; i++ {
				if impl.f(lines[i%len(lines)]) {
					n++
				}
			}
			if n != b.N {
				b.Fatalf("%d of %d lines plain", n, b.N)
			}
		})
	}
}

// TestField: a line's nth tab-separated field, as strings.Split reads it;
// a line with fewer fields has none.
func TestField(t *testing.T) {
	for _, line := range []string{"", "a", "a\tb", "a\tb\tc", "\t", "\t\t", "a\t\tc", "https://h/p\t3\tx"} {
		parts := strings.Split(line, "\t")
		for n := 1; n <= len(parts)+1; n++ {
			got, ok := Field([]byte(line), n)
			if n > len(parts) {
				require.False(t, ok, "Field(%q, %d)", line, n)
				require.Equal(t, fmt.Sprintf("no field %d: the line has %d (tab-separated)", n, len(parts)), NoField([]byte(line), n))
				continue
			}
			require.True(t, ok, "Field(%q, %d)", line, n)
			require.Equal(t, parts[n-1], string(got), "Field(%q, %d)", line, n)
		}
	}
}

// TestAppendEscaped: every byte value, as an error report shows it:
// control bytes as \xHH (lower-case), a backslash doubled, the rest as
// they are; after what dst holds, the same for a string and for bytes.
func TestAppendEscaped(t *testing.T) {
	for c := range 256 {
		want := string(rune(c))
		switch {
		case c < 0x20 || c == 0x7f:
			want = fmt.Sprintf(`\x%02x`, c)
		case c == '\\':
			want = `\\`
		case c >= 0x80:
			want = string([]byte{byte(c)})
		}
		line := "a" + string([]byte{byte(c)}) + "z"
		require.Equal(t, ">a"+want+"z", string(AppendEscaped([]byte(">"), line)), "byte %#x", c)
		require.Equal(t, ">a"+want+"z", string(AppendEscaped([]byte(">"), []byte(line))), "byte %#x", c)
	}
	require.Empty(t, AppendEscaped(nil, ""))
}

// TestIsPath: a line without an authority is a path when it begins with
// one '/', not with "//" (a network-path reference).
func TestIsPath(t *testing.T) {
	for u, want := range map[string]bool{
		"/": true, "/a/b?q": true, "/a//b": true,
		"//": false, "//example.com/a": false, "a/b": false, "?q": false, "example.com/a": false,
	} {
		require.Equal(t, want, IsPath(u), u)
	}
}
