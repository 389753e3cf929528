package runtime

import (
	"os"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/automaton"
	"github.com/robotsdfa/robotsdfa/compile"
)

// TestFragmentPath: google and rfc (SEMANTICS 4.1). A Matcher whose
// program ends paths at '#' skips looking for the fragment (Google mode,
// compiled robots.txt); one that cannot (RFC mode, a blob of before '#'
// ended paths, a program that scans rules) looks for it. Both give every
// URL the verdict and line of the other way.
func TestFragmentPath(t *testing.T) {
	stars := "User-agent: *\nDisallow: /*a*b*c*d*e*f*g*h$\nAllow: /*h*g*f*e*d*c*b*a$\n"
	body := "User-agent: *\nDisallow: /a$\nDisallow: /*.pdf$\nDisallow: /*frag\nAllow: /b/*x$\nDisallow: /b\n"
	kept, err := os.ReadFile("../testdata/blobs/v3/www.orbitz.com.google.blob")
	if err != nil {
		t.Fatal(err)
	}
	urls := []string{"http://e.com/a#x", "http://e.com/a", "http://e.com/f.pdf#p", "http://e.com/p#frag",
		"http://e.com/b/yx#z", "http://e.com/b/y#zx", "http://e.com?q#a", "http://e.com#/a", "/a#",
		"http://e.com/abcdefgh#hgfedcba", "http://e.com/hgfedcba#abcdefgh", "http://e.com/" + strings.Repeat("x", 600) + "#.pdf",
		"https://www.orbitz.com/b/x#y", "https://www.orbitz.com/#/b"}
	for _, c := range []struct {
		name string
		blob []byte
		fast bool
	}{
		{"google", blobOf(t, body, compile.Google, 0), true},
		{"rfc", blobOf(t, body, compile.RFC9309, 0), false},
		{"scanned", blobOf(t, stars, compile.Google, 2), false},
		{"kept v3", kept, false},
	} {
		r, err := Load(c.blob)
		if err != nil {
			t.Fatal(err)
		}
		m := r.Agent("googlebot")
		if m.fragmentEnds != c.fast {
			t.Errorf("%s: fragmentEnds %v, want %v", c.name, m.fragmentEnds, c.fast)
		}
		slow := m
		slow.fragmentEnds = false
		for _, u := range urls {
			if got, want := m.Check(u), slow.Check(u); got != want {
				t.Errorf("%s: %q: %+v, looking for the fragment first %+v", c.name, u, got, want)
			}
		}
	}
}

// blobOf compiles body, with a state budget of maxStates (0: the default;
// a small one leaves wildcard rules to the scan).
func blobOf(t *testing.T, body string, mode compile.Mode, maxStates int) []byte {
	t.Helper()
	opts := compile.CompileOptions{Automaton: automaton.Options{MaxStates: maxStates}}
	set := compile.Compile(compile.Parse([]byte(body), compile.Options{Mode: mode}), opts)
	blob, err := set.AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	return blob
}
