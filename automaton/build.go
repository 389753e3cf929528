package automaton

import (
	"math"
	"slices"
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
	// budget is found out fast.
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
	// DefaultMaxWork is the default construction budget of one DFA
	// attempt, in thread steps per state of its state budget. An attempt
	// that fails has spent its budget, and on the costliest files most
	// attempts fail. It was 32, with 8 for the first attempt on a part:
	// then failed attempts took 72% of the thread steps of subset
	// construction over the 90 files around the compile p99 (halvings
	// 1.40M, first attempts 0.93M, successes 0.92M). With 8 for the
	// halvings too, the corpus compiles 11.4% faster and its p99 9.7%
	// (interleaved, n=10, p=0.000); 1,082 halvings fail instead of 694,
	// so the corpus scans 30,604 rules instead of 27,959, in the same 617
	// files, for no change measured in the frontier's checks (p=0.291),
	// in those of its programs that scan (p=0.574) or in the adversarial
	// ones (p=0.699). At 4 the p99 fell 14% more, but 1,044 files changed
	// and the frontier's 5,039 checks on them took 25% longer (p=0.000).
	// (Going from a half to a quarter for first attempts before: 110 of
	// the corpus's 4,611 first attempts that fitted no longer fit; their
	// parts get a trie of the literal rules and halvings of the others
	// instead, see Build.)
	DefaultMaxWork = 8
	// denseAbove: rows with more exceptions than this are stored dense.
	denseAbove = 6
	// wildAttempts bounds how many times the wildcard rules are halved
	// looking for a part that fits one DFA.
	wildAttempts = 4
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
	// The work budget is MaxWork·MaxStates: it must not overflow an int
	// (32 bits on some machines).
	o.MaxWork = min(o.MaxWork, math.MaxInt/o.MaxStates)
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
	// derived is the program's *derivation once derived (its screen and
	// jump, see derive), read and written atomically.
	derived unsafe.Pointer
}

// withRules returns a copy of p with rules for its rule table (another
// group's, of the same kinds and patterns, lines aside) and nothing
// derived: p may be in use, its screen and jump being derived, and the
// copy's lines differ. TestWithRulesCopiesEveryField holds it to
// Program's fields.
func (p *Program) withRules(rules []Rule) *Program {
	return &Program{
		first: p.first, rest: p.rest, Rules: rules, DFAs: p.DFAs, Scan: p.Scan,
		scanPre: p.scanPre, scanNeed: p.scanNeed,
		NULEndsPath: p.NULEndsPath, fragmentEnds: p.fragmentEnds,
	}
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
// the work budget (see DefaultMaxWork).
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
		return prev.withRules(ranked)
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
	p.derived = nil // derived again from the new DFAs
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
	if d := buildDFA(p.Rules, ids, p.budget(ids, opts)); d != nil {
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
	// do not, nearly always (over the corpus, they fit 31 times in 343;
	// 17 in 235 when first counted): start at half.
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
