package automaton

import "slices"

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
	ruleOf   []int32 // position -> rule id
	kind     []posKind
	lit      []byte  // literal byte of a posLit position
	anchored []bool  // per rule
	base     []int32 // per rule: its first position
}

func newNFA(rules []Rule, ids []int32) *nfa {
	n := &nfa{rules: rules, anchored: make([]bool, len(rules)), base: make([]int32, len(rules))}
	for i := range n.base {
		n.base[i] = -1
	}
	for _, id := range ids {
		p := rules[id].Pattern
		if len(p) > 0 && p[len(p)-1] == '$' {
			p = p[:len(p)-1]
			n.anchored[id] = true
		}
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

// combine returns the canonical leader after rule r is settled on top of
// leader l (either may be NoRule). Of a settled allow a and disallow d only
// one can still matter: d if its priority is strictly greater, else a.
// Within a kind the better rank (smaller id) wins.
func (n *nfa) combine(l, r int32) int32 {
	if l == NoRule {
		return r
	}
	if r == NoRule {
		return l
	}
	lr, rr := &n.rules[l], &n.rules[r]
	if lr.Kind == rr.Kind {
		return min(l, r)
	}
	a, d := l, r
	if lr.Kind == Disallow {
		a, d = r, l
	}
	if len(n.rules[d].Pattern) > len(n.rules[a].Pattern) {
		return d
	}
	return a
}

// useful reports whether a thread of rule r can still change the verdict
// or the deciding rule given leader l (DESIGN.md, "Pruning"):
//   - with an allow leader a: an allow beats it only with a better rank,
//     a disallow matters only with a strictly greater priority;
//   - with a disallow leader d: a disallow must have a better rank, an
//     allow needs at least d's priority (ties go to allow).
func (n *nfa) useful(r, l int32) bool {
	if l == NoRule {
		return true
	}
	rr, lr := &n.rules[r], &n.rules[l]
	if rr.Kind == lr.Kind {
		return r < l
	}
	if lr.Kind == Allow {
		return len(rr.Pattern) > len(lr.Pattern)
	}
	return len(rr.Pattern) >= len(lr.Pattern)
}

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

// normalize sorts and dedupes the threads, drops threads a later star of
// the same rule subsumes (from a star, the rest of the pattern accepts all
// that any earlier position's rest accepts), and prunes threads that can
// no longer matter under the leader.
func (t *threadSet) normalize() {
	n := t.n
	slices.Sort(t.pos)
	out := t.scratch[:0]
	// Walk from the highest position down: the first star met for a rule
	// is its latest; lower positions of that rule are subsumed.
	lastRule, starSeen := int32(-1), false
	for i := len(t.pos) - 1; i >= 0; i-- {
		p := t.pos[i]
		if len(out) > 0 && out[len(out)-1] == p {
			continue
		}
		r := n.ruleOf[p]
		if r != lastRule {
			lastRule, starSeen = r, false
		}
		if starSeen || !n.useful(r, t.leader) {
			continue
		}
		if n.kind[p] == posStar {
			starSeen = true
		}
		out = append(out, p)
	}
	// out is descending; store ascending.
	t.pos = t.pos[:0]
	for i := len(out) - 1; i >= 0; i-- {
		t.pos = append(t.pos, out[i])
	}
	t.scratch = out
}
