package compile

import (
	"slices"
	"strconv"
	"strings"

	"github.com/robotsdfa/robotsdfa/automaton"
	"github.com/robotsdfa/robotsdfa/runtime"
)

// Compile reads a robots.txt body and compiles it into the value a
// crawler asks (as regexp.Compile does for a regular expression): one
// automaton program per distinct merged group (RFC 9309 section 2.2.1:
// all groups naming a product token, merged; and all '*' groups), the
// index from product tokens to programs, the sitemaps and the other
// records.
//
//	r := compile.Compile(body, compile.Options{})
//	ok := r.Agent("examplebot").Allowed("https://example.com/some/page")
//
// Compile never fails and never panics: every line that can be read is
// used, and a group whose automaton would exceed the budget is split
// among several automata, with the same verdicts. Its time and memory are
// linear in min(len(body), MaxBytes) plus a constant per merged group set
// by the budget. It keeps no reference to body.
func Compile(body []byte, opts Options) *runtime.Robots {
	return runtime.FromSet(compileFile(parse(body, opts, true)))
}

// Compile compiles a parsed file, as Compile compiles its body with the
// file's options; the result is the same.
func (f *File) Compile() *runtime.Robots { return runtime.FromSet(compileFile(f)) }

// CompileSet compiles a parsed file into the engine's form: the set that
// Compile's result wraps, for tools that look at the automata
// (automaton.Program.Dump, Stats).
func (f *File) CompileSet() *automaton.Set { return compileFile(f) }

// compileFile is Compile's work.
func compileFile(f *File) *automaton.Set {
	set := &automaton.Set{
		RFC:    f.Options.Mode == RFC9309,
		Global: automaton.NoRule,
	}
	// Each distinct merged group, by its groups, becomes a program: its
	// rules are ends[p-1]:ends[p] of one slice for all.
	byGroups := map[string]int32{}
	var rules []automaton.Rule
	var ends []int
	program := func(groups []int) int32 {
		key := groupsKey(groups)
		if p, ok := byGroups[key]; ok {
			return p
		}
		p := int32(len(ends))
		byGroups[key] = p
		rules = f.appendRules(rules, groups)
		ends = append(ends, len(rules))
		set.Meta = append(set.Meta, meta(f, Selection{Groups: groups}))
		return p
	}

	wanted := map[string]bool{}
	for _, t := range f.Options.Tokens {
		wanted[LowerASCII(t)] = true
	}
	// Each token's groups, in one pass (SelectChain per token would be
	// quadratic in a file of thousands of groups).
	tokens := f.tokenGroups()
	if len(f.Groups) > 0 {
		// Room for a program per token and one for '*' (no more than
		// the groups, usually: a file that names many tokens in one
		// group has one program).
		n := min(len(tokens), len(f.Groups)) + 1
		ends = make([]int, 0, n)
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
	if len(wanted) > 0 {
		// The set answers for these tokens only, and says so: each one no
		// group names is listed too, so that a token not listed is one it
		// was not compiled for (runtime.Robots.CompiledFor).
		set.Restricted = true
		named := len(set.Agents)
		for t := range wanted {
			if !slices.ContainsFunc(set.Agents[:named], func(a automaton.Agent) bool { return a.Token == t }) {
				set.Agents = append(set.Agents, automaton.Agent{Token: t, Program: automaton.NoRule})
			}
		}
	}
	set.Index()
	if g := f.selectGlobal(); g.Global {
		set.Global = program(g.Groups)
	}
	merged := make([][]automaton.Rule, len(ends))
	for p, end := range ends {
		start := 0
		if p > 0 {
			start = ends[p-1]
		}
		merged[p] = rules[start:end:end]
	}
	set.Programs = automaton.Build(merged, f.Options.Mode == Google, f.Options.Budget)
	set.Sitemaps = f.Sitemaps
	set.Records = f.Records
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
			t := LowerASCII(a.Token)
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
// them) to dst.
func (f *File) appendRules(dst []automaton.Rule, groups []int) []automaton.Rule {
	n := 0
	for _, g := range groups {
		n += len(f.Groups[g].Rules)
	}
	dst = slices.Grow(dst, n)
	for _, g := range groups {
		dst = append(dst, f.Groups[g].Rules...)
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
