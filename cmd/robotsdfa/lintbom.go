package main

import (
	"strings"

	"github.com/robotsdfa/robotsdfa/compile"
)

// bomTwice is a UTF-8 byte-order mark read as Latin-1 (or Windows-1252)
// and saved as UTF-8 again: "ï»¿". A crawler skips a byte-order mark at
// the start of a file, not this: the line it begins is read with "ï»¿"
// in its key, and ignored. 96 of the corpus's files begin so, 70 of them
// on their first user-agent line (their first group's rules are then
// read as rules outside any group).
const bomTwice = "\xc3\xaf\xc2\xbb\xc2\xbf"

// markedKey is the key of f's first line after a twice-encoded mark
// (bomTwice): what crawlers would read there without it. It is "" when
// the line begins with no such mark, or no key follows it.
func markedKey(f *compile.File) string {
	if len(f.Lines) == 0 {
		return ""
	}
	if k, ok := strings.CutPrefix(f.Lines[0].Key, bomTwice); ok {
		return k
	}
	return ""
}

// lintBOMTwice reports the line at i if it begins with bomTwice: a
// warning when it hides a robots.txt line, a note otherwise. It reports
// whether that says all there is to say of the line (it hides a
// robots.txt line, or nothing but a comment).
func lintBOMTwice(body []byte, f *compile.File, i int, opts compile.Options, add func(int32, string, string, string, ...any)) bool {
	n := f.Lines[i].Number
	rest, ok := strings.CutPrefix(lineText(body, f, i), bomTwice)
	if !ok {
		return false
	}
	const what = "a byte-order mark encoded twice (bytes C3 AF C2 BB C2 BF: a UTF-8 file read as Latin-1 and saved again), which crawlers do not skip"
	const fix = "save the file as UTF-8 without a byte-order mark"
	if kind, ok := hiddenLine(rest, opts); ok {
		add(n, "warning", "bom-twice", "%q before %q: %s; they ignore the line, which without it is a %s line (%s)", bomTwice, strings.TrimRight(rest, " \t"), what, kind, fix)
		return true
	}
	if ls := compile.Parse([]byte(rest), opts).Lines; len(ls) == 0 || ls[0].Kind == compile.EmptyLine || ls[0].Kind == compile.CommentLine {
		add(n, "note", "bom-twice", "%q at the start of the line: %s; harmless here, with no robots.txt line after it (%s)", bomTwice, what, fix)
		return true
	}
	// A line crawlers would ignore all the same: what is wrong with it is
	// reported as well.
	add(n, "note", "bom-twice", "%q at the start of the line: %s (%s)", bomTwice, what, fix)
	return false
}

// utf16Order is the byte order of a file that begins with a UTF-16
// byte-order mark ("little-endian" for FF FE, "big-endian" for FE FF), or
// "". Such a file was saved as UTF-16 (Notepad's "Unicode"), and crawlers
// read it as UTF-8 (RFC 9309 section 2.3): each ASCII character is two
// bytes, one of them NUL, and no line is read as what it says.
func utf16Order(body []byte) string {
	switch {
	case len(body) >= 2 && body[0] == 0xff && body[1] == 0xfe:
		return "little-endian"
	case len(body) >= 2 && body[0] == 0xfe && body[1] == 0xff:
		return "big-endian"
	}
	return ""
}
