package automaton

import (
	"math/bits"
	"slices"
	"sync"
)

// builder is the state of one subset construction. Builders are pooled:
// every slice and table is reused from one construction to the next, so
// a small group costs few allocations beyond its DFA.
type builder struct {
	n       *nfa
	opts    options
	classOf [256]uint8
	eoi     uint8
	classes int
	// Live states: their thread sets (spans of arena) and the rules they
	// settle on entry (their output, NoRule for none), found by content
	// through table, an open-addressing hash table of state ids (-1:
	// empty).
	table   []int32
	hashes  []uint64 // per live state: its stateHash (subset construction)
	arena   []int32
	threads []span
	outputs []int32
	// decided states: their results, and each result's state number
	// plus one, indexed by result+1 (see decidedRef)
	decidedIdx []int32
	results    []int32
	edges      []edge // every live state's row (edges target refs, see edge)
	rows       []span // per live state: its row in edges
	defaults   []int32
	bytes      int
	work       int // the thread steps of every state found (see expansionWork)
	steps      int // the thread steps taken: work, once all are expanded
	set        threadSet
	lits       []uint64 // (byte << 32 | position) of a state's literal threads
	// stars is the closure of a state's star threads, which every
	// successor of it keeps, and starLeader what that closure settles.
	stars      []int32
	starLeader int32
	// kept is stars normalised under starLeader: the default successor's
	// threads, and with a few more the threads of each successor whose
	// advanced threads are plain (see plain). noPlain turns that
	// shortcut off (tests compare).
	kept    []int32
	noPlain bool
	adv     []int32 // scratch: a successor's advanced threads (set's other buffer)
	depths  []int32 // buildTrie: each live state's depth
	sorted  []int32 // buildTrie: the rules in body order
	ranks   []int32 // buildTrie: each rule's place in sorted
	next    []int32 // buildTrie: a successor's rules
	// buildTrie: the tails of live states (see trieTail), by state, and
	// the classes they hold; the ends of tails not reached yet, a heap.
	tails     []stateTail
	tailBytes []uint8
	ends      []tailEnd
	tailOf    []span   // scratch: finish's tails by state number
	row       []edge   // scratch: the row being built
	ids       []uint32 // scratch: finish's numbering
	order     []int32  // scratch: finish's state order
	outs      []int32  // scratch: finish's outputs
	kw        keywordScratch
	nfa       nfa
}

// span is a run of a builder's arena or edges.
type span struct{ off, n int32 }

// An edge's or default's target is a ref: >= 0 a live state, < 0 decided
// state -ref-1.
type edge struct {
	class uint8
	to    int32
}

var builders = sync.Pool{New: func() any { return new(builder) }}

// reset readies a pooled builder for a construction.
func (b *builder) reset(opts options) {
	b.opts = opts
	b.classOf = [256]uint8{}
	b.table = b.table[:0]
	b.arena, b.threads, b.outputs, b.hashes = b.arena[:0], b.threads[:0], b.outputs[:0], b.hashes[:0]
	for _, r := range b.results {
		b.decidedIdx[r+1] = 0
	}
	b.results, b.edges, b.rows, b.defaults = b.results[:0], b.edges[:0], b.rows[:0], b.defaults[:0]
	b.tails, b.tailBytes, b.ends = b.tails[:0], b.tailBytes[:0], b.ends[:0]
	b.bytes, b.work, b.steps = 0, 0, 0
}

func (b *builder) threadsOf(s int32) []int32 {
	sp := b.threads[s]
	return b.arena[sp.off : sp.off+sp.n]
}

func buildDFA(rules []Rule, ids []int32, opts options) *dfa {
	b := builders.Get().(*builder)
	defer builders.Put(b)
	start, ok := b.subsets(rules, ids, opts)
	if !ok {
		return nil
	}
	d := b.finish(start)
	if opts.minimize {
		d = d.minimize()
	}
	return d
}

// subsets runs subset construction over the rules ids: the start state's
// ref, or false when too many byte classes are named or a budget is
// spent.
func (b *builder) subsets(rules []Rule, ids []int32, opts options) (start int32, ok bool) {
	b.reset(opts)
	b.growTable(64) // only subset construction finds states by content
	n := b.nfa.init(rules, ids)
	b.set.n = n
	b.n = n
	if !b.makeClasses(ids) {
		return 0, false
	}
	// The start state: every rule's first position.
	b.set.reset(NoRule)
	for _, id := range ids {
		b.set.add(n.base[id])
	}
	slices.Sort(b.set.pos)
	start = b.intern(&b.set)
	for s := int32(0); s < int32(len(b.threads)); s++ {
		if !b.expand(s) {
			return 0, false
		}
	}
	return start, true
}

