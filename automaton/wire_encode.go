package automaton

import (
	"encoding/binary"
	"math"
	"slices"
	"sync"
	"unsafe"

	farm "github.com/dgryski/go-farm"
)

// encoder gathers the sections of one blob.
type encoder struct {
	sec    [numSections + 1][]byte
	strs   smallMap[string, uint32]
	dfaID  smallMap[*dfa, uint32]
	nDFA   uint32
	nTable uint32     // words in the tables section
	tabs   [][]uint32 // its tables, in order, written straight into the blob
	nIndex uint32
	dfas   []byte
	index  []byte
	// Scratch, kept with the encoder between calls.
	agents  []Agent
	ids     []uint32
	scanned []bool
	entries []byte // the section table
}

// encoders keeps encoders, their maps and section buffers, from one
// AppendBinary to the next: the blob is the only allocation a call
// needs once the pool is warm (a compile's serialisation made 15 of the
// median file's 57 allocations).
var encoders = sync.Pool{New: func() any { return new(encoder) }}

// bigBuf is the largest buffer an encoder keeps for the next set: a
// crawler that once serialised a huge file does not hold its sections'
// worth of memory for the small ones after it.
const bigBuf = 64 << 10

// keep empties b for reuse, or drops it when it is big.
func keep[T any](b []T) []T {
	if cap(b)*int(unsafe.Sizeof(*new(T))) > bigBuf {
		return nil
	}
	return b[:0]
}

// reset empties e for the next set, dropping its references to the last.
func (e *encoder) reset() {
	for i := range e.sec {
		e.sec[i] = keep(e.sec[i])
	}
	e.strs.reset()
	e.dfaID.reset()
	clear(e.tabs)
	clear(e.agents)
	e.nDFA, e.nTable, e.nIndex = 0, 0, 0
	e.tabs, e.agents, e.ids, e.scanned = keep(e.tabs), keep(e.agents), keep(e.ids), keep(e.scanned)
	e.dfas, e.index, e.entries = keep(e.dfas), keep(e.index), keep(e.entries)
}

func le32(b []byte, v uint32) []byte { return binary.LittleEndian.AppendUint32(b, v) }
func le64(b []byte, v uint64) []byte { return binary.LittleEndian.AppendUint64(b, v) }

// str interns s in the strings section and returns its offset.
func (e *encoder) str(s string) (off, n uint32) {
	if o, ok := e.strs.find(s); ok {
		return o, uint32(len(s))
	}
	o := uint32(len(e.sec[secStrings]))
	e.sec[secStrings] = append(e.sec[secStrings], s...)
	e.strs.add(s, o)
	return o, uint32(len(s))
}

// appendWords appends v to a word section and returns the index of its
// first word.
func appendWords(sec *[]byte, count *uint32, v []uint32) uint32 {
	at := *count
	for _, w := range v {
		*sec = le32(*sec, w)
	}
	*count += uint32(len(v))
	return at
}

// table records a DFA's table for the tables section and returns the
// index of its first word.
func (e *encoder) table(t []uint32) uint32 {
	at := e.nTable
	e.tabs = append(e.tabs, t)
	e.nTable += uint32(len(t))
	return at
}

// appendTables appends the tables section: its count, then the tables,
// copied whole on a little-endian machine.
func (e *encoder) appendTables(dst []byte) []byte {
	dst = le32(dst, e.nTable)
	for _, t := range e.tabs {
		if littleEndian && len(t) > 0 {
			dst = append(dst, unsafe.Slice((*byte)(unsafe.Pointer(&t[0])), 4*len(t))...)
			continue
		}
		for _, w := range t {
			dst = le32(dst, w)
		}
	}
	return dst
}

// size is the length of section id.
func (e *encoder) size(id int) int {
	if id == secTables {
		return 4 + 4*int(e.nTable)
	}
	return len(e.sec[id])
}

func (e *encoder) list(v []uint32) uint32 { return appendWords(&e.index, &e.nIndex, v) }

// rules32 appends v as words to dst.
func rules32(dst []uint32, v []int32) []uint32 {
	for _, r := range v {
		dst = append(dst, uint32(r))
	}
	return dst
}

// dfa writes d once (shared DFAs are written once) and returns its id.
func (e *encoder) dfa(d *dfa) uint32 {
	if id, ok := e.dfaID.find(d); ok {
		return id
	}
	for _, v := range []uint32{
		uint32(d.NumClasses), uint32(d.NumDecided), uint32(d.NumOutputs), uint32(d.NumLive),
		d.start, e.table(d.t), uint32(len(d.t)),
	} {
		e.dfas = le32(e.dfas, v)
	}
	id := e.nDFA
	e.dfaID.add(d, id)
	e.nDFA++
	return id
}

