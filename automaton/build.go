package automaton

import (
	"math/bits"
	"slices"
	"sync"
	"unsafe"

	farm "github.com/dgryski/go-farm"
)

// Options bound and shape construction.
type Options struct {
	// MaxStates bounds the states of one DFA (0: DefaultMaxStates).
	MaxStates int
	// MaxBytes bounds the table bytes of one DFA (0: DefaultMaxBytes).
	MaxBytes int
	// MaxWork bounds the thread steps of one DFA's construction, per state
	// of its state budget (0: DefaultMaxWork), so that a group past the
	// budget is found out fast. The first attempt on a part of a group
	// gets half.
	MaxWork int
	// NULEndsPath maps the NUL byte to the end-of-input class, as Google's
	// reference reads the path as a C string.
	NULEndsPath bool
	// Minimize runs Moore's minimisation on each DFA built. Construction
	// is within about 2% of minimal on real files (see Minimize), so it is
	// off by default.
	Minimize bool
}

const (
	// DefaultMaxStates is the default state budget of one DFA.
	DefaultMaxStates = 1 << 12
	// DefaultMaxBytes is the default table budget of one DFA (1 MiB).
	DefaultMaxBytes = 1 << 20
	// DefaultMaxWork is the default construction budget of one DFA, in
	// thread steps per state of its state budget.
	DefaultMaxWork = 32
	// denseAbove: rows with more exceptions than this are stored dense.
	denseAbove = 6
	// firstWorkShare: the first attempt on a part (all of its rules) has
	// 1/firstWorkShare of the work budget. An attempt that fails has
	// spent its budget, and first attempts fail most: with a half, failed
	// first attempts took 42% of the thread steps of subset construction
	// over the corpus's 375 costliest files (Google mode). With a quarter,
	// 110 of the corpus's 4,611 first attempts that fitted no longer fit:
	// their parts get a trie of the literal rules and halvings of the
	// others instead (see Build).
	firstWorkShare = 4
	// wildAttempts bounds how many times the wildcard rules are halved
	// looking for a part that fits one DFA.
	wildAttempts = 4
	unbounded    = 1 << 40
)

func (o Options) withDefaults() Options {
	if o.MaxStates <= 0 {
		o.MaxStates = DefaultMaxStates
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = DefaultMaxBytes
	}
	if o.MaxWork <= 0 {
		o.MaxWork = DefaultMaxWork
	}
	return o
}

// Program is the compiled form of one merged group: its ranked rule table,
// one DFA or, past the budget, the fallback: several DFAs over parts of the
// rules, and wildcard rules that fit no DFA, scanned one by one. The
// leaders of the parts combine (see combine).
type Program struct {
	// first is DFAs[0]'s walk, inline, so that a check on a cold program
	// reaches the table in one load fewer, and rest the other DFAs'
	// walks, side by side, not behind a pointer each (see seal).
	first walk
	rest  []walk
	// Rules is the ranked rule table: allows best first, then disallows
	// best first. DFA results and Scan index it.
	Rules []Rule
	DFAs  []*DFA
	// Scan lists the rules matched by GlobMatch after the DFAs (the last
	// tier of the fallback), sorted by literal prefix (see scanPrefix),
	// then rank.
	Scan []int32
	// scanPre[i] is Scan[i]'s literal prefix and scanNeed[i] the bytes
	// its pattern names (see seal).
	scanPre  []string
	scanNeed []byteSet
	// NULEndsPath: the path ends at its first NUL (Google mode).
	NULEndsPath bool
	// fragmentEnds: see EndsAtFragment.
	fragmentEnds bool
}

// Build compiles a merged group's rules (any order; rules that cannot
// match are dropped) into a Program. It never fails.
//
// Anchored rules and floating ones ("/*x", which multiply states with
// every other rule: each anchored position times each position of the
// floating search) always get DFAs of their own, so that sizes add
// instead of multiplying; over the corpus this cut compile time by a
// third and the largest blobs by a sixth, for a second walk that the
// anchored DFA usually ends within a few bytes. Floating literals ("*x",
// "/*x", x without a star) then get the keyword automaton (see
// buildKeywords), linear in their bytes times the byte classes; the rest
// of the part is built as follows. Each part gets one DFA
// when it fits the budget: MaxStates, but no more than 64 states plus 4
// per pattern byte, so that a DFA stays about the size of its rules, and
// a quarter of the work budget (see firstWorkShare).
// Otherwise it is split further: literal rules (a trie of their
// patterns, linear in their bytes, built without a budget) apart from
// wildcard rules; of these the best-ranked half, quarter... that fits gets
// a DFA and the rest are scanned. Each attempt is bounded by the budget,
// and there are at most a dozen.
func Build(rules []Rule, opts Options) *Program {
	return (&Builder{Options: opts}).Build(rules)
}

