package automaton

import "fmt"

// What the package's external tests (package automaton_test, which
// compile blobs with package compile) may reach of its insides.

// CheckPath is the verdict and deciding rule the programs tokens select
// give a path in its matching form (RFC 9309's /robots.txt, always
// allowed, is runtime's to answer).
func CheckPath(s *Set, tokens []string, union bool, path []byte) (bool, *Rule) {
	ok, r := s.checkPrograms(s.selectPrograms(tokens, union), path)
	if r == nil {
		return ok, nil
	}
	return ok, &Rule{Kind: r.Kind, Priority: r.Priority, Line: r.Line}
}

// Lookup is Set.lookup.
func Lookup(s *Set, token string) (int32, bool) { return s.lookup(token) }

// EnginesAgree checks, for each program of s and each path, that the
// engines a Bound may choose give the leader its walks give: the jump,
// where the program has one, and the screen, where it settles the path.
func EnginesAgree(s *Set, paths []string) error {
	for i, p := range s.Programs {
		if j := p.jumpOf(); j.prefix() != "" {
			for _, tail := range paths {
				b := []byte(j.prefix() + tail)
				if !j.takes(b) {
					if len(b) >= 8 {
						return fmt.Errorf("program %d: jump %q does not take %q", i, j.prefix(), b)
					}
					continue
				}
				if got, want := p.first.leaderAfter(p.ranks, b, &j), p.pathLeader(b); got != want {
					return fmt.Errorf("program %d, path %q: leader %d after jump %q, the walks %d", i, b, got, j.prefix(), want)
				}
			}
		}
		sc := p.screenOf()
		if sc == nil {
			continue
		}
		for _, path := range paths {
			b := []byte(path)
			want := p.pathLeader(b)
			switch l, st := sc.settle(b); st {
			case allSettled:
				if l != want {
					return fmt.Errorf("program %d, path %q: screen settles leader %d, the walks %d", i, path, l, want)
				}
			case anchoredSettled:
				if got := p.floatingLeader(&p.first, b, l); got != want {
					return fmt.Errorf("program %d, path %q: screen and floating walks give leader %d, the walks %d", i, path, got, want)
				}
			}
		}
	}
	return nil
}
