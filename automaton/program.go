package automaton

// What a Program answers: the leader of a path, the best matching rules
// and the verdict, and the walk a caller may hold to start a check sooner.

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
