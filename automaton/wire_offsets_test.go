package automaton_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/automaton"
	"github.com/robotsdfa/robotsdfa/compile"
)

// TestDecodeErrorOffsets: a refused blob's error names the byte offset of
// the faulty field, each computed here from docs/FORMAT.md's layout: the
// section table at 24 (12 bytes an entry), a counted section's count word
// first, then its records (rules 20 bytes, DFAs 28, programs 48).
func TestDecodeErrorOffsets(t *testing.T) {
	good := blobOf(t, blobBodies[0], compile.Google)
	le := binary.LittleEndian
	entry := func(id int) int { return 24 + 12*(id-1) }
	sec := func(b []byte, id int) int { return int(le.Uint32(b[entry(id)+4:])) }
	const agents, programs, rules, dfas, tables, meta = 2, 3, 4, 6, 7, 8
	rule0 := sec(good, rules) + 4
	dfa0 := sec(good, dfas) + 4
	prog0 := sec(good, programs) + 4
	put := func(at int, v uint32) func([]byte) { return func(b []byte) { le.PutUint32(b[at:], v) } }
	// meta: the sitemaps' count and records (12 bytes: line, string ref),
	// then the records' count and records (20 bytes: line, key, value).
	sitemap0 := sec(good, meta) + 4
	records := sitemap0 + 12*int(le.Uint32(good[sec(good, meta):])) + 4
	metaSize := int(le.Uint32(good[entry(meta)+8:]))
	if records+20 > sec(good, meta)+metaSize {
		t.Fatal("the blob has no record: change blobBodies[0]")
	}
	// DFA 0's words, decided and live states; the tables' words; program
	// 0's first rule and the rules' count.
	words0, decided0, live0 := int(le.Uint32(good[dfa0+24:])), int(le.Uint32(good[dfa0+4:])), int(le.Uint32(good[dfa0+12:]))
	tableWords := int(le.Uint32(good[sec(good, tables):]))
	rule0s, numRules := int(le.Uint32(good[prog0:])), int(le.Uint32(good[sec(good, rules):]))
	cases := []fieldDamage{
		{"section in the section table", put(entry(1)+4, 28), entry(1) + 4, "overlaps what precedes it"},
		{"section misaligned", func(b []byte) { le.PutUint32(b[entry(programs)+4:], uint32(sec(b, programs)+2)) }, entry(programs) + 4, "not 4-byte aligned"},
		{"section overlaps", func(b []byte) { le.PutUint32(b[entry(programs)+4:], uint32(sec(b, programs-1))) }, entry(programs) + 4, "overlaps what precedes it"},
		{"section past the trailer", put(entry(programs)+8, uint32(len(good))), entry(programs) + 8,
			fmt.Sprintf("section 3 [%d, %d) runs past the trailer", sec(good, programs), sec(good, programs)+len(good))},
		{"section too short for its count", put(entry(tables)+8, 2), sec(good, tables), "too short for its counts"},
		{"record count", func(b []byte) { le.PutUint32(b[rule0-4:], le.Uint32(b[rule0-4:])+1) }, rule0 - 4, "records of 20 bytes need"},
		{"agent count", func(b []byte) { le.PutUint32(b[sec(b, agents)+4:], 9) }, sec(good, agents) + 4, "records of 24 bytes need"},
		{"rule padding", func(b []byte) { b[rule0+1] = 1 }, rule0 + 1, "padding not zero"},
		{"rule padding, second byte", func(b []byte) { b[rule0+2] = 1 }, rule0 + 1, "padding not zero"},
		{"rule padding, third byte", func(b []byte) { b[rule0+3] = 1 }, rule0 + 1, "padding not zero"},
		{"rule priority", put(rule0+4, 1<<31), rule0 + 4, "priority"},
		{"rule pattern length", put(rule0+16, 1), rule0 + 16, "pattern of 1 bytes"},
		{"dfa classes", put(dfa0, 1), dfa0, "dfa 0: 1 classes"},
		{"dfa classes past 256", put(dfa0, 257), dfa0, "dfa 0: 257 classes"},
		{"dfa decided states", put(dfa0+4, 0), dfa0 + 4, "0 decided"},
		{"dfa table", put(dfa0+20, 1<<30), dfa0 + 20,
			fmt.Sprintf("dfa 0: table [%d, %d) runs past the %d-word tables section", 1<<30, 1<<30+words0, tableWords)},
		{"dfa words", put(dfa0+24, 1), dfa0 + 24, "words cannot hold"},
		{"dfa words, one short", put(dfa0+24, uint32(64+decided0-1)), dfa0 + 24,
			fmt.Sprintf("dfa 0: %d words cannot hold %d decided and %d live states", 64+decided0-1, decided0, live0)},
		{"program rules", put(prog0+4, 1<<20), prog0, fmt.Sprintf("program 0: rules [%d, %d) of %d", rule0s, rule0s+1<<20, numRules)},
		{"program list", put(prog0+12, 1<<20), prog0 + 8, "a list runs past"},
		{"program lists apart", put(prog0+16, 0), prog0 + 8, "not at 0 and after the DFA list"},
		{"program flags", put(prog0+24, 2), prog0 + 24, "unknown flags"},
		{"global program", put(sec(good, agents), 77), sec(good, agents), "global program 77"},
		{"sitemap count", put(sec(good, meta), uint32(metaSize-8)/12+1), sec(good, meta), "sitemaps do not fit"}, // one too many
		{"sitemap string", put(sitemap0+4, 1<<30), sitemap0 + 4, "outside the"},
		{"record count", put(records-4, 99), records - 4, "records do not fill"},
		{"record key", put(records+4, 1<<30), records + 4, "outside the"},
		{"record value", put(records+12, 1<<30), records + 12, "outside the"},
		{"program crawl-delay", func(b []byte) { le.PutUint64(b[prog0+32:], uint64(1<<64-2)) }, prog0 + 28, "crawl-delay -2"},
	}
	// The header and section table: 24 + 8×12 bytes, and the trailer.
	for n, short := range map[int]bool{127: true, 128: false} {
		_, err := automaton.Decode(good[:n])
		if got := err != nil && bytes.Contains([]byte(err.Error()), []byte("shorter than a header")); got != short {
			t.Errorf("%d bytes: %v", n, err)
		}
	}
	// A priority, a line and a request-rate's requests of 2^31-1 are in
	// range.
	for name, damage := range map[string]func([]byte){
		"priority":     put(rule0+4, 1<<31-1),
		"line":         put(rule0+8, 1<<31-1),
		"request-rate": func(b []byte) { put(prog0+28, 1<<31-1)(b); le.PutUint64(b[prog0+40:], 1) },
	} {
		b := bytes.Clone(good)
		damage(b)
		reseal(b)
		if _, err := automaton.Decode(b); err != nil {
			t.Errorf("%s 2^31-1: %v", name, err)
		}
	}
	refusedAt(t, good, cases)
}

