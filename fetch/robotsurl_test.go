package fetch_test

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/fetch"
)

// TestRobotsURL: both (RFC 9309 section 2.3). The cases of
// testdata/conformance/robots-url.txt: scheme and host lower-cased, IDN
// to Punycode, default ports, userinfo, path, query and fragment
// dropped; no http(s) origin, an error.
func TestRobotsURL(t *testing.T) {
	f, err := os.Open("../testdata/conformance/robots-url.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		page, want, ok := strings.Cut(text, "\t")
		if !ok {
			t.Fatalf("robots-url.txt:%d: no tab", line)
		}
		got, err := fetch.RobotsURL(page)
		if want == "error" {
			if err == nil {
				t.Errorf("robots-url.txt:%d: RobotsURL(%q) = %q, want an error", line, page, got)
			}
		} else if err != nil || got != want {
			t.Errorf("robots-url.txt:%d: RobotsURL(%q) = %q, %v; want %q", line, page, got, err, want)
		}
		n++
	}
	if n < 20 {
		t.Fatalf("only %d cases", n)
	}
}
