package main

import (
	"fmt"
	"strings"

	"github.com/robotsdfa/robotsdfa/compile"
)

// Lines that hold a value with no key before it: a URL, or a path. Their
// authors meant a sitemap or a rule; crawlers read neither.

// bareURL is the URL a line holds alone, with no key before it, as 68
// lines in 23 of the corpus's files do, most of them sitemaps
// ("https://example.com/sitemap.xml"): a parser reads the scheme as the
// line's key and ignores the line.
func bareURL(key, value string) (string, bool) {
	if !strings.EqualFold(key, "http") && !strings.EqualFold(key, "https") || !strings.HasPrefix(value, "//") {
		return "", false
	}
	return key + ":" + value, true
}

// bareURLProblem says what a crawler makes of a URL alone on a line.
func bareURLProblem(u string) string {
	hint := "give it a key, such as Sitemap: or Disallow: with its path"
	if strings.Contains(strings.ToLower(u), "sitemap") {
		hint = "write Sitemap: " + u + " for crawlers to find the sitemap"
	}
	return fmt.Sprintf("%q alone on a line is not a record: crawlers ignore it (%s)", u, hint)
}

// lintBarePath reports the line at i if it is a path alone, as in
// "Disallow:" followed by a list of paths, one a line (8 lines in 5 of the
// corpus's files): a rule needs its key, and crawlers ignore the line. A
// path may hold a colon (MediaWiki's "/wiki/Special:Search"), which makes
// the line an unknown record; without one it is no "key: value" line.
// "/**" opens a comment of code served as a robots.txt. It reports
// whether it did.
func lintBarePath(body []byte, f *compile.File, i int, add func(int32, string, string, string, ...any)) bool {
	ln := &f.Lines[i]
	text, _, _ := strings.Cut(lineText(body, f, i), "#")
	path := strings.Trim(text, " \t")
	if !strings.HasPrefix(path, "/") || strings.HasPrefix(path, "/**") || strings.ContainsAny(path, " \t") {
		return false
	}
	add(ln.Number, "warning", "bare-path", "%q alone on a line is not a rule: crawlers ignore it (each rule needs its key: write Disallow: %[1]s, or Allow: %[1]s)", path)
	return true
}
