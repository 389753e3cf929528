package compile

import (
	"bytes"
	"slices"
	"strings"
	"sync"

	"github.com/robotsdfa/robotsdfa/runtime"
)

// Parse reads a robots.txt body. It never fails: every line that can be
// read is used, and what could not be read is described in File.Lines
// (RFC 9309 section 2.3.1.5). The body is copied once; the returned File
// shares nothing with it.
//
// Parse takes time linear in min(len(body), MaxBytes) and allocates memory
// linear in the same. A caller that only compiles calls Compile, which
// leaves the line report out.
func Parse(body []byte, opts Options) *File { return parse(body, opts, false) }

// parse is Parse; with noLines it leaves File.Lines nil, built in a pooled
// buffer that it clears and gives back: the same groups, records and
// sitemaps, without the report's 64 bytes a line.
func parse(body []byte, opts Options, noLines bool) *File {
	n := opts.limit(len(body))
	data := body[:n]
	f := &File{Options: opts, Size: len(body), Read: n}
	text := string(data)
	p := parser{f: f, mode: opts.Mode, cur: -1}
	// A line per LF, and one more unless the body ends with it (a file of
	// CR line ends grows the slice as it goes).
	lines := bytes.Count(data, []byte{'\n'})
	if n == 0 || data[n-1] != '\n' {
		lines++
	}
	// A file of many lines takes no pooled buffer: it would not go back.
	var pooled *[]Line
	if noLines && lines <= maxPooledLines {
		pooled = lineBufs.Get().(*[]Line)
		f.Lines = slices.Grow((*pooled)[:0], lines)
	} else {
		f.Lines = make([]Line, 0, lines)
	}
	sc := lineScanner{data: data, pos: skipBOM(data, opts.Mode)}
	for num := int32(1); ; num++ {
		off, raw, ok := sc.next()
		if !ok {
			break
		}
		p.line(num, int32(off), text[off:off+len(raw)])
	}
	p.finish()
	if noLines {
		// What finish made holds the lines' strings, never the lines.
		if pooled != nil && cap(f.Lines) <= maxPooledLines {
			clear(f.Lines)
			*pooled = f.Lines[:0]
			lineBufs.Put(pooled)
		}
		f.Lines = nil
	}
	return f
}

// lineBufs holds the line buffers of parses without a line report.
var lineBufs = sync.Pool{New: func() any { return new([]Line) }}

// maxPooledLines bounds the buffers kept in lineBufs (64 KB each), so
// that one huge file does not pin its lines' memory (a file of CR line
// ends can outgrow its count; its buffer is then left to the collector).
const maxPooledLines = 1024

// parser holds the group state while lines are read.
type parser struct {
	f    *File
	mode Mode
	// cur is the index of the current group, -1 before the first
	// user-agent line; afterRule is set by a rule and makes the next
	// user-agent line start a new group (SEMANTICS 2.1).
	cur       int32
	afterRule bool
	// Counts of what finish will gather: the groups, their agents, rules
	// and records, and the file's records.
	groups, agents, rules, records, allRecords int
}

// finish makes the records and the groups, each group with its span of
// lines, agents, rules and records. Groups are contiguous runs of lines,
// so each group's items are a sub-slice of one exactly sized slice per
// kind, filled in one pass over the lines.
func (p *parser) finish() {
	f := p.f
	if p.groups == 0 && p.allRecords == 0 {
		return
	}
	if p.groups > 0 {
		f.Groups = make([]Group, p.groups)
	}
	if p.allRecords > 0 {
		f.Records = make([]runtime.Record, 0, p.allRecords)
	}
	agents := make([]AgentLine, 0, p.agents)
	rules := make([]runtime.Rule, 0, p.rules)
	records := make([]int, 0, p.records)
	g := int32(-1)
	var a0, r0, c0 int
	closeGroup := func() {
		if g >= 0 {
			grp := &f.Groups[g]
			grp.Agents = agents[a0:len(agents):len(agents)]
			if r0 < len(rules) {
				grp.Rules = rules[r0:len(rules):len(rules)]
			}
			if c0 < len(records) {
				grp.Records = records[c0:len(records):len(records)]
			}
		}
	}
	rec := 0
	for i := range f.Lines {
		ln := &f.Lines[i]
		if ln.Group != g && ln.Group >= 0 {
			closeGroup()
			g, a0, r0, c0 = ln.Group, len(agents), len(rules), len(records)
			f.Groups[g].FirstLine = ln.Number
		}
		if g >= 0 {
			f.Groups[g].LastLine = ln.Number
		}
		switch ln.Kind {
		case UserAgentLine:
			agents = append(agents, AgentLine{Token: ln.norm, Value: ln.Value, Global: ln.Global, Line: ln.Number})
		case AllowLine, DisallowLine:
			if ln.Group < 0 {
				continue
			}
			kind := ln.Kind.RuleKind()
			rules = append(rules, runtime.Rule{Kind: kind, Pattern: ln.norm, Priority: int32(len(ln.norm)), Line: ln.Number})
			if kind == runtime.Allow && p.mode == Google {
				if implied, ok := impliedIndexPattern(ln.norm); ok {
					rules = append(rules, runtime.Rule{Kind: runtime.Allow, Pattern: implied, Priority: int32(len(implied)),
						Line: ln.Number, Implied: true})
				}
			}
		case OtherLine:
			f.Records = append(f.Records, runtime.Record{Key: ln.norm, Value: ln.Value, Line: ln.Number})
			if ln.Group >= 0 {
				records = append(records, rec)
			}
			rec++
		}
	}
	closeGroup()
}

