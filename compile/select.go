package compile

import (
	"time"

	"github.com/robotsdfa/robotsdfa/automaton"
	"github.com/robotsdfa/robotsdfa/runtime"
)

// Selection says which groups apply to a crawler (SEMANTICS 2.5).
type Selection struct {
	// Token is the crawler's product token whose groups were chosen, or ""
	// when the global groups (or none) apply. The empty token has groups
	// of its own when a user-agent line names no token either (SEMANTICS
	// 2.4): then Token is "", Global false and Groups not empty.
	Token string
	// Global is true when no group names the crawler and the '*' groups
	// apply.
	Global bool
	// Groups are the indices in File.Groups of the groups that apply, in
	// file order. Empty: nothing applies and everything is allowed.
	Groups []int
}

// Named reports whether groups of the crawler's own apply: a token's, or
// the empty token's (SEMANTICS 2.4); false when the '*' groups, or none,
// apply.
func (s Selection) Named() bool { return !s.Global && len(s.Groups) > 0 }

// SelectChain picks the groups for a crawler with a fallback chain of
// product tokens (googlebot-news, then googlebot): the groups of the first
// token that has a group of its own, else the '*' groups, else none
// (SEMANTICS 2.5, 2.6). Tokens are compared with the extracted product
// tokens ignoring ASCII case, exactly as given.
func (f *File) SelectChain(tokens ...string) Selection {
	for _, t := range tokens {
		var groups []int
		for i := range f.Groups {
			if f.Groups[i].Names(t) {
				groups = append(groups, i)
			}
		}
		if groups != nil {
			return Selection{Token: t, Groups: groups}
		}
	}
	return f.selectGlobal()
}

// SelectUnion picks the groups the way the reference's multi-agent call
// does: the groups that name any of the tokens, merged, else the '*'
// groups, else none (SEMANTICS 2.6). Token is the first token that named a
// group.
func (f *File) SelectUnion(tokens ...string) Selection {
	var sel Selection
	for i := range f.Groups {
		for _, t := range tokens {
			if f.Groups[i].Names(t) {
				if sel.Groups == nil {
					sel.Token = t
				}
				sel.Groups = append(sel.Groups, i)
				break
			}
		}
	}
	if sel.Groups != nil {
		return sel
	}
	return f.selectGlobal()
}

func (f *File) selectGlobal() Selection {
	var groups []int
	for i := range f.Groups {
		if f.Groups[i].HasGlobal() {
			groups = append(groups, i)
		}
	}
	if groups == nil {
		return Selection{}
	}
	return Selection{Global: true, Groups: groups}
}

// Rules returns the merged rules of the selected groups in file order
// (RFC 9309 section 2.2.1: matching groups are combined into one).
func (f *File) Rules(sel Selection) []runtime.Rule {
	n := 0
	for _, g := range sel.Groups {
		n += len(f.Groups[g].Rules)
	}
	rules := make([]runtime.Rule, 0, n)
	for _, g := range sel.Groups {
		rules = append(rules, f.Groups[g].Rules...)
	}
	return rules
}

// CrawlDelay returns the largest readable crawl-delay of the selected
// groups (the most polite), and whether there is one.
func (f *File) CrawlDelay(sel Selection) (time.Duration, bool) {
	var best time.Duration
	found := false
	f.eachRecord(sel, "crawl-delay", func(v string) {
		if d, ok := ParseCrawlDelay(v); ok && (!found || d > best) {
			best, found = d, true
		}
	})
	return best, found
}

// RequestRate returns the selected groups' request-rate with the longest
// interval between requests (the most polite: the lowest rate, compared
// exactly; the first of equal ones), and whether there is one.
func (f *File) RequestRate(sel Selection) (RequestRate, bool) {
	var m automaton.ProgramMeta
	f.eachRecord(sel, "request-rate", func(v string) {
		if r, ok := ParseRequestRate(v); ok {
			m = m.Merge(automaton.ProgramMeta{Requests: int32(r.Requests), Per: r.Per}) // at most 2³¹−1 requests
		}
	})
	return RequestRate{Requests: int(m.Requests), Per: m.Per}, m.Requests > 0
}

func (f *File) eachRecord(sel Selection, key string, fn func(value string)) {
	for _, g := range sel.Groups {
		for _, ri := range f.Groups[g].Records {
			if r := f.Records[ri]; r.Key == key {
				fn(r.Value)
			}
		}
	}
}
