package compile_test

import (
	"math"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/runtime"
)

var (
	google = compile.Options{Mode: compile.Google}
	rfc    = compile.Options{Mode: compile.RFC9309}
)

// TestLineNumbersAndOffsets: both (SEMANTICS 1.3). Every line end counts;
// CRLF is one; offsets point at each line's first byte.
func TestLineNumbersAndOffsets(t *testing.T) {
	body := "a: 1\rb: 2\r\nc: 3\n\r\nd: 4"
	for _, opts := range []compile.Options{google, rfc} {
		f := compile.Parse([]byte(body), opts)
		var nums, offs []int
		var keys []string
		for i, ln := range f.Lines {
			require.Equal(t, i+1, int(ln.Number))
			nums, offs, keys = append(nums, int(ln.Number)), append(offs, int(ln.Offset)), append(keys, ln.Key)
		}
		assert.Equal(t, []int{1, 2, 3, 4, 5}, nums)
		assert.Equal(t, []int{0, 5, 11, 16, 18}, offs)
		assert.Equal(t, []string{"a", "b", "c", "", "d"}, keys)
	}
	assert.Empty(t, compile.Parse(nil, google).Lines)
	assert.Len(t, compile.Parse([]byte("a: 1\n"), google).Lines, 1, "no empty line after the last line end")
	assert.Len(t, compile.Parse([]byte("a: 1\n\n"), google).Lines, 2)
}

// TestLineKindsAndFlags: google and rfc (SEMANTICS 1.4–1.7): what the
// per-line report says about each line.
func TestLineKindsAndFlags(t *testing.T) {
	type want struct {
		kind  compile.LineKind
		flags compile.Flag
	}
	cases := []struct {
		line         string
		google, rfc  want
		key, value   string
		googlePatten string
	}{
		{" \t", want{compile.EmptyLine, 0}, want{compile.EmptyLine, 0}, "", "", ""},
		{"  # hi", want{compile.CommentLine, 0}, want{compile.CommentLine, 0}, "", "", ""},
		{"User-agent: x # hi", want{compile.UserAgentLine, compile.FlagTrailingComment}, want{compile.UserAgentLine, compile.FlagTrailingComment}, "User-agent", "x", ""},
		{"Disallowed: /x", want{compile.DisallowLine, compile.FlagKeyVariant}, want{compile.OtherLine, compile.FlagGoogleKey | compile.FlagUnsupported}, "Disallowed", "/x", "/x"},
		{"dissalow: /x", want{compile.DisallowLine, compile.FlagKeyVariant}, want{compile.OtherLine, compile.FlagGoogleKey | compile.FlagUnsupported}, "dissalow", "/x", "/x"},
		{"Disallow /x", want{compile.DisallowLine, compile.FlagMissingColon}, want{compile.InvalidLine, 0}, "", "", ""},
		{"Disallow /x /y", want{compile.InvalidLine, 0}, want{compile.InvalidLine, 0}, "", "", ""},
		{"nonsense", want{compile.InvalidLine, 0}, want{compile.InvalidLine, 0}, "", "", ""},
		{": /x", want{compile.InvalidLine, 0}, want{compile.InvalidLine, 0}, "", "", ""},
		{"Disallow: x", want{compile.DisallowLine, compile.FlagNeverMatches}, want{compile.DisallowLine, compile.FlagNeverMatches}, "Disallow", "x", "x"},
		{"Crawl-delay: soon", want{compile.OtherLine, compile.FlagBadValue}, want{compile.OtherLine, compile.FlagBadValue}, "Crawl-delay", "soon", ""},
		{"X-Robots: 1", want{compile.OtherLine, compile.FlagUnsupported}, want{compile.OtherLine, compile.FlagUnsupported}, "X-Robots", "1", ""},
		{"Sitemap: http://x/s", want{compile.SitemapLine, 0}, want{compile.SitemapLine, 0}, "Sitemap", "http://x/s", ""},
		{"Site-map: http://x/s", want{compile.SitemapLine, compile.FlagKeyVariant}, want{compile.OtherLine, compile.FlagGoogleKey | compile.FlagUnsupported}, "Site-map", "http://x/s", ""},
		{"Disallow: /a\x00b", want{compile.DisallowLine, compile.FlagNUL}, want{compile.DisallowLine, 0}, "Disallow", "", "/a"},
		{"\x00Disallow: /x", want{compile.EmptyLine, compile.FlagNUL}, want{compile.OtherLine, compile.FlagUnsupported}, "", "", ""},
	}
	for _, c := range cases {
		for _, mode := range []compile.Mode{compile.Google, compile.RFC9309} {
			body := "User-agent: *\n" + c.line
			f := compile.Parse([]byte(body), compile.Options{Mode: mode})
			require.Len(t, f.Lines, 2, "%q", c.line)
			ln := f.Lines[1]
			w := c.google
			if mode == compile.RFC9309 {
				w = c.rfc
			}
			assert.Equal(t, w.kind, ln.Kind, "%q [%v] kind", c.line, mode)
			assert.Equal(t, w.flags, ln.Flags, "%q [%v] flags %v", c.line, mode, ln.Flags.Names())
			if mode == compile.Google && c.key != "" {
				assert.Equal(t, c.key, ln.Key, "%q key", c.line)
				if c.googlePatten != "" {
					assert.Equal(t, c.googlePatten, ln.Pattern(), "%q pattern", c.line)
				} else if ln.Kind != compile.DisallowLine {
					assert.Equal(t, c.value, ln.Value, "%q value", c.line)
				}
			}
		}
	}
}

