package automaton

// A program's screen: a few words, derived from its automata, from which
// a caller holding them can often tell a path's leader, or the part of it
// that the anchored rules settle, without reading the program. On a host
// not checked just before, reading the program is most of a check's
// cost: its class maps and rows are cold in cache (docs/PERFORMANCE.md,
// "Where a check's time goes"). A screen is 136 bytes, kept apart from
// the program's tables and reached from the caller's handle
// (runtime.Matcher): the screens of ten thousand hosts fit in a
// last-level cache that their programs overflow.
//
// Most paths are settled by their first bytes. The anchored rules' DFAs
// (those without an idle state) are decided after "/b" or "/bc" for
// nearly every b and c, and most of those prefixes settle one and the
// same leader: no rule at all, or a rule such as "Allow: /" that
// matches every path. A floating DFA is idle after "/b" for most b, with
// nothing settled on the way, and stays idle to the end of a path that
// holds no byte leaving its idle state, where it settles its end of
// input's result. The screen keeps the anchored DFAs' common leader, the
// ASCII bytes b for which "/b" settles it, a Bloom filter of the pairs
// "/bc" that do (for the bytes b that do not alone), the bytes b after
// which every floating DFA is idle, and the bytes that leave an idle
// state. A check then needs the program only for the floating walks, or
// not at all. A scanned rule matches only paths that begin with its
// literal prefix (the pattern up to its first '*' or '$'): its first
// bytes are left out of the screen, and a program with a scanned rule
// whose prefix is "/" alone gets no screen.
//
// A screen only answers what the walks would: with the rules in rank,
// combine is associative and commutative, so the leaders of the anchored
// and the floating DFAs may be combined in any grouping. A program whose
// rules are out of rank (a blob made by hand: docs/FORMAT.md) gets none.

// screen is a program's screen (see Program.screen).
type screen struct {
	// first holds the ASCII bytes b for which "/b" decides every
	// anchored DFA with anchored as their leader.
	first asciiSet
	// idle holds the ASCII bytes b after which "/b" leaves every
	// floating DFA in its idle state, nothing settled.
	idle asciiSet
	// pairs has bit pairBit(b, c) set when every pair of ASCII bytes b
	// and c that maps to it, b not in first, decides every anchored DFA
	// with anchored as their leader after "/bc".
	pairs [pairWords]uint64
	// leave holds the ASCII bytes that leave the idle state of a
	// floating DFA (a byte of 128 or more always counts as leaving).
	leave asciiSet
	// anchored is the anchored DFAs' leader on a settled prefix; all is
	// the program's on a path that also leaves each floating DFA idle.
	anchored, all int32
	// line, priority and kind are all's rule's (zero for none), so that
	// a caller answers a settled path without the rule table.
	line, priority int32
	kind           Kind
	// floating: the program has a floating DFA.
	floating bool
}

// Verdict is the verdict and deciding rule (kind 0 and line 0: none) of
// every path the screen settles whole (allSettled).
func (sc *screen) verdict() (allowed bool, kind Kind, line, priority int32) {
	return sc.kind != Disallow, sc.kind, sc.line, sc.priority
}

// settleResult says how much of a path's leader a screen settles.
type settleResult uint8

const (
	// unsettled: the screen says nothing; walk the program.
	unsettled settleResult = iota
	// anchoredSettled: the anchored DFAs' leader is settled; the
	// floating DFAs must still be walked (Program.floatingLeader).
	anchoredSettled
	// allSettled: the program's leader is settled.
	allSettled
)

// pairWords sizes a screen's Bloom filter of pairs: 512 bits.
const pairWords = 8

// pairBit is the filter's bit for the pair of bytes b, c.
func pairBit(b, c byte) uint32 {
	return (uint32(b)<<8 | uint32(c)) * 0x9E3779B1 >> (32 - 9)
}

// pairSettles reports whether the filter's bit for the pair b, c is set:
// every pair that maps to it settles.
func (sc *screen) pairSettles(b, c byte) bool {
	k := pairBit(b, c)
	return sc.pairs[k>>6&(pairWords-1)]&(1<<(k&63)) != 0
}

// unsettle clears the filter's bit for the pair b, c.
func (sc *screen) unsettle(b, c byte) {
	k := pairBit(b, c)
	sc.pairs[k>>6&(pairWords-1)] &^= 1 << (k & 63)
}

// asciiSet is a set of ASCII bytes (b < 128).
type asciiSet [2]uint64

func (x *asciiSet) has(b byte) bool { return x[b>>6&1]&(1<<(b&63)) != 0 }

func (x *asciiSet) add(b byte) { x[b>>6&1] |= 1 << (b & 63) }

func (x *asciiSet) remove(b byte) { x[b>>6&1] &^= 1 << (b & 63) }

// screenDFAs bounds the DFAs of a program that gets a screen, and
// screenWalks the short walks its pairs may cost (each byte b whose pairs
// are examined costs a walk per class of each DFA, at most 128): a screen
// is derived for every program a Matcher binds, and a hostile file must
// not make that slow. The bytes b past the budget are left to the walks.
const (
	screenDFAs  = 8
	screenWalks = 2048
)

