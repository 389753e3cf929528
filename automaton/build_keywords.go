package automaton

import "strings"

// Floating literal rules ("*x", "/*x", with or without a final '$', where
// x names no star) are the keywords of a substring search: a rule is
// settled where its keyword ends in the path (at its end only, anchored).
// Subset construction finds their DFA through thread sets as large as the
// rules are many, once per state and byte class, which made such groups
// the slowest of the corpus to compile, or sent their rules to the scan
// tier when the work budget ran out. buildKeywords builds the same
// language directly, as the Aho-Corasick automaton of the keywords: the
// trie's nodes are the states, each row the trie's edges completed by the
// row of the node's failure link, in time linear in the table.
//
// "/*x" with x starting with '/' ("/*/pins/") needs x to start at
// position 1 or later. Reading along trie edges from the start, the text
// read so far is the node's own string, and only there can a keyword
// start at position 0: those prefix states are copies of the nodes that
// leave such rules out of what the node itself ends. The first byte
// without a trie edge leaves the copies for the plain automaton, where
// every match starts after position 0. Only nodes above the end of such
// a keyword need a copy.

// keyword returns the keyword of a floating literal pattern: "*x" and
// "/*x" match where x occurs, from position 1 for "/*x" (fromOne, which
// only matters when x starts with '/', since every path does); "*/*x" is
// "/*x"; anchored says x must end the path. ok is false for any other
// pattern, and for keywords holding a NUL (the end of the path in Google
// mode).
func keyword(pattern string) (kw string, anchored, fromOne, ok bool) {
	body, anchored := matchForm(pattern)
	if strings.HasPrefix(body, "*") {
		body = strings.TrimLeft(body, "*")
		if !strings.HasPrefix(body, "/*") {
			return body, anchored, false, literalKeyword(body)
		}
	}
	if !strings.HasPrefix(body, "/*") {
		return "", false, false, false
	}
	kw = strings.TrimLeft(body[1:], "*")
	return kw, anchored, strings.HasPrefix(kw, "/"), literalKeyword(kw)
}

func literalKeyword(kw string) bool {
	return kw != "" && strings.IndexByte(kw, '*') < 0 && strings.IndexByte(kw, 0) < 0
}

// isKeyword reports whether a pattern is a floating literal.
func isKeyword(pattern string) bool {
	_, _, _, ok := keyword(pattern)
	return ok
}