// TestLineCap: google (SEMANTICS 1.4): 16,663 bytes of a line are kept.
func TestLineCap(t *testing.T) {
	long := "Disallow: /" + strings.Repeat("a", 20000)
	f := compile.Parse([]byte("User-agent: *\n"+long+"\nDisallow: /b"), google)
	require.Len(t, f.Lines, 3)
	assert.Equal(t, compile.FlagCut, f.Lines[1].Flags)
	assert.Len(t, f.Lines[1].Pattern(), 16653, "16,663 bytes of the line, less 10 of key and separator")
	assert.Equal(t, "/b", f.Lines[2].Pattern(), "the next line is whole")

	f = compile.Parse([]byte("User-agent: *\n"+long), rfc)
	assert.Len(t, f.Lines[1].Pattern(), 20001)
	assert.Zero(t, f.Lines[1].Flags)

	// The edge: a line of 16,663 bytes is whole, one of 16,664 is cut.
	for _, c := range []struct {
		n   int
		cut bool
	}{{16662, false}, {16663, false}, {16664, true}, {16665, true}} {
		line := "Disallow: /" + strings.Repeat("b", c.n-len("Disallow: /"))
		f = compile.Parse([]byte("User-agent: *\n"+line+"\n"), google)
		assert.Equal(t, c.cut, f.Lines[1].Flags&compile.FlagCut != 0, "a line of %d bytes", c.n)
		assert.Len(t, f.Lines[1].Pattern(), min(c.n, 16663)-10, "a line of %d bytes", c.n)
	}
}

// TestOutsideGroup: both (RFC 9309 2.2.2): rules before the first
// user-agent line are flagged and belong to no group.
func TestOutsideGroup(t *testing.T) {
	f := compile.Parse([]byte("Disallow: /a\nUser-agent: *\nDisallow: /b\n"), google)
	assert.Equal(t, compile.FlagOutsideGroup, f.Lines[0].Flags)
	assert.Equal(t, int32(-1), f.Lines[0].Group)
	require.Len(t, f.Groups, 1)
	assert.Equal(t, []runtime.Rule{{Kind: runtime.Disallow, Pattern: "/b", Priority: 2, Line: 3}}, f.Groups[0].Rules)
}

