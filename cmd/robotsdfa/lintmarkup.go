package main

import (
	"strings"

	"github.com/robotsdfa/robotsdfa/compile"
)

// HTML in a robots.txt: a server that answers /robots.txt with a page (an
// error page, a CMS's template, a PHP file sent as it is), or a file that
// begins with an HTML comment. No robots.txt line begins with '<', so the
// parser ignores such lines as unknown records or lines without a colon;
// lint says what they are, and names the line that markup hides: in the
// corpus, "<!-- ... -->User-agent: *" cost a file its only group.

// lintPage reports a file that begins with markup and whose lines are
// mostly not robots.txt lines (markup, lines without a key and value,
// unknown records): a page, or a program's source, in the robots.txt's
// place.
func lintPage(body []byte, f *compile.File, add func(int32, string, string, string, ...any)) {
	first, other, text := true, 0, 0
	for i := range f.Lines {
		ln := &f.Lines[i]
		if ln.Kind == compile.EmptyLine || ln.Kind == compile.CommentLine {
			continue
		}
		text++
		_, _, markup := markupAt(lineText(body, f, i))
		if first && !markup {
			return
		}
		first = false
		if markup || ln.Kind == compile.InvalidLine || ln.Flags&compile.FlagUnsupported != 0 {
			other++
		}
	}
	if other >= minPageLines && 2*other >= text {
		add(1, "warning", "html-page", "the file begins with HTML markup and %d of its %d lines with text are not robots.txt lines: a web page (or a program's source) served as robots.txt? Crawlers read it as a robots.txt all the same", other, text)
	}
}

// minPageLines is the fewest lines that are not robots.txt lines lint
// calls a file a page for.
const minPageLines = 3

// markupAt reads a line that begins with HTML or PHP markup ("<p>",
// "</div>", "<!-- -->", "<!DOCTYPE", "<?php"): the markup it begins with
// and what follows it on the line.
func markupAt(text string) (tags, rest string, ok bool) {
	t := strings.TrimLeft(text, " \t\ufeff")
	rest = t
	for isTagStart(rest) {
		end := strings.IndexByte(rest, '>')
		if end < 0 {
			rest = "" // the tag goes on past the line
			break
		}
		rest = strings.TrimLeft(rest[end+1:], " \t")
	}
	if len(rest) == len(t) {
		return "", "", false
	}
	return strings.TrimRight(t[:len(t)-len(rest)], " \t"), strings.TrimRight(rest, " \t"), true
}

// isTagStart reports whether s begins with '<' and what a tag, a comment,
// a declaration or a processing instruction has next.
func isTagStart(s string) bool {
	if len(s) < 2 || s[0] != '<' {
		return false
	}
	c := s[1] | 0x20
	return 'a' <= c && c <= 'z' || s[1] == '/' || s[1] == '!' || s[1] == '?'
}

// lineText is a line's bytes as the file has them, without its end.
func lineText(body []byte, f *compile.File, i int) string {
	end := min(len(body), f.Read)
	if i+1 < len(f.Lines) {
		end = int(f.Lines[i+1].Offset)
	}
	start := int(min(f.Lines[i].Offset, int32(end)))
	return strings.TrimRight(string(body[start:end]), "\r\n")
}

// lintMarkup reports the line at i if it begins with markup, and reports
// whether it does; a line whose markup hides a robots.txt line says which.
func lintMarkup(body []byte, f *compile.File, i int, opts compile.Options, add func(int32, string, string, string, ...any)) bool {
	n := f.Lines[i].Number
	tags, rest, ok := markupAt(lineText(body, f, i))
	if !ok {
		return false
	}
	if kind, ok := hiddenLine(rest, opts); ok {
		add(n, "warning", "markup-hides", "HTML markup %q before %q: crawlers ignore the line; without the markup it is a %s line", tags, rest, kind)
		return true
	}
	add(n, "warning", "markup", "HTML markup, not a robots.txt line; ignored")
	return true
}

// hiddenLine reads what follows something that makes crawlers ignore a
// line (markup, a twice-encoded byte-order mark) as a file of its own,
// and names the robots.txt line it would be: a user-agent line, a rule,
// a sitemap or a record some crawler reads. (The start of a byte-order
// mark alone, "\xef", is no line at all.)
func hiddenLine(rest string, opts compile.Options) (kind string, ok bool) {
	ls := compile.Parse([]byte(rest), opts).Lines
	if len(ls) == 0 {
		return "", false
	}
	switch h := ls[0]; {
	case h.Kind == compile.OtherLine && h.Flags&compile.FlagUnsupported == 0:
		return strings.ToLower(h.Key), true
	case h.Kind == compile.UserAgentLine, h.Kind.IsRule(), h.Kind == compile.SitemapLine:
		return h.Kind.String(), true
	}
	return "", false
}
