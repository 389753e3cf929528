// Package reference is a slow, literal robots.txt matcher written straight
// from docs/SEMANTICS.md. It is the oracle that tests and fuzz targets compare the
// automaton and the runtime against, so it favours being obviously right
// over being fast: per query it walks every line of the parsed file, decides
// which groups apply, matches every pattern against the path with a plain
// dynamic program, and keeps the best allow and disallow.
//
// It uses only the per-line events of compile.Parse (kind, product token,
// normalised pattern), not the parser's groups or selection, and shares no
// matching code with the automaton or the runtime.
package reference

import (
	"github.com/robotsdfa/robotsdfa/compile"
)

// Result is a verdict and the rule that decided it.
type Result struct {
	Allowed bool
	// Line is the deciding rule's line, 0 when no rule decided (nothing
	// matched, or the path was RFC mode's /robots.txt).
	Line int32
	// Priority is the deciding rule's priority (its pattern's length).
	Priority int
}

// Check answers whether a crawler with the given product tokens may fetch
// url under f. With union false the tokens are a fallback chain (the first
// token with a group of its own decides which groups apply); with union
// true the groups of all tokens are merged, as the reference's multi-agent
// call does (SEMANTICS 2.6).
func Check(f *compile.File, tokens []string, union bool, url string) Result {
	mode := f.Options.Mode
	path := Path(url, mode)
	if mode == compile.RFC9309 && path == "/robots.txt" {
		return Result{Allowed: true} // RFC 9309 section 2.2.2
	}
	chosen := chooseTokens(f, tokens, union)

	// Walk the lines as SEMANTICS 2.1 describes groups: user-agent lines
	// gather until a rule; a user-agent line after a rule starts a group.
	var (
		specificHere, globalHere bool // the current group names the crawler / '*'
		afterRule                bool
		anyAgent                 bool // a user-agent line was seen: rules belong to a group
		everSpecific             bool
		spec, glob               best
	)
	for i := range f.Lines {
		ln := &f.Lines[i]
		switch ln.Kind {
		case compile.UserAgentLine:
			anyAgent = true
			if afterRule {
				specificHere, globalHere, afterRule = false, false, false
			}
			if ln.Global {
				globalHere = true
			} else if names(chosen, ln.Token()) {
				specificHere, everSpecific = true, true
			}
		case compile.AllowLine, compile.DisallowLine:
			if !anyAgent {
				continue // before any group: ignored, ends nothing
			}
			afterRule = true
			if !specificHere && !globalHere {
				continue
			}
			target := &glob
			if specificHere {
				target = &spec // a group naming both '*' and the crawler is specific
			}
			disallow := ln.Kind == compile.DisallowLine
			target.offer(disallow, ln.Pattern(), ln.Number, path)
			if !disallow && mode == compile.Google {
				if p, ok := indexDirectory(ln.Pattern()); ok {
					target.offer(false, p, ln.Number, path)
				}
			}
		}
	}
	if everSpecific {
		return spec.result()
	}
	return glob.result()
}

// chooseTokens returns the tokens whose groups apply: all of them for a
// union, else the first that some user-agent line names, else none.
func chooseTokens(f *compile.File, tokens []string, union bool) []string {
	if union {
		return tokens
	}
	for _, t := range tokens {
		for i := range f.Lines {
			ln := &f.Lines[i]
			if ln.Kind == compile.UserAgentLine && !ln.Global && equalFold(ln.Token(), t) {
				return []string{t}
			}
		}
	}
	return nil
}

func names(tokens []string, token string) bool {
	for _, t := range tokens {
		if equalFold(token, t) {
			return true
		}
	}
	return false
}

// equalFold compares ignoring the case of ASCII letters only.
func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if lower(a[i]) != lower(b[i]) {
			return false
		}
	}
	return true
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// indexDirectory is Google's index.htm rule (SEMANTICS 3.6): an allow
// pattern whose last '/'-segment starts with "index.htm" also allows its
// directory exactly.
func indexDirectory(pattern string) (string, bool) {
	slash := -1
	for i := 0; i < len(pattern); i++ {
		if pattern[i] == '/' {
			slash = i
		}
	}
	if slash < 0 || len(pattern)-slash < len("/index.htm") || pattern[slash:slash+len("/index.htm")] != "/index.htm" {
		return "", false
	}
	return pattern[:slash+1] + "$", true
}

// best keeps the highest-priority matching allow and disallow of one class
// of groups (the crawler's own, or '*').
type best struct {
	allow, disallow match
}

type match struct {
	priority int
	line     int32
}

// offer matches one rule against the path and keeps it when it beats the
// best of its kind so far. Equal priorities keep the earlier line. An
// empty pattern has priority 0 and never decides (SEMANTICS 3.1).
func (b *best) offer(disallow bool, pattern string, line int32, path string) {
	p := len(pattern)
	if p == 0 || !Matches(pattern, path) {
		return
	}
	m := &b.allow
	if disallow {
		m = &b.disallow
	}
	if p > m.priority {
		*m = match{p, line}
	}
}

// result applies SEMANTICS 3.5: disallowed only if the best disallow's
// priority is strictly greater than the best allow's.
func (b *best) result() Result {
	if b.disallow.priority > b.allow.priority {
		return Result{Allowed: false, Line: b.disallow.line, Priority: b.disallow.priority}
	}
	if b.allow.priority > 0 {
		return Result{Allowed: true, Line: b.allow.line, Priority: b.allow.priority}
	}
	return Result{Allowed: true}
}
