package automaton

import "bytes"

// Bound is the programs of a set that apply to one crawler, ready to
// answer: what a check reads, held by value (runtime.Matcher holds one).
// When one program applies (nearly always) it carries that program's
// first automaton's walk, so that a check on a cold program starts on its
// table at once; its screen, so that most paths are answered without
// reading the program; and its jump. Check chooses between them.
//
// A Bound is 112 bytes on 64-bit machines, immutable and safe for
// concurrent use. The zero Bound allows everything.
type Bound struct {
	// prog is the one program that applies, nil when none or several do.
	prog *Program
	// first is prog's first DFA walk.
	first walk
	// sel is the set and the programs that apply, nil when none does.
	sel *selection
	// sc is prog's screen, nil for none.
	sc *screen
	// A direct prog's jump (jn 0: none), its fields inline so that they
	// share a word with the flags below.
	jword        uint64
	jstate       uint32
	jleader      int32
	jn           uint8
	fragmentEnds bool // prog ends a path at '#'
	direct       bool // prog's first walk is its leader
}

// selection is what a Bound binds: a set and those of its programs that
// apply.
type selection struct {
	set      *Set
	programs []int32
}

// Bind selects and binds the programs that apply to a crawler with the
// given product tokens (compared ignoring ASCII case, exactly as given).
// With union false the tokens are a fallback chain: the first token with a
// group of its own, else the '*' groups. With union true the groups of
// every token apply together (Google's reference given several agents),
// else '*'. ok is false when no program applies: then everything is
// allowed. With derive, the first binding of a program derives its screen
// and jump, which it keeps for every later binding; without, the programs
// are bound as they are: for a crawler that checks a host once or twice,
// to whom deriving them (a few microseconds a program) would cost more
// than they save. Both give the same verdicts. Bind allocates; Check does
// not.
func (s *Set) Bind(tokens []string, union, derive bool) (b Bound, ok bool) {
	return s.bind(tokens, union, derive)
}

func (s *Set) bind(tokens []string, union, derive bool) (b Bound, ok bool) {
	programs := s.selectPrograms(tokens, union)
	if len(programs) == 0 {
		return Bound{}, false
	}
	b.sel = &selection{s, programs}
	if len(programs) == 1 {
		p := s.Programs[programs[0]]
		b.prog, b.first = p, p.first
		b.fragmentEnds = p.fragmentEnds
		b.direct = p.isDirect()
		if derive {
			b.sc = p.screenOf()
			j := p.jumpOf() // none unless p is direct
			b.jword, b.jstate, b.jleader, b.jn = j.word, j.state, j.leader, j.n
		}
	}
	return b, true
}

// Check returns the verdict for path, in its matching form (section 4 of
// the contract: taken from the URL and, in RFC 9309 mode, normalised),
// and the deciding rule's kind, line and priority (kind 0 and line 0:
// none decides). A '#' in path ends it (a URL's fragment may be left on).
// It does not allocate and takes time linear in the path for each
// automaton of the bound programs and each rule they scan.
func (b *Bound) Check(path []byte) (allowed bool, kind Kind, line, priority int32) {
	if b.sel == nil {
		return true, 0, 0, 0
	}
	if !b.fragmentEnds {
		if h := bytes.IndexByte(path, '#'); h >= 0 {
			path = path[:h]
		}
	}
	if sc := b.sc; sc != nil && (len(path) < 3 || !sc.refuses(path[1], path[2])) {
		switch l, s := sc.settle(path); s {
		case allSettled:
			return sc.verdict()
		case anchoredSettled:
			return b.prog.verdictOf(b.prog.floatingLeader(&b.first, path, l))
		}
	}
	if b.direct {
		if b.jn != 0 && len(path) >= 8 && jumpTakes(b.jword, b.jn, path) {
			return b.prog.verdictOf(b.first.runFrom(b.prog.ranks, path, int(b.jn), b.jstate, b.jleader))
		}
		return b.prog.verdictOf(b.first.run(b.prog.ranks, path))
	}
	if b.prog != nil {
		return b.prog.verdictOf(b.prog.leader(&b.first, path))
	}
	_, r := b.sel.set.checkPrograms(b.sel.programs, path)
	if r == nil {
		return true, 0, 0, 0
	}
	return r.Kind == Allow, r.Kind, r.Line, r.Priority
}

// verdictOf is the verdict of leader l of p (NoRule: none decides).
func (p *Program) verdictOf(l int32) (allowed bool, kind Kind, line, priority int32) {
	if l == NoRule {
		return true, 0, 0, 0
	}
	r := &p.ranks[l]
	return r.Kind == Allow, r.Kind, r.Line, r.Priority
}

// Meta is the bound programs' crawl-delay and request-rate merged (see
// ProgramMeta.Merge): the most polite of them. Its CrawlDelay is -1 and
// its Requests 0 when none is given.
func (b *Bound) Meta() ProgramMeta {
	m := ProgramMeta{CrawlDelay: -1}
	if b.sel != nil {
		for _, p := range b.sel.programs {
			m = m.Merge(b.sel.set.Meta[p])
		}
	}
	return m
}