// Builder builds programs and shares their automata: merged groups whose
// ranked rule tables agree in kinds and patterns (a file that repeats one
// group for many product tokens) get the same DFAs, built once, each
// with its own rule table (lines differ). The automata are built from the
// kinds and patterns alone, so sharing them is exact. A Builder is not
// safe for concurrent use.
type Builder struct {
	Options Options
	// built are the programs built so far, by a hash of their tables.
	built smallMap[uint64, *Program]
}

// Build is the package-level Build, sharing automata with earlier calls.
// It keeps no reference to rules.
func (b *Builder) Build(rules []Rule) *Program {
	ranked := rankRules(rules)
	h := tableHash(ranked)
	if prev, ok := b.built.find(h); ok && sameTable(prev.Rules, ranked) {
		p := *prev
		p.Rules = ranked
		return &p
	}
	// (A table whose hash collides with another's is built anew.)
	p := buildRanked(ranked, b.Options)
	b.built.add(h, p)
	return p
}

// sameTable reports whether two ranked tables agree in kinds and patterns.
func sameTable(a, b []Rule) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Kind != b[i].Kind || a[i].Pattern != b[i].Pattern {
			return false
		}
	}
	return true
}

// tableHash hashes a ranked table's kinds and patterns.
func tableHash(ranked []Rule) uint64 {
	h := uint64(len(ranked))
	for i := range ranked {
		r := &ranked[i]
		h = farm.Hash64WithSeed(unsafe.Slice(unsafe.StringData(r.Pattern), len(r.Pattern)), h^uint64(r.Kind))
	}
	return h
}

func build(rules []Rule, opts Options) *Program { return buildRanked(rankRules(rules), opts) }

// allRules lists the indices of a rule table of n rules: what a program
// is built from before any is set apart.
func allRules(n int) []int32 {
	ids := make([]int32, n)
	for i := range ids {
		ids[i] = int32(i)
	}
	return ids
}

// buildRanked builds the program of a ranked table (see rankRules).
func buildRanked(ranked []Rule, opts Options) *Program {
	opts = opts.withDefaults()
	p := &Program{Rules: ranked, NULEndsPath: opts.NULEndsPath}
	p.build(allRules(len(ranked)), opts, true)
	p.sortScan()
	p.seal(nil)
	return p
}

// seal copies the DFAs' walks into the program: the first inline, the
// others into rest, taken from the end of *slab when it has room (a
// decoder's slab for a whole set) or allocated. Whoever sets DFAs calls
// it.
func (p *Program) seal(slab *[]walk) {
	p.first, p.rest = walk{}, nil
	if len(p.DFAs) > 0 {
		p.first = p.DFAs[0].walk
	}
	if n := len(p.DFAs) - 1; n > 0 {
		if slab == nil || cap(*slab)-len(*slab) < n {
			p.rest = make([]walk, 0, n)
		} else {
			at := len(*slab)
			p.rest = (*slab)[at : at : at+n]
			*slab = (*slab)[:at+n]
		}
		for _, d := range p.DFAs[1:] {
			p.rest = append(p.rest, d.walk)
		}
	}
	p.fragmentEnds = len(p.Scan) == 0
	for _, d := range p.DFAs {
		p.fragmentEnds = p.fragmentEnds && d.cls['#'] == d.eoi
	}
	p.scanPre, p.scanNeed = nil, nil
	if len(p.Scan) > 0 {
		p.scanPre = make([]string, len(p.Scan))
		p.scanNeed = make([]byteSet, len(p.Scan))
		for i, r := range p.Scan {
			p.scanPre[i] = scanPrefix(p.Rules[r].Pattern)
			p.scanNeed[i] = needs(p.Rules[r].Pattern)
		}
	}
}