// buildKeywords builds the keyword automaton of the rules ids (floating
// literals, rank order) that fit the budget, taking them in rank order,
// and returns it with how many it took (0 and nil when none fit or there
// are more byte classes than a DFA can number).
func buildKeywords(rules []Rule, ids []int32, opts options) (*dfa, int) {
	b := builders.Get().(*builder)
	defer builders.Put(b)
	b.reset(opts)
	b.n = b.nfa.initBodies(rules, ids)
	if !b.makeClasses(ids) {
		return nil, 0
	}
	classes := int32(b.eoi) // the byte classes; b.eoi is the last class
	// The trie, in child: node*classes+class -> node, -1 for none; rules
	// settled where their keyword ends (out) or at the end of input there
	// (end); own0 and end0 the same without the rules that must start
	// after position 0, for the prefix copies; later marks the nodes
	// where such a rule's keyword ends.
	k := &b.kw
	child := k.child[:0]
	for i := int32(0); i < classes; i++ {
		child = append(child, -1)
	}
	out, end := append(k.out[:0], NoRule), append(k.end[:0], NoRule)
	own0, end0 := append(k.own0[:0], NoRule), append(k.end0[:0], NoRule)
	later := append(k.later[:0], false)
	parent := append(k.parent[:0], 0)
	defer func() {
		k.child, k.out, k.end, k.own0, k.end0 = child, out, end, own0, end0
		k.later, k.parent = later, parent
	}()
	anyLater := false
	taken := 0
	for _, id := range ids {
		kw, anchored, fromOne, _ := keyword(rules[id].Pattern)
		states := len(out) + len(kw)
		if anyLater || fromOne {
			states *= 2 // room for the prefix copies
		}
		if states > opts.MaxStates || states*int(b.classes)*4 > opts.MaxBytes {
			break
		}
		v := int32(0)
		for i := 0; i < len(kw); i++ {
			c := int32(b.classOf[kw[i]])
			if child[v*classes+c] < 0 {
				child[v*classes+c] = int32(len(out))
				out, end = append(out, NoRule), append(end, NoRule)
				own0, end0 = append(own0, NoRule), append(end0, NoRule)
				later = append(later, false)
				parent = append(parent, v)
				for k := int32(0); k < classes; k++ {
					child = append(child, -1)
				}
			}
			v = child[v*classes+c]
		}
		settled, settled0 := &out[v], &own0[v]
		if anchored {
			settled, settled0 = &end[v], &end0[v]
		}
		*settled = combine(b.nfa.ranks, *settled, id)
		if fromOne {
			later[v], anyLater = true, true
		} else {
			*settled0 = combine(b.nfa.ranks, *settled0, id)
		}
		taken++
	}
	if taken == 0 {
		return nil, 0
	}
	// Breadth first from the root: each node's failure link (the longest
	// proper suffix of its string that is a trie node) is nearer the
	// root, so its completed row and its settled rules are known; they
	// complete the node's. The prefix copies' rules are their own0 and
	// end0 completed the same way.
	n := int32(len(out))
	order := append(k.order[:0], 0)      // BFS order -> node
	state := grown(k.state, int(n))      // node -> BFS order
	fail := grown(k.fail, int(n))        // node -> its failure link
	trie := append(k.trie[:0], child...) // the trie's own edges, kept
	copyOf := k.copyOf[:0]               // node -> its copy's state, or -1
	for range n {
		copyOf = append(copyOf, -1)
	}
	defer func() { k.order, k.state, k.fail, k.trie, k.copyOf = order, state, fail, trie, copyOf }()
	for i := 0; i < len(order); i++ {
		v := order[i]
		row := child[v*classes : (v+1)*classes]
		for c, w := range row {
			if w < 0 {
				if v != 0 {
					row[c] = child[fail[v]*classes+int32(c)]
				} else {
					row[c] = 0
				}
				continue
			}
			state[w] = int32(len(order))
			order = append(order, w)
			if v != 0 {
				fail[w] = child[fail[v]*classes+int32(c)]
			}
			f := fail[w]
			out[w] = combine(b.nfa.ranks, out[w], out[f])
			end[w] = combine(b.nfa.ranks, end[w], end[f])
			own0[w] = combine(b.nfa.ranks, own0[w], out[f])
			end0[w] = combine(b.nfa.ranks, end0[w], end[f])
		}
	}
	// The prefix copies: nodes at or above the end of a keyword that must
	// start after position 0 (children come after parents in BFS order,
	// so walk it backwards), numbered after the plain states; the root's
	// copy, when there are copies, is the start.
	start := int32(0)
	if anyLater {
		need := later
		for i := n - 1; i > 0; i-- {
			if v := order[i]; need[v] {
				need[parent[v]] = true
			}
		}
		next := n
		for _, v := range order {
			if need[v] {
				copyOf[v] = next
				next++
			}
		}
		start = copyOf[0]
	}
	// The plain states in BFS order, root first, then the copies; the
	// default target of every row is the plain root (class 0, the bytes
	// no keyword names, always leads there).
	addState := func(v int32, prefix bool) {
		b.threads = append(b.threads, span{})
		o, e := out[v], end[v]
		if prefix {
			o, e = own0[v], end0[v]
		}
		b.outputs = append(b.outputs, o)
		row := b.row[:0]
		for c := int32(1); c < classes; c++ {
			to := state[child[v*classes+c]]
			if w := trie[v*classes+c]; prefix && w >= 0 && copyOf[w] >= 0 {
				to = copyOf[w]
			}
			if to != 0 {
				row = append(row, edge{uint8(c), to})
			}
		}
		b.addRow(row, 0, b.decidedRef(e))
	}
	for _, v := range order {
		addState(v, false)
	}
	for _, v := range order {
		if copyOf[v] >= 0 {
			addState(v, true)
		}
	}
	return b.finish(start), taken
}

// keywordScratch holds buildKeywords' working slices, kept with the
// pooled builder between constructions.
type keywordScratch struct {
	child, trie, order, state, fail, copyOf []int32
	out, end, own0, end0, parent            []int32
	later                                   []bool
}

// grown returns s resized to n zeroed elements, reusing its array.
func grown(s []int32, n int) []int32 {
	if cap(s) < n {
		return make([]int32, n)
	}
	s = s[:n]
	clear(s)
	return s
}
