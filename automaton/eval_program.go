package automaton

// What a Program answers: the leader of a path and the best matching
// rules. A caller outside the package asks through a Bound (Set.Bind),
// which chooses between a program's screen, jump and walks.

// pathLeader returns the index of the only rule that can decide for path,
// or NoRule: the combined leaders of the DFAs and of the scanned rules.
func (p *Program) pathLeader(path []byte) int32 { return p.leader(&p.first, path) }

// leader is pathLeader with the first DFA's walk at first (p.first or a
// copy).
func (p *Program) leader(first *walk, path []byte) int32 {
	leader := int32(NoRule)
	if len(p.dfas) > 0 {
		leader = first.run(p.ranks, path)
		for i := range p.rest {
			leader = combine(p.ranks, leader, p.rest[i].run(p.ranks, path))
		}
	}
	if len(p.scan) > 0 {
		leader = p.scanLeader(leader, path)
	}
	return leader
}

// match returns path's leader as the best matching allow and disallow
// that can still decide: one of them, or neither.
func (p *Program) match(path []byte) (allow, disallow *rank) {
	l := p.pathLeader(path)
	if l == NoRule {
		return nil, nil
	}
	if r := &p.ranks[l]; r.Kind == Allow {
		return r, nil
	}
	return nil, &p.ranks[l]
}

// check returns the verdict for path and the deciding rule (nil: none).
func (p *Program) check(path []byte) (bool, *rank) {
	return verdict(p.match(path))
}

// isDirect reports whether p's leader is its first DFA's alone: p has one
// DFA and scans no rule (most compiled groups). A Bound then walks that
// DFA directly, without leader's tiers.
func (p *Program) isDirect() bool { return len(p.dfas) == 1 && len(p.scan) == 0 }
