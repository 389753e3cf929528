package fetch

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestPunycode(t *testing.T) {
	// RFC 3492 section 7.1 samples, and common hosts.
	for in, want := range map[string]string{
		"bücher":            "bcher-kva",
		"münchen":           "mnchen-3ya",
		"пример":            "e1afmkfd",
		"例え":                "r8jz45g",
		"ليهمابتكلموشعربي؟": "egbpdaj6bu4bxfgehfvwxn",
		"他们为什么不说中文":         "ihqwcrb4cv8a8dqg056pqjye",
	} {
		got, err := punycode(in)
		require.NoError(t, err)
		require.Equal(t, want, got, in)
	}
}

func TestOriginOf(t *testing.T) {
	for in, want := range map[string]string{
		"https://Example.COM/a/b?c":     "https://example.com",
		"HTTP://example.com:80/":        "http://example.com",
		"https://example.com:443":       "https://example.com",
		"http://example.com:8080/x":     "http://example.com:8080",
		"https://example.com:80/x":      "https://example.com:80",
		"http://user:pw@example.com/":   "http://example.com",
		"https://Bücher.example/":       "https://xn--bcher-kva.example",
		"http://[::1]:8080/robots.txt":  "http://[::1]:8080",
		"http://[2001:db8::1]/x":        "http://[2001:db8::1]",
		"https://пример.испытание/путь": "https://xn--e1afmkfd.xn--80akhbyknj4f",
	} {
		got, err := OriginOf(in)
		require.NoError(t, err, in)
		require.Equal(t, Origin(want), got, in)
	}
	for _, bad := range []string{"ftp://example.com/", "https:///x", "/relative", "http://%zz/"} {
		_, err := OriginOf(bad)
		require.Error(t, err, bad)
	}
}