// TestGroups: both (SEMANTICS 2.1). Group spans, agents, records.
func TestGroups(t *testing.T) {
	body := `# head
User-agent: a
Crawl-delay: 2
User-agent: B/1.0
Disallow: /x
Allow: /x/index.html
Request-rate: 1/10s

User-agent: *
Crawl-delay: 5
Sitemap: http://example.com/s.xml
Host: example.com
`
	f := compile.Parse([]byte(body), google)
	require.Len(t, f.Groups, 2)
	g := f.Groups[0]
	assert.Equal(t, int32(2), g.FirstLine)
	assert.Equal(t, int32(8), g.LastLine)
	assert.Equal(t, []compile.AgentLine{{Token: "a", Value: "a", Line: 2}, {Token: "B", Value: "B/1.0", Line: 4}}, g.Agents)
	assert.Equal(t, []runtime.Rule{
		{Kind: runtime.Disallow, Pattern: "/x", Priority: 2, Line: 5},
		{Kind: runtime.Allow, Pattern: "/x/index.html", Priority: 13, Line: 6},
		{Kind: runtime.Allow, Pattern: "/x/$", Priority: 4, Line: 6, Implied: true},
	}, g.Rules)
	assert.Equal(t, []int{0, 1}, g.Records)
	assert.Equal(t, int32(9), f.Groups[1].FirstLine)
	assert.Equal(t, int32(12), f.Groups[1].LastLine)
	assert.True(t, f.Groups[1].HasGlobal())
	assert.Equal(t, []runtime.Sitemap{{URL: "http://example.com/s.xml", Line: 11}}, f.Sitemaps)
	assert.Equal(t, runtime.Record{Key: "host", Value: "example.com", Line: 12}, f.Records[3])

	rf := compile.Parse([]byte(body), rfc)
	assert.Len(t, rf.Groups[0].Rules, 2, "no index.htm rule in RFC mode")
	assert.Equal(t, "B", rf.Groups[0].Agents[1].Token)

	// Records outside any group, in a file of no group and before the
	// first: kept, in no group's Records, with lower-cased keys, known or
	// not.
	for _, mode := range []compile.Options{google, rfc} {
		none := compile.Parse([]byte("Host: example.com\nCRAWL-DELAY: 5\nX-Thing: y\n"), mode)
		assert.Empty(t, none.Groups)
		assert.Equal(t, []runtime.Record{
			{Key: "host", Value: "example.com", Line: 1},
			{Key: "crawl-delay", Value: "5", Line: 2},
			{Key: "x-thing", Value: "y", Line: 3},
		}, none.Records)
		before := compile.Parse([]byte("Host: h\nUser-agent: a\nDisallow: /\nHost: i\n"), mode)
		assert.Equal(t, []runtime.Record{{Key: "host", Value: "h", Line: 1}, {Key: "host", Value: "i", Line: 4}}, before.Records)
		assert.Equal(t, []int{1}, before.Groups[0].Records)
	}
}

// TestSelect: both (SEMANTICS 2.5, 2.6).
func TestSelect(t *testing.T) {
	body := `User-agent: googlebot-news
Disallow: /1
User-agent: *
Disallow: /2
Crawl-delay: 1
User-agent: googlebot
Disallow: /3
Crawl-delay: 4
Request-rate: 1/5
User-agent: GoogleBot
Crawl-delay: 2
Request-rate: 1/10
`
	f := compile.Parse([]byte(body), google)
	assert.Equal(t, compile.Selection{Token: "googlebot-news", Groups: []int{0}}, f.SelectChain("googlebot-news", "googlebot"))
	assert.Equal(t, compile.Selection{Token: "googlebot", Groups: []int{2, 3}}, f.SelectChain("googlebot-image", "googlebot"))
	assert.Equal(t, compile.Selection{Global: true, Groups: []int{1}}, f.SelectChain("bingbot"))
	assert.Equal(t, compile.Selection{Token: "googlebot-news", Groups: []int{0, 2, 3}}, f.SelectUnion("googlebot-news", "googlebot"))
	assert.Equal(t, compile.Selection{}, compile.Parse([]byte("Disallow: /"), google).SelectChain("x"))

	sel := f.SelectChain("googlebot")
	assert.Equal(t, []runtime.Rule{{Kind: runtime.Disallow, Pattern: "/3", Priority: 2, Line: 7}}, f.Rules(sel))
	d, ok := f.CrawlDelay(sel)
	assert.True(t, ok)
	assert.Equal(t, 4*time.Second, d, "the largest crawl-delay of the merged groups")
	rr, ok := f.RequestRate(sel)
	assert.True(t, ok)
	assert.Equal(t, compile.RequestRate{Requests: 1, Per: 10 * time.Second}, rr)
	_, ok = f.CrawlDelay(f.SelectChain("googlebot-news"))
	assert.False(t, ok)
}

