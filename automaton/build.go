package automaton

import (
	"math"
	"slices"
	"unsafe"

	farm "github.com/dgryski/go-farm"
)

// Budget bounds the construction of each automaton (SECURITY.md): a group
// whose automaton would exceed it is split among several, and past that
// its wildcard rules are scanned one by one, with the same verdicts. The
// zero Budget is the default.
type Budget struct {
	// MaxStates bounds the states of one automaton (0: 4,096).
	MaxStates int
	// MaxBytes bounds the table bytes of one automaton (0: 1 MiB).
	MaxBytes int
	// MaxWork bounds the thread steps of one automaton's construction,
	// per state of its state budget (0: 8), so that a group past the
	// budget is found out fast.
	MaxWork int
}

// options bound and shape the construction of one program.
type options struct {
	MaxStates, MaxBytes, MaxWork int
	// nulEndsPath maps the NUL byte to the end-of-input class, as Google's
	// reference reads the path as a C string.
	nulEndsPath bool
	// minimize runs Moore's minimisation on each DFA built. Construction
	// is within about 2% of minimal on real files (see Minimize), so it is
	// off but for tests.
	minimize bool
}

const (
	// defaultMaxStates is the default state budget of one DFA.
	defaultMaxStates = 1 << 12
	// defaultMaxBytes is the default table budget of one DFA (1 MiB).
	defaultMaxBytes = 1 << 20
	// defaultMaxWork is the default construction budget of one DFA
	// attempt, in thread steps per state of its state budget. An attempt
	// that fails has spent its budget, and on the costliest files most
	// attempts fail: 8 compiles the corpus 11.4% faster than 32, for no
	// change measured in checks (docs/PERFORMANCE.md, "compile, one work budget").
	defaultMaxWork = 8
	// denseAbove: rows with more exceptions than this are stored dense.
	denseAbove = 6
	// wildAttempts bounds how many times the wildcard rules are halved
	// looking for a part that fits one DFA.
	wildAttempts = 4
)

func (o options) withDefaults() options {
	if o.MaxStates <= 0 {
		o.MaxStates = defaultMaxStates
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = defaultMaxBytes
	}
	if o.MaxWork <= 0 {
		o.MaxWork = defaultMaxWork
	}
	// The work budget is MaxWork·MaxStates: it must not overflow an int
	// (32 bits on some machines).
	o.MaxWork = min(o.MaxWork, math.MaxInt/o.MaxStates)
	return o
}

// withRules returns a copy of p with rules for its rule table (another
// group's, of the same kinds and patterns, lines aside) and nothing
// derived: p may be in use, its screen and jump being derived, and the
// copy's lines differ. TestWithRulesCopiesEveryField holds it to
// Program's fields.
func (p *Program) withRules(rules []Rule) *Program {
	return &Program{
		first: p.first, rest: p.rest, ranks: ranksOf(nil, rules), rules: rules, dfas: p.dfas, scan: p.scan,
		scanPat: p.scanPat, scanPre: p.scanPre, scanNeed: p.scanNeed,
		nulEndsPath: p.nulEndsPath, fragmentEnds: p.fragmentEnds,
	}
}

// Build compiles the merged groups of one robots.txt into programs, one
// for each group, in order (each group's rules in any order; rules that
// cannot match are dropped). Groups whose rules agree in kinds and
// patterns (a file that repeats one group for many product tokens) share
// their automata, built once, each program with its own rule table
// (lines differ). nulEndsPath makes a NUL byte end every path, as
// Google's reference reads paths as C strings (Google mode). Build never
// fails: a group whose automaton would exceed the budget is split among
// several, and past that its wildcard rules are scanned one by one. It
// keeps no reference to groups.
//
// Anchored rules and floating ones ("/*x", which multiply states with
// every other rule: each anchored position times each position of the
// floating search) always get DFAs of their own, so that sizes add
// instead of multiplying; over the corpus this cut compile time by a
// third and the largest blobs by a sixth, for a second walk that the
// anchored DFA usually ends within a few bytes. Floating literals ("*x",
// "/*x", x without a star) then get the keyword automaton (see
// buildKeywords), linear in their bytes times the byte classes; the rest
// of the part is built as follows. Each part gets one DFA when it fits
// the budget: MaxStates, but no more than 64 states plus 4 per pattern
// byte, so that a DFA stays about the size of its rules, and the work
// budget (see defaultMaxWork). Otherwise it is split further: literal
// rules (a trie of their patterns, linear in their bytes, built without a
// budget) apart from wildcard rules; of these the best-ranked half,
// quarter... that fits gets a DFA and the rest are scanned. Each attempt
// is bounded by the budget, and there are at most a dozen.
func Build(groups [][]Rule, nulEndsPath bool, budget Budget) []*Program {
	b := programBuilder{opts: options{MaxStates: budget.MaxStates, MaxBytes: budget.MaxBytes,
		MaxWork: budget.MaxWork, nulEndsPath: nulEndsPath}}
	out := make([]*Program, len(groups))
	for i, g := range groups {
		out[i] = b.build(g)
	}
	return out
}

