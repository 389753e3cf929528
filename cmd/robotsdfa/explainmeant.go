package main

import (
	"fmt"
	"io"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/runtime"
)

// Rules that never match as written but were meant for a path: a URL
// where a path belongs ("Disallow: https://example.com/private", 743 rules
// in 71 of the corpus's files), a host before the path (69 in 15), a URL
// cut at its colon ("Disallow https://...", 59 in 1), or a path with no
// '/' before it ("private/", "?utm_source=": 1,727 in 226); and rules
// before any user-agent line, in no group (703 lines in 125 files: a
// user-agent line hidden or commented out, or a plugin's rule put first).
// lint warns of each; explain names those meant for the path it answers
// for, since a user asks it why a page is allowed.

// meantPattern is the pattern rule r was meant to be, what keeps it from
// matching, and its line as written, if it is one of those.
func meantPattern(f *compile.File, r runtime.Rule) (pattern, why, written string, ok bool) {
	ln := &f.Lines[r.Line-1]
	if _, u, ok := splitURL(ln); ok {
		p, _ := urlPath(u)
		return p, "the URL's colon ends the key", ln.Key + ":" + ln.Value, true
	}
	if p, ok := urlPath(ln.Value); ok {
		return p, "a URL, where a rule names a path", ruleText(f, r), true
	}
	if _, p, ok := hostPath(ln.Value); ok {
		return p, "a host before the path", ruleText(f, r), true
	}
	if ln.Flags&compile.FlagNeverMatches != 0 {
		p := "/" + ln.Value
		if anywhere(ln.Value) {
			p = "/*" + ln.Value // as lint's rootedPattern names first
		}
		return p, "no '/' begins it", ruleText(f, r), true
	}
	return "", "", "", false
}

// explainMeant lists the rules before any group, and those of rules, meant
// for path, as written.
func explainMeant(w io.Writer, f *compile.File, rules []runtime.Rule, path []byte) {
	header := false
	list := func(line int32, kind runtime.Kind, written, why, p string) {
		if !header {
			fmt.Fprintf(w, "rules meant to match, which never do as written:\n")
			header = true
		}
		fmt.Fprintf(w, "  line %-5d %-8s %s  (%s; %s would match)\n", line, kind, written, why, p)
	}
	for i := range f.Lines {
		ln := &f.Lines[i]
		if ln.Group >= 0 {
			break // every line after the first user-agent line is in a group
		}
		if !ln.Kind.IsRule() {
			continue // no automaton built for a comment or another record
		}
		if m := newPatternMatch(ln.Pattern(), f.Options.Mode == compile.Google); m.matches(string(path)) {
			r := runtime.Rule{Kind: ln.Kind.RuleKind(), Line: ln.Number}
			list(ln.Number, r.Kind, ruleText(f, r), "before any user-agent line, in no group", ln.Value)
		}
	}
	for _, r := range rules {
		if r.Implied {
			continue // its line is listed once
		}
		p, why, written, ok := meantPattern(f, r)
		if !ok {
			continue
		}
		norm := compile.NormalizePattern(p, f.Options.Mode) // as the mode reads a rule's pattern
		if m := newPatternMatch(norm, f.Options.Mode == compile.Google); !m.matches(string(path)) {
			continue
		}
		list(r.Line, r.Kind, written, why, p)
	}
}
