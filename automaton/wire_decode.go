package automaton

import (
	"encoding/binary"
	"math"
	"time"
	"unsafe"

	farm "github.com/dgryski/go-farm"
)

// Decode validates a blob and returns the set it holds. The blob is
// untrusted: Decode checks, in the order docs/FORMAT.md gives, the header,
// the checksum, the section table, each section's size, and every
// reference and invariant the evaluator relies on (each transition, class,
// rule index and string in range, each live state's end-of-input
// transition decided, the agent index sorted, unique and fingerprinted).
// It never panics and runs in time linear in the blob times at most 256
// (rows may share table space). A bad blob gives an error wrapping
// ErrFormat, ErrVersion or ErrChecksum, as a *blobError with the offset.
//
// The set refers to the blob's bytes (transition tables, class maps,
// patterns and tokens are not copied when the blob is 4-byte aligned and
// the machine little-endian), so the blob must not be modified afterwards.
func Decode(blob []byte) (*Set, error) {
	d := decoder{b: blob}
	if err := d.header(); err != nil {
		return nil, err
	}
	if err := d.sections(); err != nil {
		return nil, err
	}
	return d.set()
}

type decoder struct {
	b      []byte
	sec    [numSections + 1][2]int // offset, length
	direct bool                    // word views may alias the blob
	// decoded
	ranks   []rank
	pats    []string // by rule, nil when no rule has a pattern
	dfas    []dfa    // one slab, in blob order
	dfasAt  int      // the DFA section's offset
	index   []uint32
	indexAt int // the index's first word in the blob
	nStrs   int
	strsOff int
}

func (d *decoder) u32(off int) uint32 { return binary.LittleEndian.Uint32(d.b[off:]) }
func (d *decoder) u64(off int) uint64 { return binary.LittleEndian.Uint64(d.b[off:]) }

func (d *decoder) header() error {
	b := d.b
	if len(b) < headerSize+entrySize*numSections+8 {
		return errorf(ErrFormat, 0, "%d bytes is shorter than a header", len(b))
	}
	if string(b[:8]) != Magic {
		return errorf(ErrFormat, 0, "magic %q is not %q", b[:8], Magic)
	}
	if v := binary.LittleEndian.Uint16(b[8:]); v != Version {
		return errorf(ErrVersion, 8, "version %d, this package reads %d", v, Version)
	}
	if f := binary.LittleEndian.Uint16(b[10:]); f&^(flagRFC|flagRestricted) != 0 {
		return errorf(ErrFormat, 10, "unknown flags %#x", f)
	}
	if r := d.u32(12); r != 0 {
		return errorf(ErrFormat, 12, "reserved word %#x is not zero", r)
	}
	if n := d.u32(16); uint64(n) != uint64(len(b)) {
		return errorf(ErrFormat, 16, "length field %d, blob has %d bytes", n, len(b))
	}
	end := len(b) - 8
	if want, got := d.u64(end), farm.Fingerprint64(b[:end]); want != got {
		return errorf(ErrChecksum, end, "trailer %#016x, contents give %#016x", want, got)
	}
	if n := d.u32(20); n != numSections {
		return errorf(ErrFormat, 20, "%d sections, version %d has %d", n, Version, numSections)
	}
	prev := headerSize + entrySize*numSections
	for i := 1; i <= numSections; i++ {
		at := headerSize + entrySize*(i-1)
		id, off, n := d.u32(at), uint64(d.u32(at+4)), uint64(d.u32(at+8))
		switch {
		case id != uint32(i):
			return errorf(ErrFormat, at, "section %d has id %d", i, id)
		case off%4 != 0:
			return errorf(ErrFormat, at+4, "section %d offset %d not 4-byte aligned", i, off)
		case off < uint64(prev):
			return errorf(ErrFormat, at+4, "section %d offset %d overlaps what precedes it", i, off)
		case off+n > uint64(end):
			return errorf(ErrFormat, at+8, "section %d [%d, %d) runs past the trailer", i, off, off+n)
		}
		d.sec[i] = [2]int{int(off), int(n)}
		prev = int(off + n)
	}
	d.direct = littleEndian && uintptr(unsafe.Pointer(unsafe.SliceData(b)))%4 == 0
	return nil
}

var littleEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

// counted checks a section of a count word (at skip) followed by count
// records of size bytes, and returns the count and the records' offset.
func (d *decoder) counted(id, skip, size int) (int, int, error) {
	off, n := d.sec[id][0], d.sec[id][1]
	if n < skip+4 {
		return 0, 0, errorf(ErrFormat, off, "section %d: %d bytes, too short for its counts", id, n)
	}
	count := uint64(d.u32(off + skip))
	if want := uint64(skip+4) + count*uint64(size); want != uint64(n) {
		return 0, 0, errorf(ErrFormat, off+skip, "section %d: %d records of %d bytes need %d bytes, it has %d", id, count, size, want, n)
	}
	return int(count), off + skip + 4, nil
}

// str checks a string reference and returns the string, sharing the
// blob's bytes.
func (d *decoder) str(at int) (string, error) {
	off, n := uint64(d.u32(at)), uint64(d.u32(at+4))
	if off+n > uint64(d.nStrs) {
		return "", errorf(ErrFormat, at, "string [%d, %d) outside the %d-byte strings section", off, off+n, d.nStrs)
	}
	if n == 0 {
		return "", nil
	}
	return unsafe.String(&d.b[d.strsOff+int(off)], int(n)), nil
}

// words returns n little-endian words at off, aliasing the blob when it
// can.
func (d *decoder) words(off, n int) []uint32 {
	if n == 0 {
		return nil
	}
	if d.direct {
		return unsafe.Slice((*uint32)(unsafe.Pointer(&d.b[off])), n)
	}
	w := make([]uint32, n)
	for i := range w {
		w[i] = d.u32(off + 4*i)
	}
	return w
}

func (d *decoder) sections() error {
	d.strsOff, d.nStrs = d.sec[secStrings][0], d.sec[secStrings][1]
	if err := d.rulesSection(); err != nil {
		return err
	}
	n, at, err := d.counted(secIndex, 0, 4)
	if err != nil {
		return err
	}
	d.index, d.indexAt = d.words(at, n), at
	return d.dfaSection()
}

func (d *decoder) rulesSection() error {
	n, at, err := d.counted(secRules, 0, ruleSize)
	if err != nil {
		return err
	}
	d.ranks = make([]rank, n)
	for i := range d.ranks {
		o := at + i*ruleSize
		kind, prio, line := Kind(d.b[o]), d.u32(o+4), d.u32(o+8)
		switch {
		case kind != Allow && kind != Disallow:
			return errorf(ErrFormat, o, "rule %d: kind %d", i, kind)
		case d.b[o+1]|d.b[o+2]|d.b[o+3] != 0:
			return errorf(ErrFormat, o+1, "rule %d: padding not zero", i)
		case prio > math.MaxInt32 || line > math.MaxInt32:
			return errorf(ErrFormat, o+4, "rule %d: priority %d or line %d out of range", i, prio, line)
		}
		pat, err := d.str(o + 12)
		if err != nil {
			return err
		}
		if pat != "" && len(pat) != int(prio) {
			return errorf(ErrFormat, o+16, "rule %d: pattern of %d bytes, priority %d", i, len(pat), prio)
		}
		d.ranks[i] = rank{Kind: kind, Priority: int32(prio), Line: int32(line)}
		if pat != "" {
			if d.pats == nil {
				d.pats = make([]string, n)
			}
			d.pats[i] = pat
		}
	}
	return nil
}