// build compiles one group's rules alone.
func build(rules []Rule, opts options) *Program {
	return (&programBuilder{opts: opts}).build(rules)
}

// programBuilder builds programs and shares their automata (see Build).
type programBuilder struct {
	opts options
	// built are the programs built so far, by a hash of their tables.
	built smallMap[uint64, *Program]
}

// build is Build's work for one group, sharing automata with earlier
// calls.
func (b *programBuilder) build(rules []Rule) *Program {
	ranked := rankRules(rules)
	h := tableHash(ranked)
	if prev, ok := b.built.find(h); ok && sameTable(prev.rules, ranked) {
		return prev.withRules(ranked)
	}
	// (A table whose hash collides with another's is built anew.)
	p := buildRanked(ranked, b.opts)
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
func buildRanked(ranked []Rule, opts options) *Program {
	opts = opts.withDefaults()
	p := &Program{ranks: ranksOf(nil, ranked), rules: ranked, nulEndsPath: opts.nulEndsPath}
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
	p.derived = nil // derived again from the new DFAs
	if len(p.dfas) > 0 {
		p.first = p.dfas[0].walk
	}
	if n := len(p.dfas) - 1; n > 0 {
		if slab == nil || cap(*slab)-len(*slab) < n {
			p.rest = make([]walk, 0, n)
		} else {
			at := len(*slab)
			p.rest = (*slab)[at : at : at+n]
			*slab = (*slab)[:at+n]
		}
		for _, d := range p.dfas[1:] {
			p.rest = append(p.rest, d.walk)
		}
	}
	p.fragmentEnds = len(p.scan) == 0
	for _, d := range p.dfas {
		p.fragmentEnds = p.fragmentEnds && d.cls['#'] == d.eoi
	}
	p.scanPre, p.scanNeed = nil, nil
	if len(p.scan) > 0 {
		if p.rules != nil {
			p.scanPat = make([]string, len(p.scan))
			for i, r := range p.scan {
				p.scanPat[i] = p.rules[r].Pattern
			}
		}
		p.scanPre = make([]string, len(p.scan))
		p.scanNeed = make([]byteSet, len(p.scan))
		for i, pat := range p.scanPat {
			p.scanPre[i] = scanPrefix(pat)
			p.scanNeed[i] = needs(pat)
		}
	}
}

// build compiles the rules ids; split allows the anchored/floating split.
func (p *Program) build(ids []int32, opts options, split bool) {
	if len(ids) == 0 {
		return
	}
	if split {
		// The floating rules' DFAs come first (the first is the one whose
		// walk the Program holds inline); blobs and goldens keep this order.
		floats, anchored := partitionRules(p.rules, ids, floating)
		if len(floats) > 0 && len(anchored) > 0 {
			p.build(floats, opts, false)
			p.build(anchored, opts, false)
			return
		}
	}
	// Floating literals: their keyword automaton, for as many as fit.
	if kws, others := partitionRules(p.rules, ids, isKeyword); len(kws) > 0 {
		if d, n := buildKeywords(p.rules, kws, opts); d != nil {
			p.dfas = append(p.dfas, d)
			ids = append(others, kws[n:]...)
			slices.Sort(ids) // rank order
			if len(ids) == 0 {
				return
			}
		}
	}
	if allLiteral(p.rules, ids) {
		if d := buildTrie(p.rules, ids, opts); d != nil {
			p.dfas = append(p.dfas, d)
		} else {
			p.scan = append(p.scan, ids...) // too many byte classes
		}
		return
	}
	if d := buildDFA(p.rules, ids, p.budget(ids, opts)); d != nil {
		p.dfas = append(p.dfas, d)
		return
	}
	wild, literal := partitionRules(p.rules, ids, hasStar)
	if len(literal) > 0 {
		if d := buildTrie(p.rules, literal, opts); d != nil {
			p.dfas = append(p.dfas, d)
		} else {
			p.scan = append(p.scan, literal...) // too many byte classes
		}
	}
	// All of the rules did not fit; without the literal ones they still
	// do not, nearly always (over the corpus, they fit 31 times in 343;
	// 17 in 235 when first counted): start at half.
	fit := len(wild) / 2
	for attempt := 0; attempt < wildAttempts && fit > 0; attempt++ {
		if d := buildDFA(p.rules, wild[:fit], p.budget(wild[:fit], opts)); d != nil {
			p.dfas = append(p.dfas, d)
			p.scan = append(p.scan, wild[fit:]...)
			return
		}
		fit /= 2
	}
	p.scan = append(p.scan, wild...)
}

// budget narrows the state budget to the size of the rules ids.
func (p *Program) budget(ids []int32, opts options) options {
	n := 64
	for _, id := range ids {
		n += 4 * len(p.rules[id].Pattern)
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
