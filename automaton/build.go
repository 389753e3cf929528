package automaton

import (
	"encoding/binary"
	"slices"
	"strings"
)

// Options bound and shape construction.
type Options struct {
	// MaxStates bounds the states of one DFA (0: DefaultMaxStates). A set
	// of rules whose DFA would need more is split in two, recursively, and
	// each part gets a DFA of its own (the fallback).
	MaxStates int
	// MaxBytes bounds the table bytes of one DFA (0: DefaultMaxBytes).
	MaxBytes int
	// NULEndsPath maps the NUL byte to the end-of-input class, as Google's
	// reference reads the path as a C string.
	NULEndsPath bool
}

const (
	// DefaultMaxStates is the default state budget of one DFA.
	DefaultMaxStates = 1 << 12
	// DefaultMaxBytes is the default table budget of one DFA (16 MiB).
	DefaultMaxBytes = 16 << 20
	// denseAbove: rows with more exceptions than this are stored dense.
	denseAbove = 6
)

// Program is the compiled form of one merged group: its ranked rule table
// and one DFA, or several when the rules did not fit one (the fallback).
// The verdict combines the DFAs' leaders: the best allow and the best
// disallow among them, compared by priority (see Verdict).
type Program struct {
	// Rules is the ranked rule table: allows best first, then disallows
	// best first. DFA results index it.
	Rules []Rule
	DFAs  []*DFA
}

// Build compiles a merged group's rules (any order; rules that cannot
// match are dropped) into a Program. It never fails: rules past the budget
// are split among several DFAs. Each DFA's construction is bounded by the
// budget, so time and memory are bounded by the number of rules times the
// budget.
func Build(rules []Rule, opts Options) *Program {
	if opts.MaxStates <= 0 {
		opts.MaxStates = DefaultMaxStates
	}
	if opts.MaxBytes <= 0 {
		opts.MaxBytes = DefaultMaxBytes
	}
	p := &Program{Rules: rankRules(rules)}
	ids := make([]int32, len(p.Rules))
	for i := range ids {
		ids[i] = int32(i)
	}
	p.build(ids, opts)
	return p
}

func (p *Program) build(ids []int32, opts Options) {
	if d := buildDFA(p.Rules, ids, opts); d != nil {
		p.DFAs = append(p.DFAs, d)
		return
	}
	if len(ids) == 1 {
		// A single rule's DFA has at most a few states per pattern byte;
		// reaching here means the budget is smaller than one pattern.
		// Build it regardless: one rule is never refused.
		unbounded := opts
		unbounded.MaxStates, unbounded.MaxBytes = 1<<30, 1<<40
		p.DFAs = append(p.DFAs, buildDFA(p.Rules, ids, unbounded))
		return
	}
	// Rules without '*' never multiply states (their DFA is at most a trie
	// of the patterns); keep them together and split the wildcard rules.
	var literal, wild []int32
	for _, id := range ids {
		if strings.IndexByte(p.Rules[id].Pattern, '*') < 0 {
			literal = append(literal, id)
		} else {
			wild = append(wild, id)
		}
	}
	if len(literal) > 0 && len(wild) > 0 {
		p.build(literal, opts)
		p.build(wild, opts)
		return
	}
	half := len(ids) / 2
	p.build(ids[:half], opts)
	p.build(ids[half:], opts)
}

// Match runs every DFA over path and returns the best matching allow and
// disallow that can still decide (either may be nil).
func (p *Program) Match(path []byte) (allow, disallow *Rule) {
	for _, d := range p.DFAs {
		r := d.Run(path)
		if r == NoRule {
			continue
		}
		rule := &p.Rules[r]
		if rule.Kind == Allow {
			if allow == nil || better(rule, allow) {
				allow = rule
			}
		} else if disallow == nil || better(rule, disallow) {
			disallow = rule
		}
	}
	return allow, disallow
}

// Check returns the verdict for path and the deciding rule (nil: none).
func (p *Program) Check(path []byte) (bool, *Rule) {
	return Verdict(p.Match(path))
}

// builder is the state of one subset construction.
type builder struct {
	n       *nfa
	opts    Options
	classOf [256]uint8
	eoi     uint8
	classes int
	// live states: key -> id, and their thread sets and leaders
	ids     map[string]int32
	threads [][]int32
	leaders []int32
	// decided states: leader -> id
	decided  map[int32]int32
	results  []int32
	rows     [][]edge // per live state; edges target refs (see ref)
	defaults []int32
	bytes    int
	key      []byte
	set      threadSet
}

// An edge's or default's target is a ref: >= 0 a live state, < 0 decided
// state -ref-1.
type edge struct {
	class uint8
	to    int32
}

func buildDFA(rules []Rule, ids []int32, opts Options) *DFA {
	n := newNFA(rules, ids)
	b := &builder{n: n, opts: opts, ids: map[string]int32{}, decided: map[int32]int32{}}
	b.set.n = n
	b.makeClasses()

	// The start state: every rule's first position.
	b.set.reset(NoRule)
	for _, id := range ids {
		b.set.add(n.base[id])
	}
	start := b.intern(&b.set)
	for s := int32(0); s < int32(len(b.threads)); s++ {
		if !b.expand(s) {
			return nil
		}
	}
	return b.finish(start)
}

