package automaton

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"unsafe"

	farm "github.com/dgryski/go-farm"
)

// TestClassMapFault: the word-at-a-time class map check finds the same
// first fault as a byte loop, for every class count.
func TestClassMapFault(t *testing.T) {
	rng := rand.New(rand.NewSource(9309))
	naive := func(m []byte, classes uint32) int {
		for b, c := range m {
			if uint32(c) >= classes {
				return b
			}
		}
		return -1
	}
	m := make([]byte, 256)
	for classes := uint32(2); classes <= 256; classes++ {
		for trial := 0; trial < 20; trial++ {
			for b := range m {
				m[b] = byte(rng.Intn(int(classes)))
			}
			if trial%2 == 1 && classes < 256 {
				for k := 0; k < 1+trial%3; k++ {
					m[rng.Intn(256)] = byte(int(classes) + rng.Intn(256-int(classes)))
				}
			}
			if got, want := classMapFault(m, classes), naive(m, classes); got != want {
				t.Fatalf("%d classes, trial %d: fault at %d, want %d", classes, trial, got, want)
			}
		}
	}
	// Faults the word test must not miss: every byte one (each word all
	// faults), and one fault of the class count itself among classes of
	// at least 128 - classes, which a sum that borrowed would not see.
	for classes := uint32(2); classes <= 128; classes++ {
		for b := range m {
			m[b] = byte(classes)
		}
		if got := classMapFault(m, classes); got != 0 {
			t.Fatalf("%d classes, every byte a fault: fault at %d, want 0", classes, got)
		}
		if classes <= 64 {
			continue
		}
		for b := range m {
			m[b] = byte(128 - classes + uint32(rng.Intn(int(2*classes-128))))
		}
		at := rng.Intn(256)
		m[at] = byte(classes)
		if got := classMapFault(m, classes); got != at {
			t.Fatalf("%d classes, byte %d the class count: fault at %d", classes, at, got)
		}
	}
}

// TestSparseRowDamage: a sparse row whose exception classes are out of
// order, out of range or followed by non-zero padding is refused with
// ErrFormat naming the word at fault (a row of five or more exceptions:
// its classes fill two words).
func TestSparseRowDamage(t *testing.T) {
	var body strings.Builder
	body.WriteString("User-agent: *\n")
	for _, p := range []string{"/a1", "/b1", "/c1", "/d1", "/e1", "/f*x"} {
		body.WriteString("Disallow: " + p + "\n")
	}
	blob := blobFor(t, body.String())
	set := viewed(t, blob)
	// The byte offset in the blob of a sparse row's class bytes, and its
	// exception count.
	at, n, classes := -1, uint32(0), uint32(0)
	w := uint32(0) // the table word of its last class
	table := 0
	for _, p := range set.Programs {
		for _, d := range p.dfas {
			eachRow(d, func(r uint32) {
				if k := d.t[r+1]; at < 0 && d.t[r-1] == rowSparse && k >= 5 && k%4 != 0 {
					at, table = offsetIn(blob, &d.t[r+2]), offsetIn(blob, &d.t[0])
					n, classes, w = k, uint32(d.NumClasses), r+2+(k-1)/4
				}
			})
		}
	}
	if at < 0 || classes >= 255 {
		t.Fatal("no sparse row with 5 or more exceptions and padding: change the rules")
	}
	// Past the first four exceptions, the classes' second word.
	refusesAt(t, blob, map[string]damageAt{
		"out of order":       {at, func(b []byte) { b[at], b[at+1] = b[at+1], b[at] }},
		"repeated":           {at + 1, func(b []byte) { b[at+1] = b[at] }},
		"the fifth repeated": {at + 4, func(b []byte) { b[at+4] = b[at+3] }},
		"out of range":       {at + int(n) - 1, func(b []byte) { b[at+int(n)-1] = 255 }},
		"the class count":    {at + int(n) - 1, func(b []byte) { b[at+int(n)-1] = byte(classes) }},
		"padding":            {at + int(n), func(b []byte) { b[at+int(n)] = 1 }},
		"more than classes":  {at - 4, func(b []byte) { binary.LittleEndian.PutUint32(b[at-4:], classes+1) }},
	})
	refusedSaying(t, blob, func(b []byte) { b[at+int(n)-1] = byte(classes) }, table+4*int(w),
		fmt.Sprintf("dfa 0: word %d: exception %d: class %d of %d", w, n-1, classes, classes))
}