// makeClasses gives each byte some pattern names its own class; all other
// bytes share class 0; the last class is the end of input. The NUL byte
// (with nulEndsPath) and '#', unless a pattern names it, are in the end
// of input's class: a path in matching form holds no '#' (it ends where
// the URL's fragment begins), so a walk may then be given the path with
// its fragment and stop there (see Program.EndsAtFragment).
func (b *builder) makeClasses(ids []int32) bool {
	var used byteSet // the literal bytes of the rules' bodies
	for _, id := range ids {
		body := b.n.body[id]
		for i := 0; i < len(body); i++ {
			used[body[i]>>6] |= 1 << (body[i] & 63)
		}
	}
	used['*'>>6] &^= 1 << ('*' & 63) // in a body, always a star
	hashNamed := used['#'>>6]&(1<<('#'&63)) != 0
	if b.opts.nulEndsPath {
		used[0] &^= 1
	}
	next := 1
	for w, m := range used {
		for ; m != 0; m &= m - 1 {
			if next > 254 {
				return false // more classes than a byte can number
			}
			b.classOf[w<<6|bits.TrailingZeros64(m)] = uint8(next)
			next++
		}
	}
	b.eoi = uint8(next)
	b.classes = next + 1
	if b.opts.nulEndsPath {
		b.classOf[0] = b.eoi
	}
	if !hashNamed {
		b.classOf['#'] = b.eoi
	}
	return true
}

// intern returns the ref of the state for a thread set, its threads in
// ascending order: a decided state when no thread is left once
// normalised, else a live state, added if new.
func (b *builder) intern(t *threadSet) int32 {
	t.normalize()
	return b.internNormal(t)
}

// internNormal is intern for a thread set already normalised.
func (b *builder) internNormal(t *threadSet) int32 {
	if len(t.pos) == 0 {
		return b.decidedRef(t.leader)
	}
	mask := len(b.table) - 1
	h := stateHash(t.leader, t.pos)
	for i := int(h) & mask; ; i = (i + 1) & mask {
		id := b.table[i]
		if id < 0 {
			id = int32(len(b.threads))
			b.table[i] = id
			b.hashes = append(b.hashes, h)
			b.threads = append(b.threads, span{int32(len(b.arena)), int32(len(t.pos))})
			b.arena = append(b.arena, t.pos...)
			b.outputs = append(b.outputs, t.leader)
			b.bytes += 8 + 4*len(t.pos)
			b.work += b.expansionWork(t.pos)
			if 2*len(b.threads) > len(b.table) {
				b.growTable(2 * len(b.table))
			}
			return id
		}
		if b.hashes[id] == h && b.outputs[id] == t.leader && slices.Equal(b.threadsOf(id), t.pos) {
			return id
		}
	}
}

// stateHash is FNV-1a over a state's output and threads.
func stateHash(leader int32, pos []int32) uint64 {
	h := uint64(14695981039346656037)
	h = (h ^ uint64(uint32(leader))) * 1099511628211
	for _, p := range pos {
		h = (h ^ uint64(uint32(p))) * 1099511628211
	}
	return h ^ h>>29
}

// growTable resizes the state table to size slots (a power of two) and
// re-enters every live state, by its hash as interned.
func (b *builder) growTable(size int) {
	if cap(b.table) >= size {
		b.table = b.table[:size]
	} else {
		b.table = make([]int32, size)
	}
	for i := range b.table {
		b.table[i] = -1
	}
	mask := size - 1
	for id, h := range b.hashes {
		i := int(h) & mask
		for b.table[i] >= 0 {
			i = (i + 1) & mask
		}
		b.table[i] = int32(id)
	}
}

// decidedRef returns the ref of the decided state whose result is leader,
// added if new. Results are rule indices or NoRule, so they are found
// through a slice indexed by result+1 (holding the state's number plus
// one, 0 for none), cleared entry by entry when the builder is reset.
func (b *builder) decidedRef(leader int32) int32 {
	k := int(leader) + 1
	if k >= len(b.decidedIdx) {
		b.decidedIdx = append(b.decidedIdx, make([]int32, k+1-len(b.decidedIdx))...)
	}
	if d := b.decidedIdx[k]; d > 0 {
		return -d
	}
	b.results = append(b.results, leader)
	d := int32(len(b.results))
	b.decidedIdx[k] = d
	return -d
}