// build compiles the rules ids; split allows the anchored/floating split.
func (p *Program) build(ids []int32, opts Options, split bool) {
	if len(ids) == 0 {
		return
	}
	if split {
		// The floating rules' DFAs come first (the first is the one whose
		// walk the Program holds inline); blobs and goldens keep this order.
		floats, anchored := partitionRules(p.Rules, ids, floating)
		if len(floats) > 0 && len(anchored) > 0 {
			p.build(floats, opts, false)
			p.build(anchored, opts, false)
			return
		}
	}
	// Floating literals: their keyword automaton, for as many as fit.
	if kws, others := partitionRules(p.Rules, ids, isKeyword); len(kws) > 0 {
		if d, n := buildKeywords(p.Rules, kws, opts); d != nil {
			p.DFAs = append(p.DFAs, d)
			ids = append(others, kws[n:]...)
			slices.Sort(ids) // rank order
			if len(ids) == 0 {
				return
			}
		}
	}
	if allLiteral(p.Rules, ids) {
		if d := buildTrie(p.Rules, ids, opts); d != nil {
			p.DFAs = append(p.DFAs, d)
		} else {
			p.Scan = append(p.Scan, ids...) // too many byte classes
		}
		return
	}
	first := p.budget(ids, opts)
	first.MaxWork = max(first.MaxWork/firstWorkShare, 1)
	if d := buildDFA(p.Rules, ids, first); d != nil {
		p.DFAs = append(p.DFAs, d)
		return
	}
	wild, literal := partitionRules(p.Rules, ids, hasStar)
	if len(literal) > 0 {
		if d := buildTrie(p.Rules, literal, opts); d != nil {
			p.DFAs = append(p.DFAs, d)
		} else {
			p.Scan = append(p.Scan, literal...) // too many byte classes
		}
	}
	// All of the rules did not fit; without the literal ones they still
	// do not, nearly always (over the corpus, 17 times in 235): start at
	// half.
	fit := len(wild) / 2
	for attempt := 0; attempt < wildAttempts && fit > 0; attempt++ {
		if d := buildDFA(p.Rules, wild[:fit], p.budget(wild[:fit], opts)); d != nil {
			p.DFAs = append(p.DFAs, d)
			p.Scan = append(p.Scan, wild[fit:]...)
			return
		}
		fit /= 2
	}
	p.Scan = append(p.Scan, wild...)
}

// budget narrows the state budget to the size of the rules ids.
func (p *Program) budget(ids []int32, opts Options) Options {
	n := 64
	for _, id := range ids {
		n += 4 * len(p.Rules[id].Pattern)
		if n >= opts.MaxStates {
			return opts
		}
	}
	opts.MaxStates = n
	return opts
}

// partitionRules splits ids by a test on their patterns: those it holds
// for, then the others, each in rank order.
func partitionRules(rules []Rule, ids []int32, test func(string) bool) (yes, no []int32) {
	for _, id := range ids {
		if test(rules[id].Pattern) {
			yes = append(yes, id)
		} else {
			no = append(no, id)
		}
	}
	return yes, no
}

// Leader returns the index of the only rule that can decide for path, or
// NoRule: the combined leaders of the DFAs and of the scanned rules.
func (p *Program) Leader(path []byte) int32 { return p.leader(&p.first, path) }

// leader is Leader with the first DFA's walk at first (p.first or a copy).
func (p *Program) leader(first *walk, path []byte) int32 {
	leader := int32(NoRule)
	if len(p.DFAs) > 0 {
		leader = first.run(p.Rules, path)
		for i := range p.rest {
			leader = combine(p.Rules, leader, p.rest[i].run(p.Rules, path))
		}
	}
	if len(p.Scan) > 0 {
		leader = p.scan(leader, path)
	}
	return leader
}

// Match returns the leader as the best matching allow and disallow that
// can still decide: one of them, or neither.
func (p *Program) Match(path []byte) (allow, disallow *Rule) {
	return p.match(p.Leader(path))
}

func (p *Program) match(l int32) (allow, disallow *Rule) {
	if l == NoRule {
		return nil, nil
	}
	if r := &p.Rules[l]; r.Kind == Allow {
		return r, nil
	}
	return nil, &p.Rules[l]
}

// Check returns the verdict for path and the deciding rule (nil: none).
func (p *Program) Check(path []byte) (bool, *Rule) {
	return Verdict(p.Match(path))
}

// EndsAtFragment reports whether p gives a path followed by a fragment
// ("#..." and anything after) the verdict of the path alone: every DFA of
// p has '#' in its end-of-input class, and p scans no rule. Compiled
// robots.txt files nearly always do (their patterns never hold '#', which
// begins a comment), and a caller can then skip looking for the fragment.
// It is derived from the automata, alike for built and decoded programs.
func (p *Program) EndsAtFragment() bool { return p.fragmentEnds }

// Walk is a copy of a program's first DFA walk (its table, class map and
// start), for a caller that keeps it beside its pointer to the program,
// as runtime.Matcher does: a check on a cold program then starts loading
// the table's lines at once instead of after the Program's.
type Walk struct{ w walk }

// FirstWalk returns p's first DFA walk (zero when p has no DFA).
func (p *Program) FirstWalk() Walk { return Walk{p.first} }

// CheckWalk is Check with first, which must be p.FirstWalk().
func (p *Program) CheckWalk(first *Walk, path []byte) (bool, *Rule) {
	return Verdict(p.match(p.leader(&first.w, path)))
}