// viewed decodes blob; it skips the test where the tables are copies, not
// views of the blob, so that a table word's offset in the blob is known.
func viewed(t *testing.T, blob []byte) *Set {
	t.Helper()
	set, err := Decode(blob)
	if err != nil {
		t.Fatal(err)
	}
	if uintptr(unsafe.Pointer(&set.Programs[0].dfas[0].t[0]))%4 != 0 || !littleEndian {
		t.Skip("the table is a copy, not a view of the blob, on this machine")
	}
	return set
}

// eachRow calls f with the start of each of d's rows, in order.
func eachRow(d *dfa, f func(r uint32)) {
	pos := d.decEnd
	for row := 0; pos < uint32(len(d.t)); row++ {
		r := rowStart(pos, row < d.NumOutputs)
		f(r)
		pos = r + rowWords(d.t, r, d.NumClasses)
	}
}

// offsetIn is the byte offset of w in blob, which holds it.
func offsetIn(blob []byte, w *uint32) int {
	return int(uintptr(unsafe.Pointer(w)) - uintptr(unsafe.Pointer(&blob[0])))
}

// TestChainRows: the patterns of a trie are laid out as chain rows, a
// byte of table per pattern byte instead of a row per state.
func TestChainRows(t *testing.T) {
	long := "/" + strings.Repeat("abcdefgh", 8) // 65 bytes
	p := build([]Rule{{Kind: Disallow, Priority: int32(len(long)), Line: 1, Pattern: long}}, options{})
	d := p.dfas[0]
	var kinds []uint32
	eachRow(d, func(r uint32) { kinds = append(kinds, d.t[r-1]) })
	if len(kinds) != 1 || kinds[0] != rowChain {
		t.Fatalf("rows of kinds %v, want one chain row", kinds)
	}
	if d.NumLive != len(long) {
		t.Fatalf("%d live states, want %d", d.NumLive, len(long))
	}
	if n := d.sizeBytes(); n > 4*int(classWords+2+2+chainWords(uint32(len(long)))) {
		t.Fatalf("%d table bytes", n)
	}
	for _, c := range []struct {
		path string
		want int32
	}{{long, 0}, {long + "x", 0}, {long[:64], NoRule}, {long[:30] + "x" + long[31:], NoRule}, {"/", NoRule}, {"/b", NoRule}} {
		if got := p.pathLeader([]byte(c.path)); got != c.want {
			t.Errorf("%q: leader %d, want %d", c.path, got, c.want)
		}
	}
}

// TestChainRowDamage: a chain row with a bad count, a class that is the
// end of input, non-zero padding or a default that is not decided is
// refused with ErrFormat.
func TestChainRowDamage(t *testing.T) {
	blob := blobFor(t, "User-agent: *\nDisallow: /abcdef\nDisallow: /xyz\n")
	set := viewed(t, blob)
	d := set.Programs[0].dfas[0]
	at, n := -1, uint32(0) // the chain's default word, its length
	eachRow(d, func(r uint32) {
		if at < 0 && d.t[r-1] == rowChain && d.t[r+1]&^chainFlag%4 != 0 {
			at, n = offsetIn(blob, &d.t[r]), d.t[r+1]&^chainFlag
		}
	})
	if at < 0 || n < 5 {
		t.Fatal("no chain row of 5 states or more with padding: change the rules")
	}
	u32 := func(b []byte, o int, v uint32) { binary.LittleEndian.PutUint32(b[o:], v) }
	refusesAt(t, blob, map[string]damageAt{
		"count without flag": {at + 4, func(b []byte) { u32(b, at+4, n) }},
		"count of one":       {at + 4, func(b []byte) { u32(b, at+4, chainFlag|1) }},
		"count too large":    {at + 4, func(b []byte) { u32(b, at+4, chainFlag|1000) }},
		"end of input class": {at + 8, func(b []byte) { b[at+8] = byte(d.NumClasses - 1) }},
		"the last class":     {at + 8 + int(n) - 1, func(b []byte) { b[at+8+int(n)-1] = byte(d.NumClasses - 1) }},
		"padding":            {at + 8 + int(n), func(b []byte) { b[at+8+int(n)] = 1 }},
		"live default":       {at, func(b []byte) { u32(b, at, d.start) }},
		"header":             {at - 4, func(b []byte) { u32(b, at-4, 3) }},
	})
}