func (p *parser) line(num, off int32, content string) {
	f := p.f
	f.Lines = append(f.Lines, Line{Number: num, Offset: off, Group: p.cur})
	ln := &f.Lines[len(f.Lines)-1]
	p.split(ln, content)
	switch ln.Kind {
	case UserAgentLine:
		p.userAgent(ln)
	case AllowLine, DisallowLine:
		p.rule(ln)
	case SitemapLine:
		f.Sitemaps = append(f.Sitemaps, runtime.Sitemap{URL: ln.Value, Line: num})
	case OtherLine:
		p.record(ln)
	}
}

// split fills in a line's kind, key, value and flags (SEMANTICS 1.4–1.7).
func (p *parser) split(ln *Line, content string) {
	if p.mode == Google {
		if len(content) > GoogleMaxLineBytes {
			content = content[:GoogleMaxLineBytes]
			ln.Flags |= FlagCut
		}
		if i := strings.IndexByte(content, 0); i >= 0 {
			content = content[:i]
			ln.Flags |= FlagNUL
		}
	}
	comment := false
	if i := strings.IndexByte(content, '#'); i >= 0 {
		content, comment = content[:i], true
	}
	content = trimSpace(content)
	if content == "" {
		if comment {
			ln.Kind = CommentLine
		}
		return
	}
	if comment {
		ln.Flags |= FlagTrailingComment
	}
	sep := strings.IndexByte(content, ':')
	if sep < 0 && p.mode == Google {
		// Google accepts whitespace for the colon when the line is exactly
		// two words ("Disallow /x").
		if ws := strings.IndexAny(content, " \t"); ws >= 0 {
			if !strings.ContainsAny(strings.TrimLeft(content[ws:], " \t"), " \t") {
				sep = ws
				ln.Flags |= FlagMissingColon
			}
		}
	}
	if sep < 0 {
		ln.Kind = InvalidLine
		return
	}
	key := trimSpace(content[:sep])
	if key == "" {
		ln.Kind = InvalidLine
		return
	}
	ln.Key, ln.Value = key, trimSpace(content[sep+1:])
	kind, variant := classifyKey(key, p.mode)
	ln.Kind = kind
	if variant {
		ln.Flags |= FlagKeyVariant
	}
	if kind == OtherLine && p.mode == RFC9309 {
		if gk, _ := classifyKey(key, Google); gk != OtherLine {
			ln.Flags |= FlagGoogleKey
		}
	}
}

func (p *parser) userAgent(ln *Line) {
	if p.cur < 0 || p.afterRule {
		p.cur = int32(p.groups) // finish makes the group
		p.groups++
		p.afterRule = false
		ln.Group = p.cur
	}
	ln.Global = isGlobalAgent(ln.Value)
	if ln.Global {
		ln.norm = "*"
	} else {
		ln.norm = ProductToken(ln.Value, p.mode)
	}
	p.agents++
}

func (p *parser) rule(ln *Line) {
	pattern := NormalizePattern(ln.Value, p.mode)
	ln.norm = pattern
	if pattern != "" && pattern[0] != '/' && pattern[0] != '*' {
		ln.Flags |= FlagNeverMatches
	}
	if p.cur < 0 {
		ln.Flags |= FlagOutsideGroup
		return
	}
	p.afterRule = true
	p.rules++
	if ln.Kind == AllowLine && p.mode == Google {
		p.rules++ // room for an implied index.htm rule
	}
}

func (p *parser) record(ln *Line) {
	key, known := recordKey(ln.Key)
	if !known {
		ln.Flags |= FlagUnsupported
	} else if !checkRecordValue(key, ln.Value) {
		ln.Flags |= FlagBadValue
	}
	ln.norm = key // for finish, which makes the records
	p.allRecords++
	if p.cur >= 0 {
		p.records++
	}
}

// trimSpace removes ASCII space characters (space, tab, LF, VT, FF, CR)
// from both ends, as Google's reference does.
func trimSpace(s string) string {
	i, j := 0, len(s)
	for i < j && isSpace(s[i]) {
		i++
	}
	for j > i && isSpace(s[j-1]) {
		j--
	}
	return s[i:j]
}