// TestDecodeUnaligned: a blob at an address that is not 4-byte aligned
// (read from a stream into an arbitrary buffer) has its tables copied out,
// not viewed in place, and answers as the aligned blob does.
func TestDecodeUnaligned(t *testing.T) {
	paths := []string{"/", "/private/ok", "/private/x", "/a.pdf", "/x?sort=1", "/xzzy", "/p/*x", "/" + strings.Repeat("ab", 40)}
	for _, body := range blobBodies {
		for _, mode := range []compile.Mode{compile.Google, compile.RFC9309} {
			blob := blobOf(t, body, mode)
			buf := make([]byte, len(blob)+1)
			odd := buf[1:]
			copy(odd, blob)
			aligned, err := automaton.Decode(blob)
			if err != nil {
				t.Fatal(err)
			}
			moved, err := automaton.Decode(odd)
			if err != nil {
				t.Fatalf("%q at an odd address: %v", body, err)
			}
			for _, p := range paths {
				for _, tokens := range [][]string{{"a"}, {"zz"}, {"b", "a"}} {
					ok1, r1 := automaton.CheckPath(aligned, tokens, false, []byte(p))
					ok2, r2 := automaton.CheckPath(moved, tokens, false, []byte(p))
					if ok1 != ok2 || (r1 == nil) != (r2 == nil) || r1 != nil && *r1 != *r2 {
						t.Errorf("%q %v %q: aligned %v %v, odd address %v %v", body, tokens, p, ok1, r1, ok2, r2)
					}
				}
			}
		}
	}
}

