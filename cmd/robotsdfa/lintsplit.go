package main

import (
	"fmt"
	"strings"

	"github.com/robotsdfa/robotsdfa/compile"
)

// A rule or a sitemap written with a space where its colon belongs, and a
// URL after it ("Disallow https://example.com/private": 59 lines of one
// of the corpus's files; "sitemap http://...": 2 of another). The URL's
// own colon ends the key: Google reads "Disallow https" as disallow and
// the pattern "//example.com/private", which only a path that begins with
// "//" matches; RFC 9309 reads no such key and ignores the line.

// splitURLProblem says what becomes of such a line, or "" if it is none.
// asGoogle is what Google reads the line as (in RFC mode, the line of
// Google's parse).
func splitURLProblem(ln *compile.Line, asGoogle compile.LineKind) string {
	first, u, ok := splitURL(ln)
	if !ok {
		return ""
	}
	var read, fix string
	switch {
	case asGoogle.IsRule():
		path, _ := urlPath(u)
		read = fmt.Sprintf("the pattern %q, which only a path that begins with \"//\" matches", ln.Value)
		fix = fmt.Sprintf("write %s: %s, its path", first, path)
	case asGoogle == compile.SitemapLine:
		read = fmt.Sprintf("the sitemap %q, not a full URL", ln.Value)
		fix = "write Sitemap: " + u
	default:
		return ""
	}
	return fmt.Sprintf("%q is cut at the URL's colon: Google reads the key %q as %s, with %s; RFC 9309 ignores the line (%s)", ln.Key+":"+ln.Value, ln.Key, asGoogle, read, fix)
}

// splitURL is the first word of such a line's key and the URL after it.
func splitURL(ln *compile.Line) (first, u string, ok bool) {
	first, scheme, ok := strings.Cut(ln.Key, " ")
	if !ok {
		first, scheme, ok = strings.Cut(ln.Key, "\t")
	}
	scheme = strings.TrimLeft(scheme, " \t")
	if !ok || !strings.HasPrefix(ln.Value, "//") || !strings.EqualFold(scheme, "http") && !strings.EqualFold(scheme, "https") {
		return "", "", false
	}
	return first, scheme + ":" + ln.Value, true
}