func (d *decoder) dfaSection() error {
	nWords, tabAt, err := d.counted(secTables, 0, 4)
	if err != nil {
		return err
	}
	n, at, err := d.counted(secDFAs, 0, dfaSize)
	if err != nil {
		return err
	}
	// One slab for every DFA of the set, so that a set's automata sit
	// together in memory.
	slab := make([]dfa, n)
	d.dfas, d.dfasAt = slab, at
	// validTable's scratch bitmap: on the stack for tables of up to
	// 4,096 words (nearly all of them), else on the heap, grown as needed.
	var small [64]uint64
	bits := small[:]
	for i := 0; i < n; i++ {
		o := at + i*dfaSize
		f := func(k int) uint64 { return uint64(d.u32(o + 4*k)) }
		classes, decided, outputs, live, start, off, words := f(0), f(1), f(2), f(3), f(4), f(5), f(6)
		switch {
		case classes < 2 || classes > 256:
			return errorf(ErrFormat, o, "dfa %d: %d classes", i, classes)
		case decided < 1 || outputs > live:
			return errorf(ErrFormat, o+4, "dfa %d: %d decided, %d live, %d with output", i, decided, live, outputs)
		case off+words > uint64(nWords):
			return errorf(ErrFormat, o+20, "dfa %d: table [%d, %d) runs past the %d-word tables section", i, off, off+words, nWords)
		case words < classWords+decided || live > 4*words:
			return errorf(ErrFormat, o+24, "dfa %d: %d words cannot hold %d decided and %d live states", i, words, decided, live)
		}
		dt := &slab[i]
		t := d.words(tabAt+4*int(off), int(words))
		*dt = dfa{NumClasses: int(classes), NumDecided: int(decided), NumOutputs: int(outputs), NumLive: int(live)}
		dt.walk = walk{t: t, cls: classView(t), start: uint32(start),
			decEnd: uint32(classWords + decided), eoi: uint8(classes - 1)}
		nb := (int(words) + 63) / 64
		if cap(bits) < nb {
			bits = make([]uint64, nb)
		}
		refs := bits[:nb]
		clear(refs)
		if err := d.validTable(dt, i, tabAt+4*int(off), refs); err != nil {
			return err
		}
		dt.setIdle()
	}
	return nil
}

// oneProgram is a decoded set of one program (most blobs) with its
// slices' backing arrays, in one allocation instead of five.
type oneProgram struct {
	set  Set
	prog [1]Program
	ptr  [1]*Program
	meta [1]ProgramMeta
	dfas [2]*dfa
}

// newSet allocates a set for n programs, the programs (progs), and room
// for their DFA lists, lists pointers in all (dfaLists).
func newSet(n, lists int) (s *Set, progs []Program, dfaLists []*dfa) {
	if n == 1 {
		one := new(oneProgram)
		s, progs = &one.set, one.prog[:]
		s.Programs, s.Meta = one.ptr[:0], one.meta[:0]
		if lists <= len(one.dfas) {
			return s, progs, one.dfas[:0]
		}
		return s, progs, make([]*dfa, 0, lists)
	}
	s = &Set{Programs: make([]*Program, 0, n), Meta: make([]ProgramMeta, 0, n)}
	return s, make([]Program, n), make([]*dfa, 0, lists)
}

