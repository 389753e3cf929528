package automaton_test

import (
	"testing"
	"time"

	"github.com/robotsdfa/robotsdfa/automaton"
	"github.com/robotsdfa/robotsdfa/compile"
)

// unionBody's groups: the best allow and the best disallow of a union
// come from different groups, in either order of the tokens.
const unionBody = `User-agent: a
Allow: /p
Disallow: /page
Crawl-delay: 2
Request-rate: 1/10s

User-agent: b
Allow: /pages
Disallow: /pag
Crawl-delay: 5

User-agent: c
Disallow: /pa
Request-rate: 3/10s

User-agent: e
Allow: /p
`

// TestUnionAcrossGroups: google (SEMANTICS 3.5 over the groups a union
// merges). The most specific allow and the most specific disallow are
// chosen across every bound group, whichever group comes first; at equal
// priority the earlier line decides; and the union's crawl-delay is the
// largest, its request-rate the slowest, of the groups that give one.
func TestUnionAcrossGroups(t *testing.T) {
	set := compile.Parse([]byte(unionBody), compile.Options{}).CompileSet()
	cases := []struct {
		tokens  []string
		path    string
		allowed bool
		line    int32
	}{
		// /pages (line 8, 6 bytes) beats /page (line 3, 5 bytes).
		{[]string{"a", "b"}, "/pages/x", true, 8},
		{[]string{"b", "a"}, "/pages/x", true, 8},
		// /page (5 bytes) beats /pag (4) and the allow /p (2).
		{[]string{"a", "b"}, "/page1", false, 3},
		{[]string{"b", "a"}, "/page1", false, 3},
		// /pa (3 bytes) beats /p (2).
		{[]string{"c", "a"}, "/par", false, 13},
		{[]string{"a", "c"}, "/par", false, 13},
		// Two allows /p of equal priority: the earlier line, a's.
		{[]string{"e", "a"}, "/p", true, 2},
		{[]string{"a", "e"}, "/p", true, 2},
	}
	for _, c := range cases {
		for _, derive := range []bool{false, true} {
			b, ok := set.Bind(c.tokens, true, derive)
			if !ok {
				t.Fatalf("%v: no group", c.tokens)
			}
			allowed, _, line, _ := b.Check([]byte(c.path))
			if allowed != c.allowed || line != c.line {
				t.Errorf("%v %q: allowed %v by line %d, want %v by line %d", c.tokens, c.path, allowed, line, c.allowed, c.line)
			}
		}
	}
	none := automaton.ProgramMeta{CrawlDelay: -1}
	for _, c := range []struct {
		tokens []string
		want   automaton.ProgramMeta
	}{
		{[]string{"a"}, automaton.ProgramMeta{CrawlDelay: 2 * time.Second, Requests: 1, Per: 10 * time.Second}},
		{[]string{"a", "b"}, automaton.ProgramMeta{CrawlDelay: 5 * time.Second, Requests: 1, Per: 10 * time.Second}},
		{[]string{"b", "a"}, automaton.ProgramMeta{CrawlDelay: 5 * time.Second, Requests: 1, Per: 10 * time.Second}},
		{[]string{"c", "a"}, automaton.ProgramMeta{CrawlDelay: 2 * time.Second, Requests: 1, Per: 10 * time.Second}},
		{[]string{"b", "c"}, automaton.ProgramMeta{CrawlDelay: 5 * time.Second, Requests: 3, Per: 10 * time.Second}},
		{[]string{"e"}, none},
	} {
		b, ok := set.Bind(c.tokens, true, false)
		if !ok {
			t.Fatalf("%v: no group", c.tokens)
		}
		if got := b.Meta(); got != c.want {
			t.Errorf("%v: %+v, want %+v", c.tokens, got, c.want)
		}
	}
	if _, ok := set.Bind([]string{"zz"}, true, false); ok {
		t.Fatal("zz: a group applies, none should")
	}
	var nothing automaton.Bound // what Bind returns when no group applies
	if got := nothing.Meta(); got != none {
		t.Errorf("no group: %+v, want %+v", got, none)
	}
}
