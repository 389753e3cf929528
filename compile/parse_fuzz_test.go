package compile

import (
	"testing"
)

// FuzzParse: both. Parse never panics, in either mode, for any body and
// size limit; every line is accounted for in order; groups, records and
// sitemaps point at lines of the right kind; compiling the result never
// panics either; and a parse that keeps no lines (Options.NoLines) reads
// the same file and compiles to the same blob.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"User-agent: *\nDisallow: /a\nAllow: /a/b$\n",
		"user-agent: a\nuser-agent: b\ndisallow /x\ncrawl-delay: 5\nsitemap: https://x/s.xml\n",
		"\xef\xbb\xbfUser-Agent: Googlebot\r\nDisallow: /*.pdf$\r\n",
		"disallow: /x\nuser-agent: *\x00junk\nallow: /%7e/%E2%82%AC",
		"User-agent: *\rDisallow: /cr-only\r",
		"dissallow: /typo\nuseragent x\n#comment\n\n",
	} {
		f.Add([]byte(s), int16(0))
	}
	f.Fuzz(func(t *testing.T, body []byte, limit int16) {
		for _, mode := range []Mode{Google, RFC9309} {
			opts := Options{Mode: mode, MaxBytes: int(limit)}
			file := Parse(body, opts)
			for i := range file.Lines {
				ln := &file.Lines[i]
				if ln.Number != int32(i+1) {
					t.Fatalf("line %d numbered %d", i+1, ln.Number)
				}
				if i > 0 && ln.Offset <= file.Lines[i-1].Offset {
					t.Fatalf("line %d at offset %d, not after line %d's %d", i+1, ln.Offset, i, file.Lines[i-1].Offset)
				}
				if int(ln.Offset) > file.Read {
					t.Fatalf("line %d at offset %d past the %d bytes read", i+1, ln.Offset, file.Read)
				}
			}
			if file.Read > len(body) || file.Size != len(body) {
				t.Fatalf("read %d, size %d of %d bytes", file.Read, file.Size, len(body))
			}
			for gi, g := range file.Groups {
				for _, a := range g.Agents {
					if file.Lines[a.Line-1].Kind != UserAgentLine {
						t.Fatalf("group %d: agent line %d is a %v line", gi, a.Line, file.Lines[a.Line-1].Kind)
					}
				}
				for _, r := range g.Rules {
					if !file.Lines[r.Line-1].Kind.IsRule() {
						t.Fatalf("group %d: rule line %d is a %v line", gi, r.Line, file.Lines[r.Line-1].Kind)
					}
				}
			}
			for _, s := range file.Sitemaps {
				if file.Lines[s.Line-1].Kind != SitemapLine {
					t.Fatalf("sitemap line %d is a %v line", s.Line, file.Lines[s.Line-1].Kind)
				}
			}
			bare := parse(body, Options{Mode: mode, MaxBytes: int(limit)}, true)
			sameButLines(t, mode.String(), body, file, bare)
		}
	})
}