// set checks programs, agents and records, and assembles the Set.
func (d *decoder) set() (*Set, error) {
	n, at, err := d.counted(secPrograms, 0, programSize)
	if err != nil {
		return nil, err
	}
	// Programs, their DFA lists and scan lists in shared slabs; rule
	// tables are views of the decoded rules.
	// The lists tile the index (checked below), so each slab needs fewer
	// entries than its words; the counts are read here, unchecked, only
	// to size the slabs (most blobs scan no rule: no scan slab).
	// The walks of every DFA after a program's first sit side by side
	// (see Program.seal).
	lists, scans, rest := 0, 0, 0
	for i := 0; i < n; i++ {
		o, ix := at+i*programSize, uint64(len(d.index))
		nl, ns := int(min(uint64(d.u32(o+12)), ix)), int(min(uint64(d.u32(o+20)), ix))
		lists = min(lists+nl, int(ix))
		scans = min(scans+ns, int(ix))
		rest = min(rest+max(nl-1, 0), int(ix))
	}
	s, progs, dfaLists := newSet(n, lists)
	s.RFC = binary.LittleEndian.Uint16(d.b[10:])&flagRFC != 0
	s.Restricted = binary.LittleEndian.Uint16(d.b[10:])&flagRestricted != 0
	scanLists := make([]int32, 0, scans)
	walks := make([]walk, 0, rest)
	next := uint64(0) // where the next program's lists start in the index
	for i := 0; i < n; i++ {
		o := at + i*programSize
		f := func(k int) uint64 { return uint64(d.u32(o + 4*k)) }
		r0, nr, l0, nl, s0, ns, flags, req := f(0), f(1), f(2), f(3), f(4), f(5), f(6), f(7)
		delay, per := int64(d.u64(o+32)), int64(d.u64(o+40))
		switch {
		case r0+nr > uint64(len(d.ranks)):
			return nil, errorf(ErrFormat, o, "program %d: rules [%d, %d) of %d", i, r0, r0+nr, len(d.ranks))
		case l0+nl > uint64(len(d.index)) || s0+ns > uint64(len(d.index)):
			return nil, errorf(ErrFormat, o+8, "program %d: a list runs past the %d-word index", i, len(d.index))
		case l0 != next || s0 != l0+nl:
			// The lists tile the index in program order, so that decoding
			// does work and memory in proportion to the blob (lists that
			// overlapped could name the same words for every program).
			return nil, errorf(ErrFormat, o+8, "program %d: lists at %d and %d, not at %d and after the DFA list", i, l0, s0, next)
		case flags > 1:
			return nil, errorf(ErrFormat, o+24, "program %d: unknown flags %#x", i, flags)
		case req > math.MaxInt32 || delay < -1 || per < 0 || (req == 0) != (per == 0):
			// A request-rate is requests and a period, both or neither.
			return nil, errorf(ErrFormat, o+28, "program %d: crawl-delay %d or request-rate %d/%d out of range", i, delay, req, per)
		}
		p := &progs[i]
		p.ranks = d.ranks[r0 : r0+nr : r0+nr]
		p.nulEndsPath = flags == 1
		first := len(dfaLists)
		for _, id := range d.index[l0 : l0+nl] {
			if uint64(id) >= uint64(len(d.dfas)) {
				return nil, errorf(ErrFormat, o+8, "program %d: dfa %d of %d", i, id, len(d.dfas))
			}
			dt := &d.dfas[id]
			if r := dt.maxRule; r != NoRule && uint64(r) >= nr {
				return nil, errorf(ErrFormat, d.dfasAt+int(id)*dfaSize, "dfa %d: rule %d outside program %d's %d rules", id, r, i, nr)
			}
			dfaLists = append(dfaLists, dt)
		}
		if len(dfaLists) > first {
			p.dfas = dfaLists[first:len(dfaLists):len(dfaLists)]
		}
		first = len(scanLists)
		for _, r := range d.index[s0 : s0+ns] {
			if uint64(r) >= nr || d.pats == nil || d.pats[r0+uint64(r)] == "" {
				return nil, errorf(ErrFormat, o+16, "program %d: scanned rule %d has no pattern or is out of range", i, r)
			}
			scanLists = append(scanLists, int32(r))
		}
		if len(scanLists) > first {
			p.scan = scanLists[first:len(scanLists):len(scanLists)]
			p.scanPat = make([]string, len(p.scan))
			for k, r := range p.scan {
				p.scanPat[k] = d.pats[r0+uint64(r)]
			}
		}
		next = s0 + ns
		p.seal(&walks)
		if !p.scanSorted() {
			return nil, errorf(ErrFormat, o+16, "program %d: scanned rules not sorted by literal prefix", i)
		}
		s.Programs = append(s.Programs, p)
		s.Meta = append(s.Meta, ProgramMeta{CrawlDelay: time.Duration(delay), Requests: int32(req), Per: time.Duration(per)})
	}
	if next != uint64(len(d.index)) {
		return nil, errorf(ErrFormat, d.indexAt+4*int(next), "index: %d words after the last program's lists", uint64(len(d.index))-next)
	}
	if err := d.agents(s); err != nil {
		return nil, err
	}
	return s, d.meta(s)
}

