package main

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/testcorpus"
	"github.com/robotsdfa/robotsdfa/runtime"
)

// Lint's "never decides" is a claim about verdicts: the rule it names can
// be taken out of its merged group and no verdict, and no deciding line,
// changes for the crawlers it names. These tests take each such rule out
// and ask the compiled file before and after, on paths built from the
// file's own patterns (where rules meet, and where ties are).

// TestLintTieNeverDecides: google. Allow wins a tie (SEMANTICS 3.5), so an
// allow of the same priority as a disallow that matches whenever it does
// still decides, and lint must not call it dead; a disallow in that place
// is dead.
func TestLintTieNeverDecides(t *testing.T) {
	f := compile.Parse([]byte("User-agent: *\nDisallow: /a*\nAllow: /ab\nAllow: /c*\nDisallow: /cd\n"), compile.Options{})
	got := beaten(f, f.Rules(f.SelectChain()))
	var lines []int32
	for _, b := range got {
		lines = append(lines, b.rule.Line)
	}
	if !slices.Equal(lines, []int32{5}) {
		t.Fatalf("rules lint calls dead: lines %v, want [5] (Disallow: /cd, beaten by Allow: /c* of equal priority)", lines)
	}
	r := compileParsed(f)
	for path, want := range map[string]int32{"/ab": 3, "/abc": 3, "/ax": 2, "/cd": 4} {
		if got := r.Agent("x").Check(path); got.Line != want {
			t.Errorf("%s: decided by line %d, want %d", path, got.Line, want)
		}
	}
}

// TestLintSoundSample: google, rfc. Every rule lint calls dead in the
// sample corpus, in both modes, is dead.
func TestLintSoundSample(t *testing.T) {
	files, err := testcorpus.Sample()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(47))
	claims := 0
	for _, file := range files {
		for _, mode := range []compile.Mode{compile.Google, compile.RFC9309} {
			claims += checkLintSound(t, file.Name, file.Data, mode, rng)
		}
	}
	t.Logf("%d files, %d claims of a dead rule checked", len(files), claims)
	if claims < 50 {
		t.Fatalf("only %d claims: the sample no longer exercises lint", claims)
	}
}

// TestLintSoundRandom: google, rfc. The same for random files from a small
// alphabet, where ties, stars, anchors and duplicates meet often.
func TestLintSoundRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(9309))
	pieces := []string{"/a", "/ab", "/a*", "/*b", "*", "$", "/ab$", "/a/index.html", "/a*b", "/"}
	claims := 0
	for i := 0; i < 3000; i++ {
		var b strings.Builder
		for g := 0; g < 1+rng.Intn(2); g++ {
			fmt.Fprintf(&b, "User-agent: %s\n", []string{"*", "bot", "other"}[rng.Intn(3)])
			for r := 0; r < 1+rng.Intn(6); r++ {
				kind := []string{"Allow", "Disallow"}[rng.Intn(2)]
				var p strings.Builder
				for k := 0; k < 1+rng.Intn(3); k++ {
					p.WriteString(pieces[rng.Intn(len(pieces))])
				}
				fmt.Fprintf(&b, "%s: %s\n", kind, p.String())
			}
		}
		claims += checkLintSound(t, fmt.Sprintf("random #%d", i), []byte(b.String()), compile.Mode(i%2), rng)
		if t.Failed() {
			t.Logf("body:\n%s", b.String())
			return
		}
	}
	t.Logf("%d claims of a dead rule checked", claims)
	if claims < 300 {
		t.Fatalf("only %d claims: the generator no longer exercises lint", claims)
	}
}

// checkLintSound checks every rule lint calls dead in one body and returns
// how many it checked.
func checkLintSound(t *testing.T, name string, body []byte, mode compile.Mode, rng *rand.Rand) int {
	t.Helper()
	f := compile.Parse(body, compile.Options{Mode: mode})
	before := compileParsed(f)
	claims := 0
	for _, tg := range tokenReport(f) {
		token, sel := tg.Token, f.SelectChain(tg.Token)
		if tg.Token == "*" {
			token, sel = "lint-soundness-nobody", f.SelectChain()
			if f.SelectChain(token).Token != "" {
				continue
			}
		}
		rules := f.Rules(sel)
		dead := beaten(f, rules)
		if len(dead) == 0 {
			continue
		}
		paths := pathsFrom(rules, dead, rng)
		was := before.Agent(token)
		for _, d := range dead {
			claims++
			now := compileParsed(without(f, d.rule)).Agent(token)
			for _, p := range paths {
				if a, b := was.Check(p), now.Check(p); a != b {
					t.Errorf("%s [%v] token %q: lint says line %d (%v %q) never decides (%s), but without it %q gives %+v, not %+v",
						name, mode, token, d.rule.Line, d.rule.Kind, d.rule.Pattern, d.why, p, b, a)
					break
				}
			}
		}
	}
	return claims
}

// compileParsed compiles a parsed file in memory.
func compileParsed(f *compile.File) *runtime.Robots {
	return f.Compile()
}

// without returns a copy of f whose groups no longer hold rule r (its
// implied index.htm rule, if any, stays).
func without(f *compile.File, r runtime.Rule) *compile.File {
	g := *f
	g.Groups = slices.Clone(f.Groups)
	for i := range g.Groups {
		g.Groups[i].Rules = slices.DeleteFunc(slices.Clone(g.Groups[i].Rules), func(x runtime.Rule) bool { return x == r })
	}
	return &g
}

// pathsFrom builds paths from the patterns of a merged group: each
// pattern with its stars taken out or filled, its anchor dropped, a byte
// added or taken away. The dead rules' and up to 300 others' patterns
// are used.
func pathsFrom(rules []runtime.Rule, dead []beatenRule, rng *rand.Rand) []string {
	var patterns []string
	for _, d := range dead {
		patterns = append(patterns, d.rule.Pattern)
	}
	if len(rules) <= 300 {
		for _, r := range rules {
			patterns = append(patterns, r.Pattern)
		}
	} else {
		for range 300 {
			patterns = append(patterns, rules[rng.Intn(len(rules))].Pattern)
		}
	}
	seen := map[string]bool{}
	var out []string
	add := func(p string) {
		if p == "" || p[0] != '/' {
			p = "/" + p
		}
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	add("/")
	for _, p := range patterns {
		p = strings.TrimSuffix(p, "$")
		for _, fill := range []string{"", "x", "b", "/a"} {
			q := strings.ReplaceAll(p, "*", fill)
			add(q)
			add(q + "x")
			add(q + "/")
			if len(q) > 1 {
				add(q[:len(q)-1])
			}
		}
	}
	return out
}
