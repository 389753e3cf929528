package automaton

import (
	"encoding/binary"
	"fmt"
	"testing"
)

// A DFA's table against its record's counts, and its targets: each fault
// refused naming the table word at fault and saying exactly what, every
// number computed here from the rows as docs/FORMAT.md lays them out.

// tableRow is a row of a DFA's table: where it starts, its kind, its words
// and the live states it holds.
type tableRow struct {
	r, kind, words uint32
	states         int
}

// rowsOf lists d's rows in order.
func rowsOf(d *dfa) []tableRow {
	var rows []tableRow
	eachRow(d, func(r uint32) {
		row := tableRow{r: r, kind: d.t[r-1], words: rowWords(d.t, r, d.NumClasses), states: 1}
		if row.kind == rowChain {
			row.states = int(d.t[r+1] &^ chainFlag)
		}
		rows = append(rows, row)
	})
	return rows
}

// tableAt decodes a one-program blob and returns its first DFA, and the
// byte offsets of its table and of its DFA record.
func tableAt(t *testing.T, blob []byte) (d *dfa, table, record int) {
	t.Helper()
	d = viewed(t, blob).Programs[0].dfas[0]
	return d, offsetIn(blob, &d.t[0]), sections(t, blob)[secDFAs][0] + 4
}

// TestTableCountFaults: a record that counts one live state more than
// its table holds, one fewer, or one word fewer than its rows fill.
func TestTableCountFaults(t *testing.T) {
	blob := blobFor(t, "User-agent: *\nDisallow: /abcdef\nDisallow: /xyz\nDisallow: /a*b\n")
	d, table, record := tableAt(t, blob)
	rows := rowsOf(d)
	last := rows[len(rows)-1]
	if last.kind == rowChain || len(rows) < 2 {
		t.Fatalf("rows %v: the last must hold one state; change the rules", rows)
	}
	le := binary.LittleEndian
	nd, live, end := uint32(d.NumDecided), uint32(d.NumLive), uint32(len(d.t))
	// The last row's state is the last live state; the row before it ends
	// where that state's words (its pad word and header) begin.
	prev := rows[len(rows)-2]
	prevEnd := prev.r + prev.words
	word := func(w uint32, what string, args ...any) (int, string) {
		return table + 4*int(w), fmt.Sprintf("dfa 0: word %d: ", w) + fmt.Sprintf(what, args...)
	}
	at, what := word(end, "live state %d runs past the table", nd+live)
	refusedSaying(t, blob, func(b []byte) { le.PutUint32(b[record+12:], live+1) }, at, what)
	at, what = word(prevEnd, "%d words after the last row", end-prevEnd)
	refusedSaying(t, blob, func(b []byte) { le.PutUint32(b[record+12:], live-1) }, at, what)
	// One word fewer: the tables section keeps it, the DFA's table ends
	// inside its last row.
	at, what = word(last.r, "row of live state %d runs past the table", nd+live-1)
	refusedSaying(t, blob, func(b []byte) { le.PutUint32(b[record+24:], end-1) }, at, what)
}

// TestTableTargetFaults: a target that is no state (the word just past
// the decided states is a row's pad or header), a chain default that is
// not decided, a header of no row kind and a chain longer than the live
// states left; and a chain default of any decided state, which is valid.
func TestTableTargetFaults(t *testing.T) {
	blob := blobFor(t, "User-agent: *\nDisallow: /abcdef\nDisallow: /xyz\nDisallow: /a*b\n")
	d, table, _ := tableAt(t, blob)
	rows := rowsOf(d)
	var dense, chain tableRow
	// states counts the live states of the rows before; left is the
	// number from the first chain row on.
	left, states := 0, 0
	for _, row := range rows {
		switch {
		case row.kind == rowDense && dense.r == 0:
			dense = row
		case row.kind == rowChain && chain.r == 0:
			chain, left = row, d.NumLive-states
		}
		states += row.states
	}
	if dense.r == 0 || chain.r == 0 {
		t.Fatalf("rows %v: want a dense row and a chain row; change the rules", rows)
	}
	le := binary.LittleEndian
	put := func(w, v uint32) func([]byte) { return func(b []byte) { le.PutUint32(b[table+4*int(w):], v) } }
	decEnd := d.decEnd
	for _, c := range []struct {
		name   string
		damage func([]byte)
		w      uint32
		what   string
	}{
		{"a dense row's second target", put(dense.r+1, decEnd), dense.r + 1, fmt.Sprintf("target %d is not a state", decEnd)},
		{"a chain's default just past the decided", put(chain.r, decEnd), chain.r, fmt.Sprintf("chain default %d is not decided", decEnd)},
		{"a header of no kind", put(chain.r-1, 3), chain.r - 1, "row header 3"},
		{"a chain past the live states", put(chain.r+1, chainFlag|uint32(left+1)), chain.r + 1,
			fmt.Sprintf("chain count word %#x, %d live states left", chainFlag|uint32(left+1), left)},
	} {
		t.Run(c.name, func(t *testing.T) {
			refusedSaying(t, blob, c.damage, table+4*int(c.w), fmt.Sprintf("dfa 0: word %d: %s", c.w, c.what))
		})
	}
	for k := range uint32(d.NumDecided) {
		b := append([]byte(nil), blob...)
		put(chain.r, classWords+k)(b)
		sealBlob(b)
		if _, err := Decode(b); err != nil {
			t.Errorf("a chain default of decided state %d: %v", k, err)
		}
	}
}

// TestChainFillsTable: a chain row that holds every live state, the last
// row of its table, decodes (the count bound's extreme), and its classes
// are checked as any chain's: the end of input as its last class is
// refused.
func TestChainFillsTable(t *testing.T) {
	blob := blobFor(t, "User-agent: *\nDisallow: /abcdef\n")
	d, table, _ := tableAt(t, blob)
	rows := rowsOf(d)
	if len(rows) != 1 || rows[0].kind != rowChain || rows[0].states != d.NumLive {
		t.Fatalf("rows %v of %d live states: want one chain row of them all", rows, d.NumLive)
	}
	if allowed, _ := viewed(t, blob).Programs[0].check([]byte("/abcdefg")); allowed {
		t.Fatal("/abcdefg allowed")
	}
	n, eoi := uint32(d.NumLive), d.NumClasses-1
	last := table + 4*int(rows[0].r+2) + int(n) - 1 // the last class's byte
	w := uint32(last-table) / 4
	refusedSaying(t, blob, func(b []byte) { b[last] = byte(eoi) }, table+4*int(w),
		fmt.Sprintf("dfa 0: word %d: chain class %d: %d of %d", w, n-1, eoi, d.NumClasses))
}