func (d *decoder) agents(s *Set) error {
	n, at, err := d.counted(secAgents, 4, agentSize)
	if err != nil {
		return err
	}
	g := d.u32(at - 8)
	if g != none32 && uint64(g) >= uint64(len(s.Programs)) {
		return errorf(ErrFormat, at-8, "global program %d of %d", g, len(s.Programs))
	}
	s.Global = int32(g)
	if n > 0 { // else nil: most files name no agent but '*'
		s.Agents = make([]Agent, 0, n)
	}
	var prevFP uint64
	prevTok := ""
	for i := 0; i < n; i++ {
		o := at + i*agentSize
		fp := d.u64(o)
		tok, err := d.str(o + 8)
		if err != nil {
			return err
		}
		prog := d.u32(o + 16)
		switch {
		case agentKey(tok) != tok:
			return errorf(ErrFormat, o+8, "agent %d: token %q is not lower-case", i, tok)
		case fingerprint(tok) != fp:
			return errorf(ErrFormat, o, "agent %d: fingerprint does not match %q", i, tok)
		case i > 0 && (fp < prevFP || fp == prevFP && tok <= prevTok):
			return errorf(ErrFormat, o, "agent %d: index not sorted or not unique", i)
		case uint64(prog) >= uint64(len(s.Programs)) && !(prog == none32 && s.Restricted):
			// A restricted set's none32 is a token compiled for that no
			// group names.
			return errorf(ErrFormat, o+16, "agent %d: program %d of %d", i, prog, len(s.Programs))
		case d.u32(o+20) != 0:
			return errorf(ErrFormat, o+20, "agent %d: padding not zero", i)
		}
		s.Agents = append(s.Agents, Agent{tok, int32(prog), fp}) // already in Lookup's order
		prevFP, prevTok = fp, tok
	}
	return nil
}

func (d *decoder) meta(s *Set) error {
	off, size := d.sec[secMeta][0], d.sec[secMeta][1]
	if size < 8 {
		return errorf(ErrFormat, off, "meta section of %d bytes", size)
	}
	ns := uint64(d.u32(off))
	if 8+ns*sitemapSize > uint64(size) {
		return errorf(ErrFormat, off, "%d sitemaps do not fit the meta section", ns)
	}
	at := off + 4
	if ns > 0 {
		s.Sitemaps = make([]Sitemap, 0, ns)
	}
	for i := 0; i < int(ns); i++ {
		u, err := d.str(at + 4)
		if err != nil {
			return err
		}
		s.Sitemaps = append(s.Sitemaps, Sitemap{URL: u, Line: int32(d.u32(at))})
		at += sitemapSize
	}
	nr := uint64(d.u32(at))
	if uint64(at+4-off)+nr*recordSize != uint64(size) {
		return errorf(ErrFormat, at, "%d records do not fill the meta section", nr)
	}
	at += 4
	if nr > 0 {
		s.Records = make([]Record, 0, nr)
	}
	for i := 0; i < int(nr); i++ {
		k, err := d.str(at + 4)
		if err != nil {
			return err
		}
		v, err := d.str(at + 12)
		if err != nil {
			return err
		}
		s.Records = append(s.Records, Record{Key: k, Value: v, Line: int32(d.u32(at))})
		at += recordSize
	}
	return nil
}
