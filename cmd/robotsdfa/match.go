package main

import "github.com/robotsdfa/robotsdfa/automaton"

// patternMatch tells whether one normalised pattern matches a path, as the
// engine matches it (NUL ending the path in Google mode): a program of
// that one rule, asked. lint and explain use it to say which rules match.
type patternMatch struct{ b automaton.Bound }

func newPatternMatch(pattern string, google bool) patternMatch {
	progs := automaton.Build([][]automaton.Rule{{{Kind: automaton.Allow, Line: 1, Pattern: pattern}}}, google, automaton.Budget{})
	set := &automaton.Set{Programs: progs, Global: 0, Meta: []automaton.ProgramMeta{{CrawlDelay: -1}}}
	b, _ := set.Bind(nil, false, true)
	return patternMatch{b}
}

// matches reports whether the pattern matches path (in its matching form).
func (m *patternMatch) matches(path string) bool {
	_, kind, _, _ := m.b.Check([]byte(path))
	return kind != 0
}