// AppendBinary appends the blob of s to dst. The same set always gives the
// same bytes. It allocates at most once, to grow dst (not at all when dst
// has room for the blob), and is safe for concurrent use: its scratch is
// pooled.
func (s *Set) AppendBinary(dst []byte) ([]byte, error) {
	e := encoders.Get().(*encoder) // empty: reset before it was put back
	defer func() {
		// Drop the references to s (its tables, strings and DFAs) now,
		// not when the encoder is next taken.
		e.reset()
		encoders.Put(e)
	}()
	// Size the big sections once: each starts with its 4-byte count,
	// written at the end. The tables go straight into the blob.
	// DFAs are shared between programs (and a decoded set may list one
	// many times, so the DFA count is an upper bound).
	nDFA, lists := 0, 0
	for _, p := range s.Programs {
		lists += len(p.dfas) + len(p.scan)
		nDFA += len(p.dfas)
	}
	e.tabs = slices.Grow(e.tabs, nDFA)
	e.dfas = append(slices.Grow(e.dfas, 4+dfaSize*nDFA), 0, 0, 0, 0)
	e.index = append(slices.Grow(e.index, 4+4*lists), 0, 0, 0, 0)

	// Agents, sorted by fingerprint then token (computed here, not taken
	// from s: a hand-built set's may be missing).
	agents := append(e.agents, s.Agents...) // a copy: s is not changed
	sortAgents(agents)
	e.agents = agents
	for i, a := range agents {
		if i > 0 && a.Token == agents[i-1].Token {
			return dst, errorf(ErrFormat, 0, "product token %q listed twice", a.Token)
		}
		if a.Program == NoRule && !s.Restricted {
			return dst, errorf(ErrFormat, 0, "product token %q has no program in a set that is not Restricted", a.Token)
		}
	}
	ag := le32(le32(slices.Grow(e.sec[secAgents], 8+agentSize*len(agents)), uint32(s.Global)), uint32(len(agents)))
	for _, a := range agents {
		off, n := e.str(a.Token)
		ag = le64(ag, a.fp)
		ag = le32(le32(le32(le32(ag, off), n), uint32(a.Program)), 0)
	}
	e.sec[secAgents] = ag

	// Programs, their rules, DFA lists and scan lists.
	nr := 0
	for _, p := range s.Programs {
		nr += len(p.ranks)
	}
	pr := le32(slices.Grow(e.sec[secPrograms], 4+programSize*len(s.Programs)), uint32(len(s.Programs)))
	rules := append(slices.Grow(e.sec[secRules], 4+ruleSize*nr), 0, 0, 0, 0)
	nRules := uint32(0)
	for i, p := range s.Programs {
		// This program's DFA ids, then its scan list, in one scratch.
		ids := e.ids[:0]
		for _, d := range p.dfas {
			ids = append(ids, e.dfa(d))
		}
		ids = rules32(ids, p.scan)
		e.ids = ids
		dfas, scan := ids[:len(p.dfas)], ids[len(p.dfas):]
		scanned := append(e.scanned[:0], make([]bool, len(p.ranks))...)
		e.scanned = scanned
		for _, r := range p.scan {
			scanned[r] = true
		}
		flags := uint32(0)
		if p.nulEndsPath {
			flags = 1
		}
		meta := ProgramMeta{CrawlDelay: -1}
		if i < len(s.Meta) {
			meta = s.Meta[i]
		}
		for _, v := range []uint32{nRules, uint32(len(p.ranks)), e.list(dfas), uint32(len(dfas)),
			e.list(scan), uint32(len(scan)), flags, uint32(meta.Requests)} {
			pr = le32(pr, v)
		}
		pr = le64(le64(pr, uint64(meta.CrawlDelay)), uint64(meta.Per))
		for j := range p.ranks {
			r := &p.ranks[j]
			var off, n uint32
			if scanned[j] {
				off, n = e.str(p.rule(j).Pattern)
			}
			rules = append(rules, byte(r.Kind), 0, 0, 0)
			rules = le32(le32(le32(le32(rules, uint32(r.Priority)), uint32(r.Line)), off), n)
		}
		nRules += uint32(len(p.ranks))
	}
	e.sec[secPrograms] = pr
	binary.LittleEndian.PutUint32(rules, nRules)
	e.sec[secRules] = rules
	binary.LittleEndian.PutUint32(e.index, e.nIndex)
	binary.LittleEndian.PutUint32(e.dfas, e.nDFA)
	e.sec[secIndex], e.sec[secDFAs] = e.index, e.dfas

	// Sitemaps and other records.
	m := le32(slices.Grow(e.sec[secMeta], 8+sitemapSize*len(s.Sitemaps)+recordSize*len(s.Records)), uint32(len(s.Sitemaps)))
	for _, sm := range s.Sitemaps {
		off, n := e.str(sm.URL)
		m = le32(le32(le32(m, uint32(sm.Line)), off), n)
	}
	m = le32(m, uint32(len(s.Records)))
	for _, r := range s.Records {
		ko, kn := e.str(r.Key)
		vo, vn := e.str(r.Value)
		m = le32(le32(le32(le32(le32(m, uint32(r.Line)), ko), kn), vo), vn)
	}
	e.sec[secMeta] = m

	// Header, section table, sections (4-byte aligned), trailer.
	start := len(dst)
	flags := uint16(0)
	if s.RFC {
		flags |= flagRFC
	}
	if s.Restricted {
		flags |= flagRestricted
	}
	off := headerSize + entrySize*numSections
	table := e.entries
	for id := 1; id <= numSections; id++ {
		table = le32(le32(le32(table, uint32(id)), uint32(off)), uint32(e.size(id)))
		off += align4(e.size(id))
	}
	e.entries = table
	total := off + 8
	if uint64(total) > math.MaxUint32 {
		return dst, errorf(ErrFormat, 0, "set too large for a blob (%d bytes)", total)
	}
	dst = slices.Grow(dst, total)
	dst = append(dst, Magic...)
	dst = binary.LittleEndian.AppendUint16(dst, Version)
	dst = binary.LittleEndian.AppendUint16(dst, flags)
	dst = le32(dst, 0)
	dst = le32(dst, uint32(total))
	dst = le32(dst, numSections)
	dst = append(dst, table...)
	for id := 1; id <= numSections; id++ {
		if id == secTables {
			dst = e.appendTables(dst)
		} else {
			dst = append(dst, e.sec[id]...)
		}
		for (len(dst)-start)%4 != 0 {
			dst = append(dst, 0)
		}
	}
	return le64(dst, farm.Fingerprint64(dst[start:])), nil
}

func align4(n int) int { return (n + 3) &^ 3 }
