package runtime

import (
	"math/rand"
	"strings"
	"testing"
)

// TestAuthorityEnd: the authority's end found sixteen bytes at a time (on
// amd64, authority_amd64.s) is the one found byte by byte, from every
// start, over random URLs of up to 80 bytes drawn mostly from bytes near
// the four that end an authority, and over a URL of each length up to 40
// with its one ending byte at each place.
func TestAuthorityEnd(t *testing.T) {
	rng := rand.New(rand.NewSource(9309))
	alphabet := "/?;#.:a0\x00\xff./+?"
	check := func(url string) {
		for i := 0; i <= len(url); i++ {
			if got, want := authorityEnd(url, i), authorityEndBytes(url, i); got != want {
				t.Fatalf("authorityEnd(%q, %d) = %d, want %d", url, i, got, want)
			}
		}
	}
	for round := 0; round < 5000; round++ {
		b := make([]byte, rng.Intn(81))
		for k := range b {
			if rng.Intn(6) == 0 {
				b[k] = alphabet[rng.Intn(len(alphabet))]
			} else {
				b[k] = "abcdefghij.-"[rng.Intn(12)]
			}
		}
		check(string(b))
	}
	for n := 0; n <= 40; n++ {
		for _, end := range "/?;#" {
			for at := 0; at < n; at++ {
				check(strings.Repeat("h", at) + string(end) + strings.Repeat("x", n-at-1))
			}
		}
		check(strings.Repeat("h", n))
	}
}
