package workload

import "github.com/robotsdfa/robotsdfa/automaton"

// RuleListBytes is the size of a compiled robots.txt stored with no
// automaton at all: as lists a matcher could read in place. Each
// program's rules take their pattern's bytes and 8 (the pattern's offset,
// the line and the kind); each product token its bytes and 8 (offset and
// program); each program 8 (its rules' range); each sitemap its URL and
// 8, each other record its key and value and 12; a header and trailer 32.
// It is what the blob ratio target (blob bytes ÷ robots.txt bytes,
// median ≤ 1) is measured against: a blob of these lists and no
// automaton. The set must come from compile.Compile: a decoded set keeps
// only its scanned rules' patterns.
func RuleListBytes(set *automaton.Set) int {
	n := 32
	for _, p := range set.Programs {
		n += 8
		for _, r := range p.Rules {
			n += 8 + len(r.Pattern)
		}
	}
	for _, a := range set.Agents {
		n += 8 + len(a.Token)
	}
	for _, s := range set.Sitemaps {
		n += 8 + len(s.URL)
	}
	for _, r := range set.Records {
		n += 12 + len(r.Key) + len(r.Value)
	}
	return n
}
