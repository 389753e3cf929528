package compile

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// asciiFold is the expectation for the ASCII-only case folding of keys
// and product tokens, from strings.EqualFold on ASCII bytes (where it
// folds exactly A-Z to a-z) and identity elsewhere, as Google's reference
// compares: not computed by the code under test.
func asciiFold(a, b byte) bool {
	return a == b || a < 0x80 && b < 0x80 && strings.EqualFold(string(rune(a)), string(rune(b)))
}

// TestASCIIFoldingEveryByte (google): EqualFoldASCII and LowerASCII on
// every byte and pair of bytes, the letters at the ends of A-Z included.
func TestASCIIFoldingEveryByte(t *testing.T) {
	for a := 0; a < 256; a++ {
		for b := 0; b < 256; b++ {
			x, y := string([]byte{'k', byte(a)}), string([]byte{'k', byte(b)})
			if got, want := EqualFoldASCII(x, y), asciiFold(byte(a), byte(b)); got != want {
				t.Fatalf("EqualFoldASCII(%q, %q) = %v, want %v", x, y, got, want)
			}
		}
		s := string([]byte{'x', byte(a), 'Z', 'A', byte(a)})
		want := strings.ToLower(s)
		if a >= 0x80 {
			want = "x" + string([]byte{byte(a)}) + "za" + string([]byte{byte(a)})
		}
		if got := LowerASCII(s); got != want {
			t.Fatalf("LowerASCII(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestRecordKeyCase (google): every known record's key is known in upper
// case and with each letter alone capitalised.
func TestRecordKeyCase(t *testing.T) {
	for k := range knownRecords {
		forms := []string{k, strings.ToUpper(k)}
		for i := range k {
			forms = append(forms, k[:i]+strings.ToUpper(k[i:i+1])+k[i+1:])
		}
		for _, f := range forms {
			if got, ok := recordKey(f); !ok || got != k {
				t.Errorf("recordKey(%q) = %q, %v; want %q, true", f, got, ok, k)
			}
		}
	}
	if got, ok := recordKey("X-ZAP"); ok || got != "x-zap" {
		t.Errorf("recordKey(X-ZAP) = %q, %v; want x-zap, false", got, ok)
	}
}

// TestLowerASCIIWithoutCapital: a string with no capital A-Z is returned
// as it is, not copied: the keys and user-agent tokens of a file, most of
// them written in lower case, cost no copy.
func TestLowerASCIIWithoutCapital(t *testing.T) {
	for _, s := range []string{"", "googlebot-image", "bot/1.0 (+https://example.com)", "\u212abot", "\xc3\x80"} {
		require.Equal(t, s, LowerASCII(s))
		require.Zero(t, testing.AllocsPerRun(10, func() { _ = LowerASCII(s) }), "%q", s)
	}
}
