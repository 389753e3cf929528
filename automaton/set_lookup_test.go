package automaton_test

import (
	"errors"
	"testing"

	"github.com/robotsdfa/robotsdfa/automaton"
	"github.com/robotsdfa/robotsdfa/compile"
)

// TestLookup: google and rfc (RFC 9309 section 2.2.1: product tokens are
// matched ignoring case). Set.Lookup finds a token however it is
// capitalised, in a compiled set and in the same set decoded from its blob
// (whose index it reads in its own order), and finds nothing for a
// prefix, an extension or a token no group names; a lower-case token
// costs no allocation.
func TestLookup(t *testing.T) {
	body := "User-agent: Googlebot-News\nDisallow: /n\n\nUser-agent: googlebot\nUser-agent: BingBot\nDisallow: /g\n\n" +
		"User-agent: a\nDisallow: /a\n\nUser-agent: ZZtop\nDisallow: /z\n\nUser-agent: *\nDisallow: /\n"
	for _, mode := range []compile.Mode{compile.Google, compile.RFC9309} {
		set := compile.Parse([]byte(body), compile.Options{Mode: mode}).CompileSet()
		decoded, err := automaton.Decode(blobOf(t, body, mode))
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []*automaton.Set{set, decoded} {
			if len(s.Agents) != 5 {
				t.Fatalf("%v: %d agents, want 5: %v", mode, len(s.Agents), s.Agents)
			}
			want := map[string]bool{"googlebot-news": true, "GOOGLEBOT": true, "bingbot": true, "A": true, "zztop": true}
			for _, tok := range []string{"googlebot-news", "GOOGLEBOT", "bingbot", "A", "zztop", "googlebo", "googlebot-", "b", "zzto", "zztopa", "*", ""} {
				p, ok := automaton.Lookup(s, tok)
				if ok != want[tok] {
					t.Errorf("%v: Lookup(%q) found %v, want %v", mode, tok, ok, want[tok])
					continue
				}
				if ok && p == s.Global {
					t.Errorf("%v: Lookup(%q) gave the '*' program", mode, tok)
				}
			}
			g, _ := automaton.Lookup(s, "GoogleBot")
			if b, _ := automaton.Lookup(s, "bingbot"); b != g {
				t.Errorf("%v: googlebot and bingbot share a group but got programs %d and %d", mode, g, b)
			}
			if n := testing.AllocsPerRun(100, func() { automaton.Lookup(s, "googlebot-news") }); n != 0 {
				t.Errorf("%v: Lookup of a lower-case token allocates %.1f times", mode, n)
			}
		}
	}
}

// TestEncodeDuplicateAgent: a hand-built set that lists a product token
// twice has no blob (the index would be ambiguous; Decode refuses one).
func TestEncodeDuplicateAgent(t *testing.T) {
	set := compile.Parse([]byte("User-agent: a\nDisallow: /a\n"), compile.Options{}).CompileSet()
	set.Agents = append(set.Agents, set.Agents[0])
	if _, err := set.AppendBinary(nil); !errors.Is(err, automaton.ErrFormat) {
		t.Fatalf("got %v, want ErrFormat", err)
	}
}
