package runtime

import (
	"os"
	"strings"
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
		"a\u0080b":          "ab-ba", // U+0080, the first code point that is not basic (Python's codec)
	} {
		got, err := punycode(in)
		require.NoError(t, err)
		require.Equal(t, want, got, in)
	}
}

// TestPunycodeVectors: RFC 3492 section 7.1's samples and 270 seeded
// random labels (Latin, Cyrillic, CJK, kana, Hangul, emoji, digits,
// mixed) against an independent implementation's encodings
// (testdata/punycode.tsv, made by Python's punycode codec).
func TestPunycodeVectors(t *testing.T) {
	data, err := os.ReadFile("testdata/punycode.tsv")
	require.NoError(t, err)
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		in, want, ok := strings.Cut(line, "\t")
		require.True(t, ok, line)
		got, err := punycode(in)
		require.NoError(t, err, in)
		require.Equal(t, want, got, in)
		n++
	}
	require.Greater(t, n, 250)
}

// TestIDNLabelBound: a label of more code points than a DNS label holds
// bytes names no host, and is not encoded (its encoding's time grows with
// its length times its distinct code points); one of 63 is.
func TestIDNLabelBound(t *testing.T) {
	label := func(n int) string {
		var b strings.Builder
		for i := range n {
			b.WriteRune(rune(0x100 + i))
		}
		return b.String()
	}
	a, err := asciiHost(label(maxIDNLabel) + ".example")
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(a, "xn--"), a)
	for _, host := range []string{label(maxIDNLabel + 1), "a." + label(200000) + ".example"} {
		_, err := asciiHost(host)
		require.ErrorIs(t, err, errPunycode)
		_, ok := HostKey("https://" + host + "/")
		require.False(t, ok)
	}
	// Nor a host of more code points than a DNS name holds bytes.
	var labels []string
	for range 4 {
		labels = append(labels, label(maxIDNLabel))
	}
	host := strings.Join(labels, ".") // 4*63+3 = 255 code points
	_, err = asciiHost(host[:len(host)-len(label(2))])
	require.NoError(t, err, "253 code points")
	_, err = asciiHost(host)
	require.ErrorIs(t, err, errPunycode)
	// ASCII labels are not encoded, and keep any length.
	long := strings.Repeat("a", 1000) + ".example"
	k, ok := HostKey("https://" + long + "/")
	require.True(t, ok)
	require.Equal(t, long, k)
}
