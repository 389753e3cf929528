package fetch

import (
	"bufio"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/stretchr/testify/require"
)

func TestOriginOf(t *testing.T) {
	for in, want := range map[string]string{
		"https://Example.COM/a/b?c":     "https://example.com",
		"HTTP://example.com:80/":        "http://example.com",
		"https://example.com:443":       "https://example.com",
		"http://example.com:8080/x":     "http://example.com:8080",
		"https://example.com:80/x":      "https://example.com:80",
		"https://example.com:0443/x":    "https://example.com", // what a browser and net/http dial
		"http://example.com:08080/x":    "http://example.com:8080",
		"http://user:pw@example.com/":   "http://example.com",
		"https://Bücher.example/":       "https://xn--bcher-kva.example",
		"http://[::1]:8080/robots.txt":  "http://[::1]:8080",
		"http://[2001:db8::1]/x":        "http://[2001:db8::1]",
		"https://пример.испытание/путь": "https://xn--e1afmkfd.xn--80akhbyknj4f",
		// A path, query or fragment net/url refuses does not hide the
		// origin.
		"http://example.com/100%":     "http://example.com",
		"http://example.com/%zz/x":    "http://example.com",
		"http://example.com?q=%":      "http://example.com",
		"http://example.com#50%":      "http://example.com",
		"http://example.com:81/a\x7f": "http://example.com:81",
		"http://example.com/a//b://c": "http://example.com",
		// A host percent-encoded in ASCII, which net/url refuses, is the
		// host a browser reads and the one runtime.HostKey keys.
		"http://a%2eb/x":          "http://a.b",
		"HTTPS://A%2Eb:443/":      "https://a.b",
		"http://a%2eb:8080/x":     "http://a.b:8080",
		"http://u:p%zz@a%2eb/":    "http://a.b",
		"http://ex%61mple.com/%z": "http://example.com",
		// The trailing dot the key drops, at the last port there is.
		"http://example.com./x":      "http://example.com",
		"https://example.com.:8443/": "https://example.com:8443",
		"http://example.com:65535/":  "http://example.com:65535",
	} {
		got, err := OriginOf(in)
		require.NoError(t, err, in)
		require.Equal(t, Origin(want), got, in)
	}
	for _, bad := range []string{"ftp://example.com/", "https:///x", "/relative", "http://%zz/",
		"http://exa\x7fmple.com/", "/x?u=http://example.com/", "http:/example.com/x//y",
		"http://::", "http://a%20b.com/", "http://example.com:65536/", "http://example.com:99999",
		"http://example.com:100000/", "ftp://a%2eb/", "http://a%2fb/", "http://a%40b/", "http://a%2eb%3a80/",
		// net/url reads the host "0:A;:", which HostKey keys "0:A": an
		// origin whose port is no number does not read back as itself
		// (FuzzOriginOf found it).
		"HTTP://0:A;:",
		// net/url reads the host "0" after the userinfo ";", where ';' ends
		// the authority for runtime.HostKey (SEMANTICS 4.1): no robots.txt is
		// kept for it, so none is fetched (FuzzOriginOf found it).
		"http://;@0/", "http://a;b@c.example/"} {
		_, err := OriginOf(bad)
		require.Error(t, err, bad)
		require.True(t, strings.HasPrefix(err.Error(), fmt.Sprintf("fetch: %q: ", bad)), "%s", err)
	}
	// A host with no key is refused with the reason filter gives the line.
	_, err := OriginOf(`https://"www.example.com/x`)
	require.EqualError(t, err, `fetch: "https://\"www.example.com/x": no host: "\"www.example.com" has '"', which no host name has (RFC 3986 section 3.2.2)`)
	_, err = OriginOf("https://exa mple.com/x")
	require.EqualError(t, err, `fetch: "https://exa mple.com/x": no host: "exa mple.com" has ' ', which no host name has (RFC 3986 section 3.2.2)`)
}

// TestOriginOfAgreesWithURLParse: on every URL of the sample frontier
// that net/url reads whole, OriginOf gives the origin of that reading,
// and where the URL begins with its origin as written (plainOrigin, no
// parsing), that is the same.
func TestOriginOfAgreesWithURLParse(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "testdata", "frontier", "urls.txt.zst"))
	require.NoError(t, err)
	defer f.Close()
	zr, err := zstd.NewReader(f)
	require.NoError(t, err)
	defer zr.Close()
	sc := bufio.NewScanner(zr)
	sc.Buffer(nil, 1<<20)
	n, whole, written := 0, 0, 0
	for sc.Scan() {
		raw := sc.Text()
		n++
		got, gotErr := OriginOf(raw)
		if o, ok := plainOrigin(raw); ok {
			written++
			require.Equal(t, got, o, raw)
		}
		u, err := url.Parse(raw)
		if err != nil {
			continue
		}
		whole++
		want, wantErr := originOfURL(u, raw)
		require.Equal(t, wantErr == nil, gotErr == nil, raw)
		require.Equal(t, want, got, raw)
	}
	require.NoError(t, sc.Err())
	require.Equal(t, 26199, n)
	t.Logf("%d URLs, %d read whole by net/url, %d beginning with their origin as written", n, whole, written)
}

// TestPlainOriginAnswers: the reading without net/url takes every URL of
// its form, whichever letters and digits the host and port hold, and
// gives OriginOf's answer.
func TestPlainOriginAnswers(t *testing.T) {
	for raw, want := range map[string]string{
		"http://abcdefghijklmnopqrstuvwxyz.0123456789-/x": "http://abcdefghijklmnopqrstuvwxyz.0123456789-",
		"https://a.example:8019?q":                        "https://a.example:8019",
		"https://a.example:90#f":                          "https://a.example:90",
		"http://a.example":                                "http://a.example",
	} {
		o, ok := plainOrigin(raw)
		require.True(t, ok, raw)
		require.Equal(t, Origin(want), o, raw)
		got, err := OriginOf(raw)
		require.NoError(t, err)
		require.Equal(t, o, got, raw)
	}
}
