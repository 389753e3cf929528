package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/runtime"
)

// Rules that can never decide anything: a duplicate of an earlier rule of
// the same kind in the same merged group, or a rule that another rule of
// the other kind always beats: it matches every path the rule matches (it
// glob-matches the rule's literal prefix and has no '$') and has a higher
// priority, or an equal one when the beaten rule is a disallow (allow wins
// ties, SEMANTICS 3.5). The test is sound, not complete: every rule
// reported never decides, but not every such rule is found.

// maxShadowWork bounds the pairs of rules compared per merged group, so
// that a file of 30,000 rules is linted in linear time; past it only
// duplicates and identical patterns are found.
const maxShadowWork = 4 << 20

type finding struct {
	line          int32
	code, message string
}

// neverDecide finds, across every merged group (each product token's and
// '*'), the rules that can never decide, once per rule, naming the
// crawlers concerned.
func neverDecide(f *compile.File) []finding {
	type key struct {
		line     int32
		kind     runtime.Kind
		pat, why string
	}
	whom := map[key][]string{}
	var order []key
	for _, tg := range tokenReport(f) {
		sel := f.SelectChain(tg.Token)
		if tg.Token == "*" {
			sel = f.SelectChain()
		}
		for _, b := range beaten(f, f.Rules(sel)) {
			k := key{b.rule.Line, b.rule.Kind, b.rule.Pattern, b.why}
			if _, ok := whom[k]; !ok {
				order = append(order, k)
			}
			whom[k] = append(whom[k], tg.Token)
		}
	}
	out := make([]finding, 0, len(order))
	for _, k := range order {
		who := whom[k]
		names := strings.Join(who, ", ")
		if len(who) > 3 {
			names = fmt.Sprintf("%s and %d more", strings.Join(who[:3], ", "), len(who)-3)
		}
		code := "shadowed"
		if strings.HasPrefix(k.why, "repeats") {
			code = "duplicate"
		}
		out = append(out, finding{k.line, code, fmt.Sprintf("%s never decides (for %s): %s", kindKey(k.kind)+": "+f.Lines[k.line-1].Value, names, k.why)})
	}
	return out
}

type beatenRule struct {
	rule runtime.Rule
	why  string
}

// beaten lists the rules of one merged group that never decide.
func beaten(f *compile.File, rules []runtime.Rule) []beatenRule {
	var out []beatenRule
	first := map[string]runtime.Rule{}   // kind+pattern → first rule
	allowOf := map[string]runtime.Rule{} // pattern → first allow, wherever it stands
	var wild []runtime.Rule
	var wildMatch []patternMatch
	google := f.Options.Mode == compile.Google
	for _, r := range rules {
		if r.Implied || r.Priority == 0 {
			continue
		}
		if _, ok := allowOf[r.Pattern]; !ok && r.Kind == runtime.Allow {
			allowOf[r.Pattern] = r
		}
		if strings.Contains(r.Pattern, "*") && !strings.HasSuffix(r.Pattern, "$") {
			wild = append(wild, r)
		}
	}
	checkWild := len(rules)*len(wild) <= maxShadowWork
	if checkWild {
		wildMatch = make([]patternMatch, len(wild))
		for i, r := range wild {
			wildMatch[i] = newPatternMatch(r.Pattern, google)
		}
	}
	for _, r := range rules {
		if r.Implied || r.Priority == 0 {
			continue
		}
		k := string(rune('0'+r.Kind)) + r.Pattern
		if prev, ok := first[k]; ok {
			out = append(out, beatenRule{r, fmt.Sprintf("repeats line %d", prev.Line)})
			continue
		}
		first[k] = r
		if s, ok := allowOf[r.Pattern]; ok && r.Kind == runtime.Disallow {
			out = append(out, beatenRule{r, fmt.Sprintf("%s on line %d has the same pattern and allow wins a tie", ruleText(f, s), s.Line)})
			continue
		}
		if checkWild {
			if s, ok := alwaysBeaten(r, wild, wildMatch); ok {
				out = append(out, beatenRule{r, fmt.Sprintf("%s on line %d (priority %d) matches whenever it does and wins (priority %d)",
					ruleText(f, s), s.Line, s.Priority, r.Priority)})
			}
		}
	}
	return out
}

// alwaysBeaten finds a wildcard rule of the other kind that matches every
// path r matches (it matches r's literal prefix) and wins against it;
// match[i] matches wild[i]'s pattern.
func alwaysBeaten(r runtime.Rule, wild []runtime.Rule, match []patternMatch) (runtime.Rule, bool) {
	prefix := r.Pattern
	if i := strings.IndexByte(prefix, '*'); i >= 0 {
		prefix = prefix[:i]
	} else {
		prefix = strings.TrimSuffix(prefix, "$")
	}
	for i, s := range wild {
		if s.Kind == r.Kind || s.Priority < r.Priority || (s.Priority == r.Priority && r.Kind == runtime.Allow) {
			continue
		}
		if match[i].matches(prefix) {
			return s, true
		}
	}
	return runtime.Rule{}, false
}

func kindKey(k runtime.Kind) string {
	if k == runtime.Disallow {
		return "Disallow"
	}
	return "Allow"
}

// sortDiagnostics orders by line, warnings before notes, stably.
func sortDiagnostics(ds []diagnostic) {
	sort.SliceStable(ds, func(i, j int) bool {
		if ds[i].Line != ds[j].Line {
			return ds[i].Line < ds[j].Line
		}
		return ds[i].Severity == "warning" && ds[j].Severity != "warning"
	})
}
