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

// keyword returns the keyword of a floating literal pattern: "*x" and
// "/*x" match where x occurs (from position 1 for "/*x", the same thing
// unless x starts with '/', which is refused), "*/*x" is "/*x" (every
// path starts with '/'), and anchored says x must end the path. ok is
// false for any other pattern, and for keywords holding a NUL (the end of
// the path in Google mode).
func keyword(pattern string) (kw string, anchored, ok bool) {
	body, anchored := matchForm(pattern)
	if strings.HasPrefix(body, "*") {
		body = strings.TrimLeft(body, "*")
		if !strings.HasPrefix(body, "/*") {
			kw = body
			return kw, anchored, kw != "" && strings.IndexByte(kw, '*') < 0 && strings.IndexByte(kw, 0) < 0
		}
	}
	if !strings.HasPrefix(body, "/*") {
		return "", false, false
	}
	kw = strings.TrimLeft(body[1:], "*")
	return kw, anchored, kw != "" && kw[0] != '/' && strings.IndexByte(kw, '*') < 0 && strings.IndexByte(kw, 0) < 0
}

// isKeyword reports whether a pattern is a floating literal.
func isKeyword(pattern string) bool {
	_, _, ok := keyword(pattern)
	return ok
}

// buildKeywords builds the keyword automaton of the rules ids (floating
// literals, rank order) that fit the budget, taking them in rank order,
// and returns it with how many it took (0 and nil when none fit or there
// are more byte classes than a DFA can number).
func buildKeywords(rules []Rule, ids []int32, opts Options) (*DFA, int) {
	b := builders.Get().(*builder)
	defer builders.Put(b)
	b.reset(opts)
	b.n = b.nfa.init(rules, ids)
	if !b.makeClasses() {
		return nil, 0
	}
	classes := int32(b.eoi) // the byte classes; b.eoi is the last class
	// The trie, in child: node*classes+class -> node, -1 for none; rules
	// settled where their keyword ends (out) or at the end of input
	// there (end).
	child := make([]int32, classes)
	for i := range child {
		child[i] = -1
	}
	out, end := []int32{NoRule}, []int32{NoRule}
	taken := 0
	for _, id := range ids {
		kw, anchored, _ := keyword(rules[id].Pattern)
		nodes := len(out) + len(kw)
		if nodes > opts.MaxStates || nodes*int(b.classes)*4 > opts.MaxBytes {
			break
		}
		v := int32(0)
		for i := 0; i < len(kw); i++ {
			c := int32(b.classOf[kw[i]])
			if child[v*classes+c] < 0 {
				child[v*classes+c] = int32(len(out))
				out, end = append(out, NoRule), append(end, NoRule)
				for k := int32(0); k < classes; k++ {
					child = append(child, -1)
				}
			}
			v = child[v*classes+c]
		}
		if anchored {
			end[v] = combine(rules, end[v], id)
		} else {
			out[v] = combine(rules, out[v], id)
		}
		taken++
	}
	if taken == 0 {
		return nil, 0
	}
	// Breadth first from the root: each node's failure link (the longest
	// proper suffix of its string that is a trie node) is nearer the
	// root, so its completed row and its settled rules are known; they
	// complete the node's.
	n := int32(len(out))
	order := make([]int32, 1, n) // BFS order -> node
	state := make([]int32, n)    // node -> BFS order
	fail := make([]int32, n)
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
			out[w] = combine(rules, out[w], out[fail[w]])
			end[w] = combine(rules, end[w], end[fail[w]])
		}
	}
	// The live states in BFS order, root first; the default target of
	// every row is the root (class 0, the bytes no keyword names, always
	// leads there).
	for _, v := range order {
		b.threads = append(b.threads, span{})
		b.outputs = append(b.outputs, out[v])
		row := b.row[:0]
		for c := int32(1); c < classes; c++ {
			if to := child[v*classes+c]; to != 0 {
				row = append(row, edge{uint8(c), state[to]})
			}
		}
		b.addRow(row, 0, b.decidedRef(end[v]))
	}
	return b.finish(0), taken
}
