package main

import (
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/stretchr/testify/require"
)

// TestMarkupAt: the markup a line begins with, and what follows it.
func TestMarkupAt(t *testing.T) {
	for _, c := range []struct{ text, tags, rest string }{
		{"<!-23-10-jsc-->User-agent: *", "<!-23-10-jsc-->", "User-agent: *"},
		{"  <p><b>Disallow: /a</b> ", "<p><b>", "Disallow: /a</b>"},
		{"\ufeff<!DOCTYPE html>", "<!DOCTYPE html>", ""},
		{"<?php", "<?php", ""},
		{"<HTML>", "<HTML>", ""},
		{"<p> <b>Disallow: /a", "<p> <b>", "Disallow: /a"},
		{"</pre>", "</pre>", ""},
		{"<div style=\"display: none;\" title=\"perm\"><a href=\"https://x/\">slot</a>", "<div style=\"display: none;\" title=\"perm\"><a href=\"https://x/\">", "slot</a>"},
		{"<!-- a comment that goes on", "<!-- a comment that goes on", ""},
	} {
		tags, rest, ok := markupAt(c.text)
		require.True(t, ok, c.text)
		require.Equal(t, c.tags, tags, c.text)
		require.Equal(t, c.rest, rest, c.text)
	}
	for _, text := range []string{"", "<", "< b>", "<3 robots", "<=", "User-agent: <b>*</b>", "Disallow: /<p>", "# <html>"} {
		_, _, ok := markupAt(text)
		require.False(t, ok, text)
	}
}

// TestLintMarkup: google, rfc. A line that begins with HTML markup is no
// robots.txt line (its key begins with '<'): lint says so, rather than
// "unknown record" or "no colon", names the line markup hides, and calls
// a file that begins with markup and is mostly not robots.txt lines a
// page served in the robots.txt's place.
func TestLintMarkup(t *testing.T) {
	codes := func(body string, mode compile.Mode) map[int32][]string {
		r := lintFile("robots.txt", []byte(body), compile.Options{Mode: mode})
		got := map[int32][]string{}
		for _, d := range r.Diagnostics {
			if d.Severity == "warning" {
				got[d.Line] = append(got[d.Line], d.Code)
			}
		}
		return got
	}
	for _, mode := range []compile.Mode{compile.Google, compile.RFC9309} {
		// A comment glued to the only user-agent line: the file has no
		// group, and the rules belong to none.
		got := codes("<!-- generated 2023-10 -->User-agent: *\nDisallow: /private\n", mode)
		require.Equal(t, map[int32][]string{1: {"markup-hides", "no-groups"}, 2: {"outside-group"}}, got, mode)
		r := lintFile("robots.txt", []byte("<p>crawl-delay: 5\n"), compile.Options{Mode: mode})
		require.Equal(t, `HTML markup "<p>" before "crawl-delay: 5": crawlers ignore the line; without the markup it is a crawl-delay line`, r.Diagnostics[0].Message)

		// An error page.
		got = codes("<html>\n<head><title>404 Not Found</title></head>\n<body>\n<h1>Not Found</h1>\n"+
			"The page was not found\nUser-agent: *\nDisallow: /x\n</body>\n</html>\n", mode)
		require.Equal(t, []string{"html-page", "markup"}, got[1], mode)
		require.Equal(t, []string{"invalid"}, got[5], mode)
		require.Equal(t, []string{"markup"}, got[9], mode)
		require.Len(t, got, 7, mode)

		// Rules in <pre>: lines of markup, but the file is a robots.txt,
		// and so is one whose markup comes after its first line.
		require.Equal(t, map[int32][]string{1: {"markup"}, 4: {"markup"}}, codes("<pre>\nUser-agent: *\nAllow: /\n</pre>\n", mode), mode)
		require.NotContains(t, codes("# rules\nUser-agent: *\n<br>\n<br>\n<br>\n", mode)[1], "html-page", mode)
		require.Equal(t, map[int32][]string{1: {"markup"}, 2: {"markup"}, 3: {"markup"}},
			codes("<pre>\n<!-- rules -->\n<br />\nUser-agent: *\nDisallow: /a\nDisallow: /b\nDisallow: /c\nDisallow: /d\n", mode), mode)
		// A style sheet: its lines are records no crawler reads.
		require.Equal(t, []string{"html-page", "markup"}, codes("<style>\nbody: red\nmargin: 0\npadding: 0\nUser-agent: *\n", mode)[1], mode)
		// Of a file cut by -max-bytes, what was read.
		r = lintFile("robots.txt", []byte("User-agent: *\n<p>Disallow: /a\n"), compile.Options{Mode: mode, MaxBytes: len("User-agent: *\n<p")})
		var line2 []string
		for _, d := range r.Diagnostics {
			if d.Line == 2 {
				line2 = append(line2, d.Code)
			}
		}
		require.Equal(t, []string{"markup", "truncated"}, line2, mode)
		// What follows markup must be a record crawlers read.
		require.Equal(t, map[int32][]string{1: {"markup", "no-groups"}}, codes("<p>foo: bar\n", mode), mode)
	}
}
