package automaton

import (
	"os"
	"strings"
	"testing"
	"unsafe"
)

// TestBoundFragment: google and rfc (SEMANTICS 4.1: the path ends at the
// fragment). A Bound whose program ends paths at '#' takes a path with its
// fragment left on (Google mode, compiled robots.txt); one that cannot (a
// program that scans rules, or a kept blob from before '#' ended paths)
// cuts the fragment off first. Both give every path the verdict and line
// of the other way.
func TestBoundFragment(t *testing.T) {
	rules := []Rule{
		{Kind: Disallow, Line: 2, Pattern: "/a$"}, {Kind: Disallow, Line: 3, Pattern: "/*.pdf$"},
		{Kind: Disallow, Line: 4, Pattern: "/*frag"}, {Kind: Allow, Line: 5, Pattern: "/b/*x$"},
		{Kind: Disallow, Line: 6, Pattern: "/b"},
	}
	stars := []Rule{{Kind: Disallow, Line: 2, Pattern: "/*a*b*c*d*e*f*g*h$"}, {Kind: Allow, Line: 3, Pattern: "/*h*g*f*e*d*c*b*a$"}}
	kept, err := os.ReadFile("../testdata/blobs/v3/www.orbitz.com.google.blob")
	if err != nil {
		t.Fatal(err)
	}
	keptSet, err := Decode(kept)
	if err != nil {
		t.Fatal(err)
	}
	paths := []string{"/a#x", "/a", "/f.pdf#p", "/p#frag", "/b/yx#z", "/b/y#zx", "/?q#a", "/#/a", "/a#",
		"/abcdefgh#hgfedcba", "/hgfedcba#abcdefgh", "/" + strings.Repeat("x", 600) + "#.pdf", "/b/x#y"}
	for _, c := range []struct {
		name string
		set  *Set
		fast bool
	}{
		{"google", globalSet(build(rules, options{nulEndsPath: true})), true},
		{"scanned", globalSet(build(stars, options{nulEndsPath: true, MaxStates: 2})), false},
		{"kept v3", keptSet, false},
	} {
		b, ok := c.set.Bind([]string{"googlebot"}, false, true)
		if !ok {
			t.Fatalf("%s: no program applies", c.name)
		}
		if b.fragmentEnds != c.fast {
			t.Errorf("%s: fragmentEnds %v, want %v", c.name, b.fragmentEnds, c.fast)
		}
		slow := b
		slow.fragmentEnds = false
		for _, path := range paths {
			cut, _, _ := strings.Cut(path, "#")
			for _, q := range []string{path, cut} {
				a1, k1, l1, p1 := b.Check([]byte(q))
				a2, k2, l2, p2 := slow.Check([]byte(q))
				if a1 != a2 || k1 != k2 || l1 != l2 || p1 != p2 {
					t.Errorf("%s: %q: %v %v %d %d, cutting the fragment first %v %v %d %d", c.name, q, a1, k1, l1, p1, a2, k2, l2, p2)
				}
			}
			w1, _, wl, _ := b.Check([]byte(path))
			w2, _, cl, _ := b.Check([]byte(cut))
			if w1 != w2 || wl != cl {
				t.Errorf("%s: %q answers %v (line %d), without its fragment %v (line %d)", c.name, path, w1, wl, w2, cl)
			}
		}
	}
}

// TestSizes holds a Bound and a program's screen to the sizes their docs
// state: runtime.Matcher copies a Bound for every URL, and the benchmarks'
// figures assume both sizes.
func TestSizes(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("the stated sizes are for 64-bit machines")
	}
	if got := unsafe.Sizeof(Bound{}); got != 112 {
		t.Errorf("a Bound is %d bytes; its doc says 112", got)
	}
	if got := unsafe.Sizeof(screen{}); got != 136 {
		t.Errorf("a screen is %d bytes; its doc says 136", got)
	}
}
