package compile

import (
	"slices"
	"strconv"
	"strings"

	"github.com/robotsdfa/robotsdfa/automaton"
)

// CompileOptions control Compile.
type CompileOptions struct {
	// Tokens, when not empty, limits the set to the groups these product
	// tokens would use (each token's own groups, and the '*' groups): a
	// smaller set for a crawler that knows its names. Empty: every token
	// the file names.
	Tokens []string
	// Automaton bounds construction (state and byte budgets per DFA).
	Automaton automaton.Options
}

// Compile turns a parsed file into an automaton.Set: one program per
// distinct merged group (RFC 9309 section 2.2.1: all groups naming a
// product token, merged; and all '*' groups), the agent index, and the
// records.
//
// Compile never fails: a group whose automaton would exceed the budget is
// split among several automata (see automaton.Build).
func Compile(f *File, opts CompileOptions) *automaton.Set {
	set := &automaton.Set{
		RFC:    f.Options.Mode == RFC9309,
		Global: automaton.NoRule,
	}
	aopts := opts.Automaton
	aopts.NULEndsPath = f.Options.Mode == Google
	builder := &automaton.Builder{Options: aopts}
	byGroups := map[string]int32{}
	var rules []automaton.Rule // the merged rules of one program (Build keeps none)
	program := func(groups []int) int32 {
		key := groupsKey(groups)
		if p, ok := byGroups[key]; ok {
			return p
		}
		p := int32(len(set.Programs))
		byGroups[key] = p
		sel := Selection{Groups: groups}
		rules = f.appendRules(rules[:0], groups)
		set.Programs = append(set.Programs, builder.Build(rules))
		set.Meta = append(set.Meta, meta(f, sel))
		return p
	}

	wanted := map[string]bool{}
	for _, t := range opts.Tokens {
		wanted[lowerASCII(t)] = true
	}
	// Each token's groups, in one pass (SelectChain per token would be
	// quadratic in a file of thousands of groups).
	tokens := f.tokenGroups()
	if len(f.Groups) > 0 {
		// Room for a program per token and one for '*' (no more than
		// the groups, usually: a file that names many tokens in one
		// group has one program).
		n := min(len(tokens), len(f.Groups)) + 1
		set.Programs = make([]*automaton.Program, 0, n)
		set.Meta = make([]automaton.ProgramMeta, 0, n)
	}
	if len(tokens) > 0 {
		set.Agents = make([]automaton.Agent, 0, len(tokens))
	}
	for _, t := range tokens {
		if len(wanted) > 0 && !wanted[t.token] {
			continue
		}
		set.Agents = append(set.Agents, automaton.Agent{Token: t.token, Program: program(t.groups)})
	}
	set.Index()
	if g := f.selectGlobal(); g.Global {
		set.Global = program(g.Groups)
	}
	if len(f.Sitemaps) > 0 {
		set.Sitemaps = make([]automaton.Sitemap, 0, len(f.Sitemaps))
	}
	if len(f.Records) > 0 {
		set.Records = make([]automaton.Record, 0, len(f.Records))
	}
	for _, s := range f.Sitemaps {
		set.Sitemaps = append(set.Sitemaps, automaton.Sitemap{URL: s.URL, Line: s.Line})
	}
	for _, r := range f.Records {
		set.Records = append(set.Records, automaton.Record{Key: r.Key, Value: r.Value, Line: r.Line})
	}
	return set
}

// tokenGroups returns the distinct lower-cased product tokens of the
// file's non-global user-agent lines, in order of appearance, each with
// the groups naming it (what SelectChain(token) selects), in one pass.
// Most files name a token or two: a few are looked up one by one, more
// through a map.
func (f *File) tokenGroups() []tokenGroup {
	const linear = 8
	var tokens []tokenGroup
	var index map[string]int
	for gi := range f.Groups {
		for _, a := range f.Groups[gi].Agents {
			if a.Global {
				continue
			}
			t := lowerASCII(a.Token)
			i, seen := -1, false
			if index != nil {
				i, seen = index[t]
			} else if i = slices.IndexFunc(tokens, func(u tokenGroup) bool { return u.token == t }); i >= 0 {
				seen = true
			}
			if !seen {
				i = len(tokens)
				tokens = append(tokens, tokenGroup{token: t})
				if index != nil {
					index[t] = i
				} else if len(tokens) > linear {
					index = make(map[string]int, 2*len(tokens))
					for j, u := range tokens {
						index[u.token] = j
					}
				}
			}
			if gs := tokens[i].groups; len(gs) == 0 || gs[len(gs)-1] != gi {
				tokens[i].groups = append(gs, gi)
			}
		}
	}
	return tokens
}

// tokenGroup is a product token and the groups that name it.
type tokenGroup struct {
	token  string
	groups []int
}

func groupsKey(groups []int) string {
	var b strings.Builder
	for _, g := range groups {
		b.WriteString(strconv.Itoa(g))
		b.WriteByte(',')
	}
	return b.String()
}

// appendRules appends the merged rules of groups (what Rules returns for
// them) to dst as the automaton's rules.
func (f *File) appendRules(dst []automaton.Rule, groups []int) []automaton.Rule {
	n := 0
	for _, g := range groups {
		n += len(f.Groups[g].Rules)
	}
	dst = slices.Grow(dst, n)
	for _, g := range groups {
		for _, r := range f.Groups[g].Rules {
			k := automaton.Allow
			if r.Kind == RuleDisallow {
				k = automaton.Disallow
			}
			dst = append(dst, automaton.Rule{Kind: k, Pattern: r.Pattern, Line: r.Line})
		}
	}
	return dst
}

func meta(f *File, sel Selection) automaton.ProgramMeta {
	m := automaton.ProgramMeta{CrawlDelay: -1}
	if d, ok := f.CrawlDelay(sel); ok {
		m.CrawlDelay = d
	}
	if r, ok := f.RequestRate(sel); ok {
		m.Requests, m.Per = int32(r.Requests), r.Per // at most 2³¹−1 (ParseRequestRate)
	}
	return m
}
