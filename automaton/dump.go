package automaton

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Dump writes a deterministic text form of a program: its ranked rule
// table, then each DFA's classes, decided states and rows. Golden tests
// compare it; people read it to see what a group compiled into.
func (p *Program) Dump(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "rules %d\n", len(p.rules))
	for i, r := range p.rules {
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

func leaderName(r int32) string {
	if r == NoRule {
		return "none"
	}
	return "r" + strconv.Itoa(int(r))
}

func (d *dfa) classLabel(c uint8) string {
	switch {
	case c == d.eoiClass():
		return "eoi"
	case c == 0:
		return "other"
	}
	for b := 0; b < 256; b++ {
		if d.cls[b] == c {
			return strconv.QuoteRuneToASCII(rune(b))
		}
	}
	return "?"
}

func (d *dfa) dumpClasses(b *strings.Builder) {
	b.WriteString("  classes:")
	for c := 1; c < d.NumClasses-1; c++ {
		b.WriteString(" " + d.classLabel(uint8(c)))
	}
	if d.cls[0] == d.eoiClass() {
		b.WriteString(" (NUL is eoi)")
	}
	b.WriteByte('\n')
}

func (l *logical) dumpRow(b *strings.Builder, s uint32) {
	d := l.d
	name := fmt.Sprintf("s%d", s)
	if out := l.output(s); out != NoRule {
		name += " settles " + leaderName(out) + ","
	}
	if l.refs[s-uint32(d.NumDecided)]&sparseRef == 0 {
		fmt.Fprintf(b, "  %s dense:", name)
		for c := 0; c < d.NumClasses; c++ {
			fmt.Fprintf(b, " %s->s%d", d.classLabel(uint8(c)), l.step(s, uint8(c)))
		}
		b.WriteByte('\n')
		return
	}
	def, ex := l.row(s, nil)
	fmt.Fprintf(b, "  %s sparse: default s%d", name, def)
	for _, e := range ex {
		fmt.Fprintf(b, ", %s->s%d", d.classLabel(e.class), e.to)
	}
	b.WriteByte('\n')
}
