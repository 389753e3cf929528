package automaton

import (
	"slices"
	"strings"
)

// Pattern positions: the NFA that subset construction works over.
//
// Each rule's pattern body (the pattern without a final '$') gets one
// position per byte plus one end position. A thread at a literal position
// waits for that byte; a thread at a star position loops on any byte and is
// also, by closure, at the next position; a thread that reaches the end of
// a plain pattern has matched whatever follows (the rule is settled), and
// one that reaches the end of an anchored pattern matches only if the input
// ends there.

type posKind uint8

const (
	posLit posKind = iota
	posStar
	posEnd
)

type nfa struct {
	rules    []Rule  // ranked (see rankRules); indices are rule ids
	ranks    []rank  // rules' ranks
	ruleOf   []int32 // position -> rule id
	kind     []posKind
	lit      []byte   // literal byte of a posLit position
	anchored []bool   // per rule
	body     []string // per rule: its pattern's body (see matchForm)
	base     []int32  // per rule: its first position
}

// init makes n the NFA of the rules ids, reusing n's slices.
func (n *nfa) init(rules []Rule, ids []int32) *nfa {
	n.initBodies(rules, ids)
	n.base = slices.Grow(n.base[:0], len(rules))[:len(rules)]
	for i := range n.base {
		n.base[i] = -1
	}
	for _, id := range ids {
		p := n.body[id]
		n.base[id] = int32(len(n.kind))
		for i := 0; i < len(p); i++ {
			k := posLit
			if p[i] == '*' {
				k = posStar
			}
			n.kind = append(n.kind, k)
			n.lit = append(n.lit, p[i])
			n.ruleOf = append(n.ruleOf, id)
		}
		n.kind = append(n.kind, posEnd)
		n.lit = append(n.lit, 0)
		n.ruleOf = append(n.ruleOf, id)
	}
	return n
}

// initBodies is init without the positions, for the builders that read
// only the rules' bodies and anchors (tries, keyword automata).
func (n *nfa) initBodies(rules []Rule, ids []int32) *nfa {
	n.rules, n.ranks = rules, ranksOf(n.ranks, rules)
	n.anchored = slices.Grow(n.anchored[:0], len(rules))[:len(rules)]
	n.body = slices.Grow(n.body[:0], len(rules))[:len(rules)]
	n.ruleOf, n.kind, n.lit = n.ruleOf[:0], n.kind[:0], n.lit[:0]
	for _, id := range ids {
		n.body[id], n.anchored[id] = matchForm(rules[id].Pattern)
	}
	return n
}

// matchForm returns what a pattern matches, without its priority: the
// body without a final '$', and whether that '$' anchors it. Trailing
// stars match any rest, so they are dropped, and with them the anchor:
// "/a*" and "/a*$" match what "/a" matches.
func matchForm(pattern string) (body string, anchored bool) {
	if strings.HasSuffix(pattern, "$") {
		pattern, anchored = pattern[:len(pattern)-1], true
	}
	if trimmed := strings.TrimRight(pattern, "*"); len(trimmed) < len(pattern) {
		return trimmed, false
	}
	return pattern, anchored
}

// hasStar reports whether a pattern needs '*' to match (trailing stars
// do not count).
func hasStar(pattern string) bool {
	body, _ := matchForm(pattern)
	return strings.IndexByte(body, '*') >= 0
}

// floating reports whether a pattern can match starting anywhere in the
// path: it begins with a star. Floating rules multiply states with every
// other rule; anchored ones only with rules sharing their prefix.
func floating(pattern string) bool {
	body, _ := matchForm(pattern)
	return strings.HasPrefix(body, "*") || strings.HasPrefix(body, "/*")
}

func (n *nfa) combine(l, r int32) int32 { return combine(n.ranks, l, r) }

func (n *nfa) useful(r, l int32) bool { return useful(n.ranks, r, l) }

// threadSet gathers the threads of one DFA state.
type threadSet struct {
	n       *nfa
	pos     []int32
	leader  int32
	scratch []int32
}

func (t *threadSet) reset(leader int32) {
	t.pos = t.pos[:0]
	t.leader = leader
}

// add puts a thread at position p, with its closure: through stars to the
// position after them; at a plain pattern's end the rule is settled.
func (t *threadSet) add(p int32) {
	n := t.n
	for {
		switch n.kind[p] {
		case posStar:
			t.pos = append(t.pos, p)
			p++
			continue
		case posEnd:
			if r := n.ruleOf[p]; n.anchored[r] {
				t.pos = append(t.pos, p)
			} else {
				t.leader = n.combine(t.leader, r)
			}
		default:
			t.pos = append(t.pos, p)
		}
		return
	}
}

// union sets the threads to the union of a and b, both ascending, in
// ascending order (repeats stay, for normalize). successor keeps a
// state's star threads (a) and adds a few advanced ones (b).
func (t *threadSet) union(a, b []int32) {
	pos := slices.Grow(t.pos[:0], len(a)+len(b))[:len(a)+len(b)]
	i, j, k := 0, 0, 0
	for ; i < len(a) && j < len(b); k++ {
		if a[i] <= b[j] {
			pos[k] = a[i]
			i++
		} else {
			pos[k] = b[j]
			j++
		}
	}
	k += copy(pos[k:], a[i:])
	k += copy(pos[k:], b[j:])
	t.pos = pos[:k]
}

// normalize dedupes the threads, which are in ascending order, drops
// threads a later star of the same rule subsumes (from a star, the rest of
// the pattern accepts all that any earlier position's rest accepts), and
// prunes threads that can no longer matter under the leader.
func (t *threadSet) normalize() {
	n := t.n
	// Walk from the highest position down: the first star met for a rule
	// is its latest; lower positions of that rule are subsumed. The kept
	// threads fill out from its end, so they come out ascending; out and
	// pos then swap buffers.
	pos := t.pos
	out := slices.Grow(t.scratch[:0], len(pos))[:len(pos)]
	k := len(out)
	lastRule, drop := int32(-1), false
	for i := len(pos) - 1; i >= 0; i-- {
		p := pos[i]
		if i+1 < len(pos) && pos[i+1] == p {
			continue
		}
		// A rule's threads are dropped from its latest star down, or all
		// of them when it is no longer useful.
		if r := n.ruleOf[p]; r != lastRule {
			lastRule, drop = r, !n.useful(r, t.leader)
		}
		if drop {
			continue
		}
		drop = n.kind[p] == posStar
		k--
		out[k] = p
	}
	m := copy(out, out[k:]) // a memmove: keeps both buffers' capacity
	t.pos, t.scratch = out[:m], pos
}