// Refuses reports whether the screen settles nothing of a path whose
// second and third bytes are b and c: a test that a caller makes inline
// before calling Settle, and that most paths the screen cannot settle
// fail.
func (sc *screen) refuses(b, c byte) bool {
	return b|c < 128 && !sc.first.has(b) && !sc.pairSettles(b, c)
}

// Settle returns as much of path's leader as the screen settles; path
// is in its matching form. It reads nothing but the screen and path.
func (sc *screen) settle(path []byte) (leader int32, s settleResult) {
	if len(path) < 2 || path[0] != '/' || path[1] >= 128 {
		return NoRule, unsettled
	}
	b := path[1]
	if !sc.first.has(b) {
		if len(path) < 3 || path[2] >= 128 {
			return NoRule, unsettled
		}
		if !sc.pairSettles(b, path[2]) {
			return NoRule, unsettled
		}
		if sc.floating {
			return sc.anchored, anchoredSettled
		}
		return sc.all, allSettled
	}
	if sc.floating {
		if !sc.idle.has(b) {
			return sc.anchored, anchoredSettled
		}
		for _, c := range path[2:] {
			if c >= 128 || sc.leave.has(c) {
				return sc.anchored, anchoredSettled
			}
		}
	}
	return sc.all, allSettled
}

// floatingLeader is the leader of path (in its matching form) given the
// anchored DFAs' leader, which a screen of p settled: the floating DFAs
// alone are walked. first is p.first or a copy of it.
func (p *Program) floatingLeader(first *walk, path []byte, anchored int32) int32 {
	leader := anchored
	if first.idle != 0 {
		leader = combine(p.ranks, leader, first.run(p.ranks, path))
	}
	for i := range p.rest {
		if p.rest[i].idle != 0 {
			leader = combine(p.ranks, leader, p.rest[i].run(p.ranks, path))
		}
	}
	return leader
}

// screen returns p's screen, nil when p gets none. It is derived from
// p's DFAs on the first call (see Program.derive), alike for a built
// program and a decoded one, and kept: the work is bounded (a walk of two
// or three bytes per class of each DFA for the first bytes, at most
// screenWalks more for pairs: a few microseconds for most programs), and
// binding a crawler's matcher calls it for every URL in careless code.
func (p *Program) screenOf() *screen {
	if d := p.derive(); d.screened {
		return &d.screen
	}
	return nil
}

// deriveScreen is screen's work; ok is false when p gets none.
func (p *Program) deriveScreen() (sc screen, ok bool) {
	if len(p.dfas) > screenDFAs || !inRank(p.ranks) {
		return sc, false
	}
	for _, pre := range p.scanPre {
		if len(pre) < 2 {
			return sc, false // a scanned rule that may match any path
		}
	}
	x := newScreener(p)
	var firsts, pairs [128]settling
	x.extend([]byte{'/', 0}, &firsts)
	// The leader most first bytes settle (no rule when none does), of
	// the first eight leaders seen.
	var leaders [8]int32
	var votes [8]int
	for _, f := range firsts {
		if !f.decided {
			continue
		}
		for i := range leaders {
			if votes[i] == 0 || leaders[i] == f.leader {
				leaders[i] = f.leader
				votes[i]++
				break
			}
		}
	}
	sc.anchored = NoRule
	best := 0
	for i, n := range votes {
		if n > best {
			sc.anchored, best = leaders[i], n
		}
	}
	for i := range sc.pairs {
		sc.pairs[i] = ^uint64(0)
	}
	// The pairs of a byte b that "/b" does not settle. When "/b" decides
	// the anchored DFAs on another leader, every "/bc" does (decided
	// states are absorbing); otherwise "/bc" settles what "/b'c" does for
	// a b' of b's class in every DFA, so each such group of bytes is
	// walked once, within the budget.
	budget := screenWalks
	var group [screenDFAs]uint8
	walked := false
	var unsettled [128]settling // every pair walks
	for b, f := range firsts {
		if f.idle {
			sc.idle.add(byte(b))
		}
		if f.decided && f.leader == sc.anchored {
			sc.first.add(byte(b))
			continue
		}
		of := &unsettled
		switch {
		case f.decided:
		case walked && x.classes(byte(b)) == group:
			of = &pairs // the group walked last
		case budget > 0:
			budget -= x.extend([]byte{'/', byte(b), 0}, &pairs)
			group, walked = x.classes(byte(b)), true
			of = &pairs
		}
		for c, pc := range of {
			if !pc.decided || pc.leader != sc.anchored {
				sc.unsettle(byte(b), byte(c))
			}
		}
	}
	// A scanned rule matches only paths that start with its literal
	// prefix: those are left to the walks.
	for _, pre := range p.scanPre {
		b := pre[1]
		switch {
		case b >= 128: // never settled
		case len(pre) == 2:
			sc.first.remove(b)
			for c := range 128 {
				sc.unsettle(b, byte(c))
			}
		default:
			sc.first.remove(b)
			sc.unsettle(b, pre[2]) // (a pre[2] of 128 or more never settles)
		}
	}
	sc.all = sc.anchored
	for _, d := range p.dfas {
		if d.idle == 0 {
			continue
		}
		sc.floating = true
		sc.all = combine(p.ranks, sc.all, int32(d.t[d.step(d.idle, d.eoi)]))
		for b := range 128 {
			if !d.stay.stays(byte(b)) {
				sc.leave.add(byte(b))
			}
		}
	}
	if sc.all != NoRule {
		r := &p.ranks[sc.all]
		sc.kind, sc.line, sc.priority = r.Kind, r.Line, r.Priority
	}
	return sc, true
}