// TestValidToken: both (RFC 9309 2.2.1).
func TestValidToken(t *testing.T) {
	for tok, ok := range map[string]bool{"googlebot": true, "Googlebot-News": true, "a_b": true,
		"": false, "Foo Bar": false, "AB42bot": false, "bot/1.0": false, "*": false} {
		assert.Equal(t, ok, compile.ValidToken(tok), tok)
	}
}

// TestProductToken: google and rfc (SEMANTICS 2.3).
func TestProductToken(t *testing.T) {
	for _, c := range []struct{ value, google, rfc string }{
		{"Googlebot/2.1", "Googlebot", "Googlebot"},
		{"MJ12bot", "MJ", "MJ12bot"},
		{"Foo Bar", "Foo", "Foo"},
		{"*foo", "", "*foo"},
		{"c, d", "c", "c,"},
		{"", "", ""},
	} {
		assert.Equal(t, c.google, compile.ProductToken(c.value, compile.Google), c.value)
		assert.Equal(t, c.rfc, compile.ProductToken(c.value, compile.RFC9309), c.value)
	}
	for value, global := range map[string]bool{"*": true, "* bot": true, "*\x0bbot": true, "*bot": false} {
		f := compile.Parse([]byte("User-agent: "+value+"\nDisallow: /\n"), google)
		assert.Equal(t, global, f.Groups[0].Agents[0].Global, "%q", value)
	}
}

// TestNormalizePattern: google and rfc (SEMANTICS 3.2).
func TestNormalizePattern(t *testing.T) {
	for _, c := range []struct{ in, google, rfc string }{
		{"/plain", "/plain", "/plain"},
		{"/ä", "/%C3%A4", "/%C3%A4"},
		{"/%e3%83%84", "/%E3%83%84", "/%E3%83%84"},
		{"/%7euser", "/%7Euser", "/~user"},
		{"/%41%2f", "/%41%2F", "/A%2F"},
		{"/%7E%41", "/%7E%41", "/~A"},
		{"/%2a", "/%2A", "/%2A"},
		{"/a$b$", "/a$b$", "/a%24b$"},
		{"/100%", "/100%", "/100%"},
		{"/%zz%4", "/%zz%4", "/%zz%4"},
		{"", "", ""},
	} {
		for mode, want := range map[compile.Mode]string{compile.Google: c.google, compile.RFC9309: c.rfc} {
			got := compile.NormalizePattern(c.in, mode)
			assert.Equal(t, want, got, "%s %q", mode, c.in)
			if got == c.in && c.in != "" {
				// The doc's promise: nothing copied when nothing changes.
				assert.Same(t, unsafe.StringData(c.in), unsafe.StringData(got), "%s %q: copied", mode, c.in)
			}
		}
	}
}

