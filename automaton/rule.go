package automaton

import "slices"

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

// Rule is one prioritised pattern of a merged group: an allow or disallow
// line of a robots.txt.
type Rule struct {
	Kind Kind
	// Implied marks the rule that Google's index.htm rule implies for an
	// allow line ("Allow: /d/index.html" also allows "/d/$", on the same
	// line). The parser sets it for lint and explain; a program's rule
	// table and a blob do not keep it.
	Implied bool
	// Priority is the pattern's length in bytes; Build sets it.
	Priority int32
	// Line is the rule's line in the robots.txt.
	Line int32
	// Pattern is normalised (compile.NormalizePattern): '*' matches any
	// run of bytes, a final '$' anchors the end, every other byte matches
	// itself. A decoded rule table keeps the pattern only of rules that
	// are scanned.
	Pattern string
}

// rank is what a check reads of a ranked rule: a rule without its
// pattern, 12 bytes against a Rule's 32, so that a loaded program's
// table is a third of the size (docs/PERFORMANCE.md, "A lighter Load").
type rank struct {
	Priority, Line int32
	Kind           Kind
}

// ranksOf returns the ranks of a ranked table, in dst's memory when it
// has room.
func ranksOf(dst []rank, rules []Rule) []rank {
	dst = slices.Grow(dst[:0], len(rules))[:len(rules)]
	for i := range rules {
		dst[i] = rank{Priority: rules[i].Priority, Line: rules[i].Line, Kind: rules[i].Kind}
	}
	return dst
}

// betterRank is better for ranks.
func betterRank(a, b *rank) bool {
	if a.Priority != b.Priority {
		return a.Priority > b.Priority
	}
	return a.Line < b.Line
}

// NoRule stands for "no rule" wherever a rule index is expected.
const NoRule = -1

// better reports whether rule a beats rule b of the same kind: higher
// priority, or the same priority and an earlier line (SEMANTICS 3.5).
func better(a, b *Rule) bool {
	if a.Priority != b.Priority {
		return a.Priority > b.Priority
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
			r.Priority, r.Implied = int32(len(r.Pattern)), false
			out = append(out, r)
		}
	}
	if len(out) <= smallSort {
		// Insertion sort, its compare inlined: a file's groups are mostly
		// this small, and the generic sort's compare is a call that copies
		// both rules.
		for i := 1; i < len(out); i++ {
			for j := i; j > 0 && ranksBefore(&out[j], &out[j-1]); j-- {
				out[j], out[j-1] = out[j-1], out[j]
			}
		}
		return out
	}
	slices.SortFunc(out, func(x, y Rule) int {
		switch {
		case ranksBefore(&x, &y):
			return -1
		case ranksBefore(&y, &x):
			return 1
		}
		return 0
	})
	return out
}

// smallSort is the most rules rankRules sorts by insertion.
const smallSort = 12

// ranksBefore reports whether rule a comes before rule b in a ranked
// table: allows first, then the better rule, then, between rules of one
// line and priority, the smaller pattern. A line's rules differ in
// priority (the index.htm rule's pattern is shorter) unless they are the
// same rule, so the pattern decides only for tables made by hand; it
// makes the order total, so that any sort gives the same table.
func ranksBefore(a, b *Rule) bool {
	switch {
	case a.Kind != b.Kind:
		return a.Kind < b.Kind
	case a.Priority != b.Priority || a.Line != b.Line:
		return better(a, b)
	}
	return a.Pattern < b.Pattern
}

// verdict applies SEMANTICS 3.5 to the best matching allow and disallow
// (either may be nil): disallowed only if the disallow's priority is
// strictly greater. It returns the verdict and the deciding rule (nil when
// no rule decides).
func verdict(allow, disallow *rank) (bool, *rank) {
	switch {
	case disallow != nil && (allow == nil || disallow.Priority > allow.Priority):
		return false, disallow
	case allow != nil:
		return true, allow
	}
	return true, nil
}

// combine returns the canonical leader after rule r of a ranked table is
// settled on top of leader l (either may be NoRule). Of a settled allow a
// and disallow d only one can still matter: d if its priority is strictly
// greater, else a. Within a kind the better rank (smaller index) wins.
// combine is associative and commutative, so leaders of different parts of
// a program combine in any order.
func combine(rules []rank, l, r int32) int32 {
	if l == NoRule {
		return r
	}
	if r == NoRule {
		return l
	}
	lr, rr := &rules[l], &rules[r]
	if lr.Kind == rr.Kind {
		return min(l, r)
	}
	a, d := l, r
	if lr.Kind == Disallow {
		a, d = r, l
	}
	if rules[d].Priority > rules[a].Priority {
		return d
	}
	return a
}

// useful reports whether rule r of a ranked table can still change the
// verdict or the deciding rule given leader l (docs/DESIGN.md, "Pruning"):
//   - with an allow leader a: an allow beats it only with a better rank,
//     a disallow matters only with a strictly greater priority;
//   - with a disallow leader d: a disallow must have a better rank, an
//     allow needs at least d's priority (ties go to allow).
func useful(rules []rank, r, l int32) bool {
	if l == NoRule {
		return true
	}
	rr, lr := &rules[r], &rules[l]
	if rr.Kind == lr.Kind {
		return r < l
	}
	if lr.Kind == Allow {
		return rr.Priority > lr.Priority
	}
	return rr.Priority >= lr.Priority
}
