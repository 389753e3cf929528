package automaton

import "sort"

// Kind is a rule's kind.
type Kind uint8

const (
	// Allow is an allow rule.
	Allow Kind = 1
	// Disallow is a disallow rule.
	Disallow Kind = 2
)

// String returns "allow" or "disallow".
func (k Kind) String() string {
	switch k {
	case Allow:
		return "allow"
	case Disallow:
		return "disallow"
	}
	return "none"
}

// Rule is one prioritised pattern of a merged group. Pattern is normalised
// (compile.NormalizePattern): '*' matches any run of bytes, a final '$'
// anchors the end, every other byte matches itself. Its priority is
// len(Pattern).
type Rule struct {
	Kind    Kind
	Pattern string
	Line    int32
}

// Priority is the rule's priority, the length of its pattern in bytes.
func (r *Rule) Priority() int { return len(r.Pattern) }

// NoRule stands for "no rule" wherever a rule index is expected.
const NoRule = -1

// better reports whether rule a beats rule b of the same kind: higher
// priority, or the same priority and an earlier line (SEMANTICS 3.5).
func better(a, b *Rule) bool {
	if len(a.Pattern) != len(b.Pattern) {
		return len(a.Pattern) > len(b.Pattern)
	}
	return a.Line < b.Line
}

// canMatch reports whether a pattern can match some path. Every path
// starts with '/', so a pattern must start with '/' or '*'; an empty
// pattern has priority 0 and never decides.
func canMatch(pattern string) bool {
	return pattern != "" && (pattern[0] == '/' || pattern[0] == '*')
}

// rankRules returns the rules that can match, each kind sorted best first,
// allows before disallows. In a ranked table "better" is "smaller index"
// within a kind.
func rankRules(rules []Rule) []Rule {
	out := make([]Rule, 0, len(rules))
	for _, r := range rules {
		if canMatch(r.Pattern) {
			out = append(out, r)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Kind != out[j].Kind {
			return out[i].Kind < out[j].Kind
		}
		return better(&out[i], &out[j])
	})
	return out
}

// Verdict applies SEMANTICS 3.5 to the best matching allow and disallow
// (either may be nil): disallowed only if the disallow's priority is
// strictly greater. It returns the verdict and the deciding rule (nil when
// no rule decides).
func Verdict(allow, disallow *Rule) (bool, *Rule) {
	switch {
	case disallow != nil && (allow == nil || len(disallow.Pattern) > len(allow.Pattern)):
		return false, disallow
	case allow != nil:
		return true, allow
	}
	return true, nil
}