// successor computes the state after live state s reads a byte whose
// literal threads are at positions lits (low 32 bits; none for a byte no
// thread names): s's star threads stay (b.stars, which expand computes
// once for all of them), the literal threads advance.
func (b *builder) successor(s int32, lits []uint64) int32 {
	t := &b.set
	t.reset(b.starLeader)
	b.steps += len(b.threadsOf(s)) + len(lits)
	if len(lits) == 0 {
		t.pos = append(t.pos, b.stars...)
		t.normalize()
		b.kept = append(b.kept[:0], t.pos...)
		return b.internNormal(t)
	}
	for _, l := range lits {
		// add, inline for the next position's commonest kind.
		if p := int32(uint32(l)) + 1; t.n.kind[p] == posLit {
			t.pos = append(t.pos, p)
		} else {
			t.add(p)
		}
	}
	// The advanced threads, nearly always ascending already, then
	// merged with the stars into the other buffer (the two swap). When
	// they are plain (nearly always), the stars are kept, normalised
	// already, and so are the merged threads once adv drops the threads
	// of rules of no use.
	adv := t.pos
	shortcut := t.leader == b.starLeader && !b.noPlain && b.plain(adv)
	stars := b.stars
	if shortcut {
		adv, stars = b.dropUseless(adv), b.kept
	} else if !slices.IsSorted(adv) {
		slices.Sort(adv)
	}
	t.pos = b.adv
	t.union(stars, adv)
	b.adv = adv
	if shortcut {
		return b.internNormal(t)
	}
	return b.intern(t)
}

// plain reports whether advanced threads adv are ascending, hold no star
// and settle no rule (the caller compares the leader). Normalising them
// with the stars then changes nothing in kept, and drops a thread of adv
// only when its rule is of no use under the leader: none is in kept (kept
// holds stars and what directly follows one, adv what follows a literal
// byte), none is a star that would subsume some of kept, and none has a
// star of its rule in kept after it (a state is normalised, so a literal
// thread of a rule lies past the stars of that rule that its threads
// hold, and past their closure).
func (b *builder) plain(adv []int32) bool {
	prev := int32(-1)
	for _, p := range adv {
		if p <= prev || b.n.kind[p] == posStar {
			return false
		}
		prev = p
	}
	return true
}

// dropUseless drops from plain advanced threads adv, in place, those of
// rules of no use under the leader, as normalize would.
func (b *builder) dropUseless(adv []int32) []int32 {
	n, leader := b.n, b.set.leader
	k := 0
	for _, p := range adv {
		if n.useful(n.ruleOf[p], leader) {
			adv[k] = p
			k++
		}
	}
	return adv[:k]
}

// expansionWork is what expanding a state of threads pos will cost, in
// thread steps: each of its successors (the default and one per byte its
// literal threads name) reads all of its threads, and the literal threads
// advance. It is counted when the state is found, not when it is
// expanded: every state found is expanded unless the construction gives
// up first, so the total at the end is the same and a construction past
// its budget gives up as soon as the states it has found will cost more,
// not after spending it. (Over the corpus, the work budget is what all
// 1,916 failed attempts run out of; 1,402 of 1,419 when first
// counted.)
func (b *builder) expansionWork(pos []int32) int {
	n := b.n
	var named byteSet
	bytes, lits := 0, 0
	for _, p := range pos {
		if n.kind[p] != posLit {
			continue
		}
		if c := n.lit[p]; b.classOf[c] != b.eoi {
			lits++
			if named[c>>6]&(1<<(c&63)) == 0 {
				named[c>>6] |= 1 << (c & 63)
				bytes++
			}
		}
	}
	return (1+bytes)*len(pos) + lits
}

// expand computes live state s's row; false when over budget.
func (b *builder) expand(s int32) bool {
	n := b.n
	// One pass over the threads: the star threads' closure (once for
	// every successor), the literal threads with their bytes, and the
	// anchored threads waiting at their pattern's end, which the end of
	// input settles.
	t := &b.set
	t.reset(NoRule)
	b.lits = b.lits[:0]
	atEnd := int32(NoRule) // what the end of input settles
	for _, p := range b.threadsOf(s) {
		switch n.kind[p] {
		case posStar:
			t.add(p)
		case posLit:
			if c := n.lit[p]; b.classOf[c] != b.eoi {
				b.lits = append(b.lits, uint64(c)<<32|uint64(uint32(p)))
			}
		default:
			atEnd = n.combine(atEnd, n.ruleOf[p])
		}
	}
	b.stars, b.starLeader = append(b.stars[:0], t.pos...), t.leader
	if !slices.IsSorted(b.stars) { // never seen: a rule keeps one star at most
		slices.Sort(b.stars)
	}
	def := b.successor(s, nil)
	slices.Sort(b.lits)
	row := b.row[:0]
	for i := 0; i < len(b.lits); {
		c := b.lits[i] >> 32
		j := i + 1
		for j < len(b.lits) && b.lits[j]>>32 == c {
			j++
		}
		if to := b.successor(s, b.lits[i:j]); to != def {
			row = append(row, edge{b.classOf[c], to})
		}
		i = j
	}
	b.addRow(row, def, b.decidedRef(atEnd))
	b.bytes += 8 * (int(b.rows[len(b.rows)-1].n) + 1) // the row just added
	return len(b.threads) <= b.opts.MaxStates && b.bytes <= b.opts.MaxBytes && b.work <= b.opts.MaxWork*b.opts.MaxStates
}
