package automaton

import (
	"bytes"
	"encoding/binary"
	"errors"
	"testing"
)

// Faults that no field shows alone, found by checking fields against each
// other: each refusal names the record at fault and says what is wrong,
// with every number in the text computed here from docs/FORMAT.md's
// layout.

// twoPrograms is the blob of a set of two programs, of three rules and of
// two, each with one DFA.
func twoPrograms(t *testing.T) []byte {
	t.Helper()
	set := &Set{Meta: []ProgramMeta{{CrawlDelay: -1}, {CrawlDelay: -1}}}
	for _, pats := range [][]string{{"/a*b", "/c", "/d$"}, {"/x*y", "/z*"}} {
		set.Programs = append(set.Programs, build(rulesOf([]Kind{Disallow}, pats...), options{}))
	}
	blob, err := set.AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	dec := viewed(t, blob)
	p0, p1 := dec.Programs[0], dec.Programs[1]
	if len(p0.dfas) != 1 || len(p1.dfas) != 1 || len(p0.ranks) != 3 || len(p1.ranks) != 2 || len(p1.scan) != 0 {
		t.Fatalf("programs of %d and %d DFAs, %d and %d rules: change the rules", len(p0.dfas), len(p1.dfas), len(p0.ranks), len(p1.ranks))
	}
	return blob
}

// sections is blob's section offsets by id.
func sections(t *testing.T, blob []byte) [numSections + 1][2]int {
	t.Helper()
	d := decoder{b: blob}
	if err := d.header(); err != nil {
		t.Fatal(err)
	}
	return d.sec
}

// TestDecodeRuleOutsideProgram: a DFA whose result names a rule of the
// blob but not of its own program is refused, naming the DFA's record.
func TestDecodeRuleOutsideProgram(t *testing.T) {
	blob := twoPrograms(t)
	// DFA 1 (program 1's) decides rule 2 in its first decided state:
	// rule 2 of the blob's five, but program 1 has two.
	result := offsetIn(blob, &viewed(t, blob).Programs[1].dfas[0].t[classWords])
	record := sections(t, blob)[secDFAs][0] + 4 + dfaSize
	refusedSaying(t, blob, func(b []byte) { binary.LittleEndian.PutUint32(b[result:], 2) },
		record, "dfa 1: rule 2 outside program 1's 2 rules")
}

// TestDecodeIndexWordsLeft: the programs' lists must tile the index; a
// last program with no DFA leaves the index's word after the first
// program's list, the DFA list it had.
func TestDecodeIndexWordsLeft(t *testing.T) {
	blob := twoPrograms(t)
	sec := sections(t, blob)
	le := binary.LittleEndian
	prog1 := sec[secPrograms][0] + 4 + programSize
	if l0, nl := le.Uint32(blob[prog1+8:]), le.Uint32(blob[prog1+12:]); l0 != 1 || nl != 1 {
		t.Fatalf("program 1's DFA list [%d, +%d), want [1, +1)", l0, nl)
	}
	index := sec[secIndex][0] + 4
	refusedSaying(t, blob, func(b []byte) {
		le.PutUint32(b[prog1+12:], 0) // no DFA
		le.PutUint32(b[prog1+16:], 1) // the scan list, empty, where the DFA list began
	}, index+4, "index: 1 words after the last program's lists")
}

// refusedSaying applies damage to a copy of blob, reseals it, and wants
// Decode to refuse it with ErrFormat at offset, saying exactly what.
func refusedSaying(t *testing.T, blob []byte, damage func([]byte), offset int, what string) {
	t.Helper()
	b := bytes.Clone(blob)
	damage(b)
	sealBlob(b)
	_, err := Decode(b)
	var be *blobError
	switch {
	case !errors.Is(err, ErrFormat) || !errors.As(err, &be):
		t.Errorf("%v, want ErrFormat", err)
	case be.Offset != offset || be.What != what:
		t.Errorf("%v\nwant %q at byte offset %d", err, what, offset)
	}
}
