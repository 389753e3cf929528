package automaton

import (
	"fmt"
	"strconv"
	"strings"
)

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
	if isDense(l.refs[s-uint32(d.NumDecided)]) {
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