// refusesDamage checks that each damage of blob, resealed, is refused
// with ErrFormat.
func refusesDamage(t *testing.T, blob []byte, damages map[string]func(b []byte)) {
	t.Helper()
	for name, damage := range damages {
		b := bytes.Clone(blob)
		damage(b)
		sealBlob(b)
		if _, err := Decode(b); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: %v, want ErrFormat", name, err)
		} else {
			t.Logf("%s: %v", name, err)
		}
	}
}

// damageAt is a damage and the byte it changes.
type damageAt struct {
	at     int
	damage func(b []byte)
}

// refusesAt is refusesDamage that also wants each error to name the word
// holding the byte changed.
func refusesAt(t *testing.T, blob []byte, damages map[string]damageAt) {
	t.Helper()
	for name, d := range damages {
		b := bytes.Clone(blob)
		d.damage(b)
		sealBlob(b)
		_, err := Decode(b)
		var be *blobError
		if !errors.Is(err, ErrFormat) || !errors.As(err, &be) {
			t.Errorf("%s: %v, want ErrFormat", name, err)
		} else if be.Offset > d.at || d.at >= be.Offset+4 {
			t.Errorf("%s: %v, want the offset of the word holding byte %d", name, err, d.at)
		}
	}
}

// sealBlob writes b's checksum trailer, so that a damaged blob reaches
// the checks after the checksum.
func sealBlob(b []byte) {
	end := len(b) - 8
	binary.LittleEndian.PutUint64(b[end:], farm.Fingerprint64(b[:end]))
}

// blobFor encodes the program of body's rules for agent "*" (Disallow
// lines only) as a one-program set.
func blobFor(t *testing.T, body string) []byte {
	t.Helper()
	var rules []Rule
	for i, line := range strings.Split(strings.TrimSpace(body), "\n") {
		if p, ok := strings.CutPrefix(line, "Disallow: "); ok {
			rules = append(rules, Rule{Kind: Disallow, Priority: int32(len(p)), Line: int32(i + 1), Pattern: p})
		}
	}
	blob, err := globalSet(build(rules, options{})).AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	return blob
}

// roundTrip encodes p as a one-program set and returns the program
// decoded from the blob.
func roundTrip(t *testing.T, p *Program) *Program {
	t.Helper()
	blob, err := globalSet(p).AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	dec, err := Decode(blob)
	if err != nil {
		t.Fatal(err)
	}
	return dec.Programs[0]
}

// TestRulesOutOfRank: Decode does not check that a program's rules are
// ranked (docs/FORMAT.md), as no walk needs it for safety: a blob whose
// two disallows are listed worst first still loads and answers, with the
// rule listed first.
func TestRulesOutOfRank(t *testing.T) {
	blob := blobFor(t, "User-agent: *\nDisallow: /a\nDisallow: /ab\n")
	d := decoder{b: blob}
	if err := d.header(); err != nil {
		t.Fatal(err)
	}
	at := d.sec[secRules][0] + 4
	if n := d.u32(at - 4); n != 2 {
		t.Fatalf("%d rules, want 2", n)
	}
	b := bytes.Clone(blob)
	first, second := b[at:at+ruleSize], b[at+ruleSize:at+2*ruleSize]
	tmp := bytes.Clone(first)
	copy(first, second)
	copy(second, tmp)
	sealBlob(b)
	set, err := Decode(b)
	if err != nil {
		t.Fatalf("rules out of rank: %v", err)
	}
	allowed, r := set.Programs[0].check([]byte("/abc"))
	if allowed || r == nil || r.Line != 2 {
		t.Fatalf("/abc: allowed %v, rule %+v; want a disallow, the rule listed first (line 2)", allowed, r)
	}
}

