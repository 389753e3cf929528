package automaton

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"unsafe"
)

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
	// ranks is the ranked rule table as a check reads it: allows best
	// first, then disallows best first. DFA results and scan index it.
	// rules is the same table with its patterns, a built program's only
	// (a blob keeps only the patterns of the rules scanned: scanPat).
	ranks []rank
	rules []Rule
	dfas  []*dfa
	// scan lists the rules matched by globMatch after the DFAs (the last
	// tier of the fallback), sorted by literal prefix (see scanPrefix),
	// then rank.
	scan []int32
	// scanPat[i] is scan[i]'s pattern, scanPre[i] its literal prefix and
	// scanNeed[i] the bytes it names (see seal).
	scanPat  []string
	scanPre  []string
	scanNeed []byteSet
	// nulEndsPath: the path ends at its first NUL (Google mode).
	nulEndsPath bool
	// fragmentEnds: p gives a path followed by a fragment ("#..." and
	// anything after) the verdict of the path alone: every DFA of p has
	// '#' in its end-of-input class, and p scans no rule. Compiled
	// robots.txt files nearly always do (their patterns never hold '#',
	// which begins a comment), and a check then need not look for the
	// fragment. It is derived from the automata (see seal).
	fragmentEnds bool
	// derived is the program's *derivation once derived (its screen and
	// jump, see derive), read and written atomically.
	derived unsafe.Pointer
}

// Stats describes a program's size.
type Stats struct {
	// Rules counts the ranked rule table's rules; PatternBytes their
	// patterns' bytes (a decoded program keeps only the patterns of the
	// rules it scans).
	Rules, PatternBytes int
	// Automata counts the program's DFAs, States their states, and
	// TableBytes the bytes of their tables.
	Automata, States, TableBytes int
	// Scanned counts the rules matched one by one after the DFAs (the
	// last tier of the fallback, for rules past every DFA's budget).
	Scanned int
}

// rule returns rule i of p's ranked table, with its pattern when p keeps
// it (a built program, or a scanned rule).
func (p *Program) rule(i int) Rule {
	r := Rule{Kind: p.ranks[i].Kind, Priority: p.ranks[i].Priority, Line: p.ranks[i].Line}
	if p.rules != nil {
		r.Pattern = p.rules[i].Pattern
	} else if k := slices.Index(p.scan, int32(i)); k >= 0 {
		r.Pattern = p.scanPat[k]
	}
	return r
}

// Stats returns p's size.
func (p *Program) Stats() Stats {
	s := Stats{Rules: len(p.ranks), Automata: len(p.dfas), Scanned: len(p.scan)}
	for i := range p.ranks {
		s.PatternBytes += len(p.rule(i).Pattern)
	}
	for _, d := range p.dfas {
		s.States += d.numStates()
		s.TableBytes += d.sizeBytes()
	}
	return s
}

// Dump writes a deterministic text form of a program: its ranked rule
// table, then each DFA's classes, decided states and rows. Golden tests
// compare it; people read it to see what a group compiled into.
func (p *Program) Dump(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "rules %d\n", len(p.ranks))
	for i := range p.ranks {
		r := p.rule(i)
		fmt.Fprintf(&b, "  r%d %s %q line %d priority %d\n", i, r.Kind, r.Pattern, r.Line, r.Priority)
	}
	for i, d := range p.dfas {
		l := d.logical()
		fmt.Fprintf(&b, "dfa %d: %d states (%d decided, %d with output), %d classes, start %d, %d table bytes\n",
			i, d.numStates(), d.NumDecided, d.NumOutputs, d.NumClasses, l.id(d.start), d.sizeBytes())
		d.dumpClasses(&b)
		for s := 0; s < d.NumDecided; s++ {
			fmt.Fprintf(&b, "  s%d decided %s\n", s, leaderName(l.result(uint32(s))))
		}
		for s := d.NumDecided; s < d.numStates(); s++ {
			l.dumpRow(&b, uint32(s))
		}
	}
	if len(p.scan) > 0 {
		fmt.Fprintf(&b, "scan")
		for _, r := range p.scan {
			fmt.Fprintf(&b, " r%d", r)
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}