// settling is what a prefix settles of a program: whether it decides
// every anchored DFA, and their leader; whether it leaves every floating
// DFA idle with nothing settled.
type settling struct {
	leader        int32
	decided, idle bool
}

// screener is the work space of Program.screen: each DFA's ASCII classes,
// with a byte of each to walk.
type screener struct {
	p    *Program
	dfas []screenDFA
	// byRep holds what extend finds for each of a DFA's representatives.
	byRep [128]settling
}

type screenDFA struct {
	d *dfa
	// reps holds the first ASCII byte of each class that has one, and
	// rep the index in reps of each ASCII byte's class.
	reps []byte
	rep  [128]uint8
}

func newScreener(p *Program) *screener {
	x := &screener{p: p, dfas: make([]screenDFA, len(p.dfas))}
	for i, d := range p.dfas {
		sd := &x.dfas[i]
		sd.d = d
		var seen [256]int16
		for c := range 128 {
			k := d.cls[c]
			if seen[k] == 0 {
				sd.reps = append(sd.reps, byte(c))
				seen[k] = int16(len(sd.reps))
			}
			sd.rep[c] = uint8(seen[k] - 1)
		}
	}
	return x
}

// classes is byte b's class in each of the program's anchored DFAs
// (extend's results for two bytes of the same classes are the same).
func (x *screener) classes(b byte) (k [screenDFAs]uint8) {
	for i := range x.dfas {
		if d := x.dfas[i].d; d.idle == 0 {
			k[i] = d.cls[b]
		}
	}
	return k
}

// extend sets out[c] to what prefix with its last byte replaced by c
// settles, for each ASCII byte c, and returns the walks it took: one per
// class of each DFA among the ASCII bytes.
func (x *screener) extend(prefix []byte, out *[128]settling) int {
	for c := range out {
		out[c] = settling{leader: NoRule, decided: true, idle: true}
	}
	walks := 0
	last := len(prefix) - 1
	rules := x.p.ranks
	for i := range x.dfas {
		sd := &x.dfas[i]
		d := sd.d
		for j, r := range sd.reps {
			prefix[last] = r
			s, l, ok := d.after(rules, prefix)
			x.byRep[j] = settling{leader: l, decided: ok && s < d.decEnd, idle: ok && s == d.idle && l == NoRule}
		}
		walks += len(sd.reps)
		for c := range out {
			o, k := &out[c], &x.byRep[sd.rep[c]]
			if d.idle == 0 {
				o.decided = o.decided && k.decided
				o.leader = combine(rules, o.leader, k.leader)
			} else {
				o.idle = o.idle && k.idle
			}
		}
	}
	return walks
}

// inRank reports whether rules are ranked as combine needs: within each
// kind, no rule has a higher priority than one before it.
func inRank(rules []rank) bool {
	var last [3]int32
	last[Allow], last[Disallow] = 1<<31-1, 1<<31-1
	for i := range rules {
		k := rules[i].Kind
		if k != Allow && k != Disallow || rules[i].Priority > last[k] {
			return false
		}
		last[k] = rules[i].Priority
	}
	return true
}

// after walks prefix from w's start as run does and returns the state it
// ends in and the leader settled on the way (at a decided state, with
// its result). ok is false when the walk ends inside a chain row, past
// its first state (a state with no ref).
func (w *walk) after(rules []rank, prefix []byte) (s uint32, leader int32, ok bool) {
	t := w.t
	s = w.start
	leader = NoRule
	for i := 0; ; i++ {
		if s < w.special {
			if s < w.decEnd {
				return s, combine(rules, leader, int32(t[s])), true
			}
			leader = combine(rules, leader, w.output(s))
		}
		if i == len(prefix) {
			return s, leader, true
		}
		r, n, chain := chainAt(t, s)
		if !chain {
			s = w.step(s, w.cls[prefix[i]])
			continue
		}
		// A chain: follow it while the prefix does, as run does.
		k := uint32(0)
		for ; k < n && i < len(prefix) && w.cls[prefix[i]] == chainClass(t, r, k); k, i = k+1, i+1 {
		}
		switch {
		case k == n:
			s, i = chainNext(t, r, n), i-1
		case i == len(prefix):
			return s, leader, false
		default:
			s = t[r]
		}
	}
}
