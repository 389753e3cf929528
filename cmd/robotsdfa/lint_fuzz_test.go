package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
)

// FuzzLint: lint reads untrusted robots.txt files, and reads their lines
// itself for markup (lintmarkup.go): on any bytes, in both modes and cut
// at any -max-bytes, it neither panics nor names a line the file does
// not have, and a line's markup and what follows it are the line's own
// bytes.
func FuzzLint(f *testing.F) {
	for _, name := range []string{"en.wikipedia.org__protego2019.txt", "www.google.com.txt"} {
		if b, err := os.ReadFile(filepath.Join(sampleRobots, name)); err == nil {
			f.Add(b, uint16(0))
		}
	}
	f.Add([]byte("<!-- x -->User-agent: *\r\n<p>Disallow: /a</p>\n<br />\n\xef\xbb\xbf<html>\nAllow: /"), uint16(30))
	f.Add([]byte("<style>\nbody: red\nmargin: 0\npadding: 0\n<p>crawl-delay: 5"), uint16(0))
	f.Add([]byte("\xc3\xaf\xc2\xbb\xc2\xbfUser-agent: *\ndisallow:\n/a # b\nhttps://example.com/sitemap.xml\ndisallow: www.example.com/x\n"), uint16(0))
	f.Add([]byte("\xff\xfeU\x00:\x00\n\x00/\x00"), uint16(5))
	f.Add([]byte("User-agent: *\nNoIndex: /a\nnofollow /b\nDisallow: /c\n"), uint16(0))
	f.Add([]byte("User-agent: MJ12bot\nuser-agent: 360Spider/2\nUser-agent: \xd0\xaf\xff\nDisallow: /"), uint16(0))
	f.Add([]byte("User-agent: a\n\u200dUser-agent: b\nDisallop: /\nUser_agent: c\nUser-agent: d\nImage Sitemap: x\ner-agent"), uint16(0))
	f.Add([]byte("User-agent: *\nDisallow https://a/b\nsitemap\thttp://a/s\nAllow  http://\nuseragent http://x"), uint16(0))
	f.Add([]byte("# User-agent: *\n#\n#usEr\nDisallow: /a\n##useragent x\nAllow: /b"), uint16(40))
	f.Fuzz(func(t *testing.T, body []byte, maxBytes uint16) {
		for _, mode := range []compile.Mode{compile.Google, compile.RFC9309} {
			opts := compile.Options{Mode: mode, MaxBytes: int(maxBytes)}
			r := lintFile("robots.txt", body, opts)
			for _, d := range r.Diagnostics {
				if d.Line < 1 || int(d.Line) > max(r.Lines, 1) {
					t.Fatalf("%s: line %d of %d: %s", mode, d.Line, r.Lines, d.Message)
				}
			}
			p := compile.Parse(body, opts)
			for i := range p.Lines {
				text := lineText(body, p, i)
				if tags, rest, ok := markupAt(text); ok && (!strings.Contains(text, tags) || !strings.Contains(text, rest) || tags == "") {
					t.Fatalf("line %d %q: markup %q, then %q", i+1, text, tags, rest)
				}
			}
			// explain's rules meant for a path read the same lines.
			var meant bytes.Buffer
			explainMeant(&meant, p, p.Rules(p.SelectChain()), []byte("/a"))
			if s := meant.String(); s != "" && !strings.HasPrefix(s, "rules meant to match, which never do as written:\n  line ") {
				t.Fatalf("rules meant for /a, listed without their header: %q", s)
			}
		}
	})
}