// TestRecordValues: both (SEMANTICS 5, 7): how crawl-delay and
// request-rate values are read.
func TestRecordValues(t *testing.T) {
	for v, want := range map[string]time.Duration{"10": 10 * time.Second, "0.5": 500 * time.Millisecond,
		".25": 250 * time.Millisecond, "0": 0, "99999999999": 365 * 24 * time.Hour,
		// Past float64's range: a year, like any other long delay.
		"1" + strings.Repeat("0", 400): 365 * 24 * time.Hour} {
		d, ok := compile.ParseCrawlDelay(v)
		assert.True(t, ok, v)
		assert.Equal(t, want, d, v)
	}
	for _, v := range []string{"", "-1", "1e3", "NaN", "Inf", "10s", "1.2.3", ".", "1 2"} {
		_, ok := compile.ParseCrawlDelay(v)
		assert.False(t, ok, v)
	}
	for v, want := range map[string]compile.RequestRate{
		"1/5":                                  {1, 5 * time.Second},
		"1/10s":                                {1, 10 * time.Second},
		"30/1m":                                {30, time.Minute},
		"2/1h 0600-0845":                       {2, time.Hour},
		"1/0.5":                                {1, 500 * time.Millisecond},
		"1/9999999999999":                      {1, 365 * 24 * time.Hour},
		"1/1" + strings.Repeat("0", 400) + "m": {1, 365 * 24 * time.Hour},
		"2147483648/1":                         {1<<31 - 1, time.Second}, // more than a blob holds
		"99999999999999999999999/1s":           {1<<31 - 1, time.Second},
	} {
		r, ok := compile.ParseRequestRate(v)
		assert.True(t, ok, v)
		assert.Equal(t, want, r, v)
	}
	// "1/0.0000000001": a period that rounds to no time at all.
	for _, v := range []string{"", "1", "0/5", "1/0", "a/b", "1.5/5", "1/-5", "/5", "1/", "1/0.0000000001",
		"1/1e3", "1/Inf", "1/NaN", "1/0x10", "1.5/1e3", "+5/10", "1/+5"} {
		_, ok := compile.ParseRequestRate(v)
		assert.False(t, ok, v)
	}
	assert.Equal(t, 5*time.Second, compile.RequestRate{Requests: 2, Per: 10 * time.Second}.Interval())
	assert.Zero(t, compile.RequestRate{Per: 10 * time.Second}.Interval(), "no requests: no interval, no division by zero")
}

// TestMaxBytes: both (SEMANTICS 1.1).
func TestMaxBytes(t *testing.T) {
	body := []byte("User-agent: *\nDisallow: /abc\n")
	f := compile.Parse(body, compile.Options{MaxBytes: 25})
	assert.True(t, f.Truncated())
	assert.Equal(t, 25, f.Read)
	assert.Equal(t, len(body), f.Size)
	assert.Equal(t, "/", f.Lines[1].Pattern(), "the cut line is read as a line")
	f = compile.Parse(body, compile.Options{MaxBytes: compile.NoLimit})
	assert.False(t, f.Truncated())

	// BodyLimit is what Parse reads, for a caller that reads the body.
	for _, c := range []struct{ maxBytes, want int }{
		{0, compile.DefaultMaxBytes}, {compile.NoLimit, compile.MaxBodyBytes}, {25, 25},
	} {
		assert.Equal(t, c.want, compile.Options{MaxBytes: c.maxBytes}.BodyLimit(), "MaxBytes %d", c.maxBytes)
	}
	assert.Equal(t, math.MaxInt32, compile.MaxBodyBytes, "a body's lines and offsets counted in 32 bits")
}

func TestModeNames(t *testing.T) {
	for _, m := range []compile.Mode{compile.Google, compile.RFC9309} {
		got, err := compile.ParseMode(m.String())
		require.NoError(t, err)
		assert.Equal(t, m, got)
	}
	_, err := compile.ParseMode("bing")
	assert.Error(t, err)
}

// TestLineKindNames: each kind says its key as the RFC spells it, and
// any other value says "unknown" (no value panics).
func TestLineKindNames(t *testing.T) {
	names := map[compile.LineKind]string{compile.EmptyLine: "empty", compile.CommentLine: "comment",
		compile.InvalidLine: "invalid", compile.UserAgentLine: "user-agent", compile.AllowLine: "allow",
		compile.DisallowLine: "disallow", compile.SitemapLine: "sitemap", compile.OtherLine: "other"}
	for k := 0; k < 256; k++ {
		want, ok := names[compile.LineKind(k)]
		if !ok {
			want = "unknown"
		}
		assert.Equal(t, want, compile.LineKind(k).String(), "LineKind(%d)", k)
	}
}