// Direct reports whether p's leader is its first DFA's alone: p has one
// DFA and scans no rule (most compiled groups). A caller holding the walk
// then asks it directly (Walk.Leader), without Leader's tiers.
func (p *Program) Direct() bool { return len(p.DFAs) == 1 && len(p.Scan) == 0 }

// Leader walks path on w's DFA alone and returns the leader: an index
// into rules, which must be the rule table of the program w came from,
// or NoRule. For a Direct program it is the program's Leader.
func (w *Walk) Leader(rules []Rule, path []byte) int32 { return w.w.run(rules, path) }

// builder is the state of one subset construction. Builders are pooled:
// every slice and table is reused from one construction to the next, so
// a small group costs few allocations beyond its DFA.
type builder struct {
	n       *nfa
	opts    Options
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
func (b *builder) reset(opts Options) {
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

func buildDFA(rules []Rule, ids []int32, opts Options) *DFA {
	b := builders.Get().(*builder)
	defer builders.Put(b)
	start, ok := b.subsets(rules, ids, opts)
	if !ok {
		return nil
	}
	d := b.finish(start)
	if opts.Minimize {
		d = d.Minimize()
	}
	return d
}

// subsets runs subset construction over the rules ids: the start state's
// ref, or false when too many byte classes are named or a budget is
// spent.
func (b *builder) subsets(rules []Rule, ids []int32, opts Options) (start int32, ok bool) {
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
// (with NULEndsPath) and '#', unless a pattern names it, are in the end
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
	if b.opts.NULEndsPath {
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
	if b.opts.NULEndsPath {
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
// not after spending it. (Over the corpus, the work budget is what
// 1,402 of 1,419 failed attempts run out of.)
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

// addRow records the next live state's row: its exceptions, then its
// end-of-input target where it is not the default.
func (b *builder) addRow(row []edge, def, eoi int32) {
	if eoi != def {
		row = append(row, edge{b.eoi, eoi})
	}
	b.rows = append(b.rows, span{int32(len(b.edges)), int32(len(row))})
	if len(row) <= 2 {
		// Most rows (a trie's every state): cheaper than memmove's call.
		for _, e := range row {
			b.edges = append(b.edges, e)
		}
	} else {
		b.edges = append(b.edges, row...)
	}
	if cap(row) > cap(b.row) {
		b.row = row // grown: keep the larger buffer
	}
	b.defaults = append(b.defaults, def)
}

// stateNumber is the logical state number of ref (see edge), given the
// live states' numbers id. (A function rather than a closure in finish,
// so that it inlines into the loop over every edge.)
func stateNumber(id []uint32, ref int32) uint32 {
	if ref < 0 {
		return uint32(-ref - 1)
	}
	return id[ref]
}

// finish numbers decided states first, then live states with an
// output, then the other live states, and lays out the table.
func (b *builder) finish(start int32) *DFA {
	nd := uint32(len(b.results))
	live, nout := len(b.threads), 0
	for _, l := range b.outputs {
		if l != NoRule {
			nout++
		}
	}
	id := slices.Grow(b.ids[:0], live)[:live]
	order := slices.Grow(b.order[:0], live)[:live]
	outputs := slices.Grow(b.outs[:0], nout)[:nout]
	defer func() { b.ids, b.order, b.outs = id, order, outputs }()
	// In one pass: the states with an output from 0, the others from nout.
	with, without := 0, nout
	for s, l := range b.outputs {
		k := without
		if l != NoRule {
			k, outputs[with] = with, l
			with++
		} else {
			without++
		}
		id[s], order[k] = nd+uint32(k), int32(s)
	}
	rows := func(defs []uint32, off []int32, buf []edge) []edge {
		// Every live state's row, written in place.
		at := len(buf)
		buf = slices.Grow(buf, len(b.edges))[:at+len(b.edges)]
		defs, off = defs[:len(order)], off[:len(order)+1] // no bounds checks below
		for i, s := range order {
			off[i] = int32(at)
			sp := b.rows[s]
			for _, e := range b.edges[sp.off : sp.off+sp.n] {
				buf[at] = edge{e.class, int32(stateNumber(id, e.to))}
				at++
			}
			defs[i] = stateNumber(id, b.defaults[s])
		}
		off[len(order)] = int32(at)
		return buf
	}
	var tails []span // by live state, in order (a trie's, see trieTail)
	if len(b.tails) > 0 {
		tails = slices.Grow(b.tailOf[:0], live)[:live]
		clear(tails)
		for _, x := range b.tails {
			tails[id[x.s]-nd] = x.sp
		}
		b.tailOf = tails
	}
	return assemble(&b.classOf, b.classes, b.results, outputs, len(order), stateNumber(id, start), rows, chainTails{tails, b.tailBytes})
}