// makeClasses gives each byte some pattern names its own class; all other
// bytes share class 0; the last class is the end of input.
func (b *builder) makeClasses() {
	var used [256]bool
	for p, k := range b.n.kind {
		if k == posLit {
			used[b.n.lit[p]] = true
		}
	}
	next := uint8(1)
	for c := 0; c < 256; c++ {
		if used[c] && !(c == 0 && b.opts.NULEndsPath) {
			b.classOf[c] = next
			next++
		}
	}
	b.eoi = next
	b.classes = int(next) + 1
	if b.opts.NULEndsPath {
		b.classOf[0] = b.eoi
	}
}

// intern returns the ref of the state for a thread set: a decided state
// when no thread is left, else a live state, added if new.
func (b *builder) intern(t *threadSet) int32 {
	t.normalize()
	if len(t.pos) == 0 {
		return b.decidedRef(t.leader)
	}
	b.key = binary.LittleEndian.AppendUint32(b.key[:0], uint32(t.leader))
	for _, p := range t.pos {
		b.key = binary.LittleEndian.AppendUint32(b.key, uint32(p))
	}
	if id, ok := b.ids[string(b.key)]; ok {
		return id
	}
	id := int32(len(b.threads))
	b.ids[string(b.key)] = id
	b.threads = append(b.threads, slices.Clone(t.pos))
	b.leaders = append(b.leaders, t.leader)
	b.bytes += 8 + 4*len(t.pos)
	return id
}

func (b *builder) decidedRef(leader int32) int32 {
	d, ok := b.decided[leader]
	if !ok {
		d = int32(len(b.results))
		b.decided[leader] = d
		b.results = append(b.results, leader)
	}
	return -d - 1
}

// step computes the successor of live state s on a byte (c >= 0) or on a
// byte no pattern names (c < 0).
func (b *builder) step(s int32, c int) int32 {
	t := &b.set
	t.reset(b.leaders[s])
	n := b.n
	for _, p := range b.threads[s] {
		switch n.kind[p] {
		case posStar:
			t.add(p)
		case posLit:
			if c >= 0 && int(n.lit[p]) == c {
				t.add(p + 1)
			}
		}
	}
	return b.intern(t)
}

// eoiRef settles the anchored threads waiting at their pattern's end.
func (b *builder) eoiRef(s int32) int32 {
	leader := b.leaders[s]
	for _, p := range b.threads[s] {
		if b.n.kind[p] == posEnd {
			leader = b.n.combine(leader, b.n.ruleOf[p])
		}
	}
	return b.decidedRef(leader)
}

// expand computes live state s's row; false when over budget.
func (b *builder) expand(s int32) bool {
	def := b.step(s, -1)
	var row []edge
	seen := [256]bool{}
	for _, p := range b.threads[s] {
		if b.n.kind[p] != posLit {
			continue
		}
		c := b.n.lit[p]
		cls := b.classOf[c]
		if seen[c] || cls == b.eoi {
			continue
		}
		seen[c] = true
		if to := b.step(s, int(c)); to != def {
			row = append(row, edge{cls, to})
		}
	}
	if to := b.eoiRef(s); to != def {
		row = append(row, edge{b.eoi, to})
	}
	slices.SortFunc(row, func(x, y edge) int { return int(x.class) - int(y.class) })
	b.rows = append(b.rows, row)
	b.defaults = append(b.defaults, def)
	b.bytes += 8 * (len(row) + 1)
	return len(b.threads) <= b.opts.MaxStates && b.bytes <= b.opts.MaxBytes
}

// finish numbers decided states first, then live ones, and lays out rows.
func (b *builder) finish(start int32) *DFA {
	nd := uint32(len(b.results))
	d := &DFA{Classes: b.classOf, NumClasses: b.classes, NumDecided: int(nd), Results: b.results}
	abs := func(ref int32) uint32 {
		if ref < 0 {
			return uint32(-ref - 1)
		}
		return nd + uint32(ref)
	}
	d.Start = abs(start)
	d.Rows = make([]uint32, len(b.rows))
	for s, row := range b.rows {
		def := abs(b.defaults[s])
		if len(row) > denseAbove {
			d.Rows[s] = uint32(len(d.Trans))
			base := len(d.Trans)
			for c := 0; c < b.classes; c++ {
				d.Trans = append(d.Trans, def)
			}
			for _, e := range row {
				d.Trans[base+int(e.class)] = abs(e.to)
			}
			continue
		}
		d.Rows[s] = uint32(len(d.Trans)) | SparseRow
		d.Trans = append(d.Trans, def, uint32(len(row)))
		for _, e := range row {
			d.Trans = append(d.Trans, uint32(e.class), abs(e.to))
		}
	}
	return d
}