// TestDecodeAgentIndex: the agent index is what sends a crawler to its
// group, and a lookup searches it by fingerprint, then token. A blob whose
// index is out of order, repeats a token, or carries a fingerprint that is
// not its token's, resealed so that only the index is wrong, is refused
// with ErrFormat: decoded, its named crawlers would silently get the '*'
// group (Lookup's binary search misses them).
func TestDecodeAgentIndex(t *testing.T) {
	set := &Set{Global: 3, Meta: make([]ProgramMeta, 4)}
	for i, p := range []string{"/a", "/b", "/c", "/"} {
		set.Programs = append(set.Programs, build([]Rule{{Kind: Disallow, Line: int32(i + 1), Pattern: p}}, options{}))
	}
	set.Agents = []Agent{{Token: "alpha", Program: 0}, {Token: "beta", Program: 1}, {Token: "gamma", Program: 2}}
	blob, err := set.AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	good, err := Decode(blob)
	if err != nil {
		t.Fatal(err)
	}
	for i, tok := range []string{"alpha", "beta", "gamma"} {
		if p, ok := good.lookup(tok); !ok || p != int32(i) {
			t.Fatalf("Lookup(%q) = %d, %v; want %d", tok, p, ok, i)
		}
	}
	entry := headerSize + entrySize*(secAgents-1)
	records := int(binary.LittleEndian.Uint32(blob[entry+4:])) + 8
	record := func(b []byte, i int) []byte { return b[records+i*agentSize : records+(i+1)*agentSize] }
	refusesDamage(t, blob, map[string]func(b []byte){
		"records 0 and 1 swapped": func(b []byte) {
			r0 := bytes.Clone(record(b, 0))
			copy(record(b, 0), record(b, 1))
			copy(record(b, 1), r0)
		},
		"records 1 and 2 swapped": func(b []byte) {
			r1 := bytes.Clone(record(b, 1))
			copy(record(b, 1), record(b, 2))
			copy(record(b, 2), r1)
		},
		"record 0 repeated": func(b []byte) { copy(record(b, 1), record(b, 0)) },
		"record 2 repeated": func(b []byte) { copy(record(b, 1), record(b, 2)) },
		"a fingerprint off by one": func(b []byte) {
			fp := binary.LittleEndian.Uint64(record(b, 1))
			binary.LittleEndian.PutUint64(record(b, 1), fp+1)
		},
		"two tokens' strings exchanged": func(b []byte) {
			// Each record keeps its fingerprint and program; the tokens
			// they name change places.
			s0 := bytes.Clone(record(b, 0)[8:16])
			copy(record(b, 0)[8:16], record(b, 2)[8:16])
			copy(record(b, 2)[8:16], s0)
		},
		"a program out of range": func(b []byte) { binary.LittleEndian.PutUint32(record(b, 0)[16:], 4) },
		"padding not zero":       func(b []byte) { record(b, 2)[20] = 1 },
	})
}

// TestPadWordDamage: a row's pad word (docs/FORMAT.md: one zero word
// before a row that would start at an odd offset) must be zero, and a
// row's output a rule index or none; others are refused with ErrFormat.
func TestPadWordDamage(t *testing.T) {
	var body strings.Builder
	body.WriteString("User-agent: *\n")
	for _, p := range []string{"/ab", "/ac", "/ad", "/xy", "/q", "/*.pdf$", "/a*b", "/private/"} {
		body.WriteString("Disallow: " + p + "\n")
	}
	blob := blobFor(t, body.String())
	set := viewed(t, blob)
	// The first pad word before a row with an output and before one
	// without.
	pads := map[bool]int{}
	output := -1 // the first row output's word
	for _, p := range set.Programs {
		for _, d := range p.dfas {
			pos := d.decEnd
			for row := 0; pos < uint32(len(d.t)); row++ {
				out := row < d.NumOutputs
				r := rowStart(pos, out)
				if out && output < 0 {
					output = offsetIn(blob, &d.t[r-2])
				}
				if _, seen := pads[out]; !seen && (r-pos == 3 || r-pos == 2 && !out) {
					pads[out] = offsetIn(blob, &d.t[pos])
				}
				pos = r + rowWords(d.t, r, d.NumClasses)
			}
		}
	}
	if len(pads) != 2 || output < 0 {
		t.Fatalf("pad words before rows with an output or not: %v, an output at %d; change the rules", pads, output)
	}
	refusesAt(t, blob, map[string]damageAt{
		"pad word before a row with an output": {pads[true], func(b []byte) { b[pads[true]] = 1 }},
		"pad word before a row without":        {pads[false], func(b []byte) { b[pads[false]] = 1 }},
		"output rule out of range":             {output, func(b []byte) { binary.LittleEndian.PutUint32(b[output:], 1<<31) }},
	})
}