// TestDecodeAgentErrorOffsets: an agent record (24 bytes: fingerprint,
// token's string ref, program, zero) refused names its faulty field.
func TestDecodeAgentErrorOffsets(t *testing.T) {
	good := blobOf(t, blobBodies[1], compile.Google) // names a and b
	le := binary.LittleEndian
	const strs, agents = 1, 2
	sec := func(id int) int { return int(le.Uint32(good[24+12*(id-1)+4:])) }
	agent0 := sec(agents) + 8
	token := sec(strs) + int(le.Uint32(good[agent0+8:])) // agent 0's token's first byte
	refusedAt(t, good, []fieldDamage{
		{"token not lower-case", func(b []byte) { b[token] = 'A' }, agent0 + 8, "not lower-case"},
		{"token outside the strings", func(b []byte) { le.PutUint32(b[agent0+8:], 1<<30) }, agent0 + 8, "outside the"},
		{"program", func(b []byte) { le.PutUint32(b[agent0+16:], 99) }, agent0 + 16, "program 99"},
		{"padding", func(b []byte) { le.PutUint32(b[agent0+20:], 1) }, agent0 + 20, "padding not zero"},
	})
}

// TestDecodeScanErrorOffsets: a program's scanned rules must name one of
// its rules that carries a pattern, in the order of their literal
// prefixes; a fault names the program's scan list field.
func TestDecodeScanErrorOffsets(t *testing.T) {
	// 30 star rules, with a budget of two states an automaton: scanned.
	set := compile.Parse([]byte(blobBodies[2]), compile.Options{Budget: automaton.Budget{MaxStates: 2}}).CompileSet()
	good, err := set.AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	le := binary.LittleEndian
	sec := func(id int) int { return int(le.Uint32(good[24+12*(id-1)+4:])) }
	const programs, index = 3, 5
	word := func(k uint32) int { return sec(index) + 4 + 4*int(k) }
	prog := -1
	for i := range int(le.Uint32(good[sec(programs):])) {
		if o := sec(programs) + 4 + 48*i; le.Uint32(good[o+20:]) >= 2 {
			prog = o
			break
		}
	}
	if prog < 0 {
		t.Fatal("no program scans two rules: change the budget")
	}
	nr, s0 := le.Uint32(good[prog+4:]), le.Uint32(good[prog+16:])
	first, second := le.Uint32(good[word(s0):]), le.Uint32(good[word(s0+1):])
	refusedAt(t, good, []fieldDamage{
		{"rule past the program's", func(b []byte) { le.PutUint32(b[word(s0):], nr) }, prog + 16, "has no pattern or is out of range"},
		{"out of order", func(b []byte) { le.PutUint32(b[word(s0):], second); le.PutUint32(b[word(s0+1):], first) }, prog + 16, "not sorted"},
	})
}

// TestEncodeWithoutMeta: a set built without its programs' metadata (by
// hand, not by compile) is written with none: no crawl-delay, no
// request-rate.
func TestEncodeWithoutMeta(t *testing.T) {
	set := compile.Parse([]byte(blobBodies[0]), compile.Options{}).CompileSet()
	set.Meta = nil
	blob, err := set.AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	back, err := automaton.Decode(blob)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range back.Meta {
		if m != (automaton.ProgramMeta{CrawlDelay: -1}) {
			t.Errorf("program %d: %+v, want no crawl-delay and no request-rate", i, m)
		}
	}
	if len(back.Meta) != len(set.Programs) {
		t.Fatalf("%d metadata for %d programs", len(back.Meta), len(set.Programs))
	}
}

// fieldDamage is a damage to a blob and the error it must get: ErrFormat,
// naming what and the byte offset of the faulty field.
type fieldDamage struct {
	name   string
	damage func([]byte)
	offset int
	what   string
}

// refusedAt applies each damage to a copy of good, reseals it, and wants
// Decode to refuse it as the damage says.
func refusedAt(t *testing.T, good []byte, damages []fieldDamage) {
	t.Helper()
	offset := regexp.MustCompile(`\(byte offset (\d+)\)$`)
	for _, c := range damages {
		b := bytes.Clone(good)
		c.damage(b)
		reseal(b)
		_, err := automaton.Decode(b)
		m := offset.FindStringSubmatch(fmt.Sprint(err))
		if !errors.Is(err, automaton.ErrFormat) || m == nil || !strings.Contains(err.Error(), c.what) {
			t.Errorf("%s: %v, want ErrFormat, %q and an offset", c.name, err, c.what)
			continue
		}
		if got, _ := strconv.Atoi(m[1]); got != c.offset {
			t.Errorf("%s: offset %d, want %d: %v", c.name, got, c.offset, err)
		}
	}
}
