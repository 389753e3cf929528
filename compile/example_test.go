package compile_test

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/runtime"
)

// A robots.txt body in hand, a verdict in two calls.
func ExampleCompile() {
	body := []byte("User-agent: *\nDisallow: /private/\nAllow: /private/press/\n")
	r := compile.Compile(body, compile.Options{}) // Google mode, 500 KiB limit
	m := r.Agent("examplebot")                    // bind once per host, keep m
	fmt.Println(m.Allowed("https://example.com/private/x"))
	fmt.Println(m.Allowed("https://example.com/private/press/2026"))
	res := m.Check("https://example.com/private/x")
	fmt.Println(res.Line, res.Kind, res.Priority)
	// Output:
	// false
	// true
	// 2 disallow 9
}

// The compiled robots.txt as a blob, to store and load back later.
func ExampleCompile_blob() {
	r := compile.Compile([]byte("User-agent: *\nDisallow: /tmp\n"), compile.Options{})
	blob, err := r.AppendBinary(nil)
	if err != nil {
		panic(err)
	}
	r2, err := runtime.Load(blob)
	fmt.Println(err, r2.Agent("bot").Allowed("/tmp/x"))
	// Output: <nil> false
}

// RFC 9309 mode reads the file as the RFC's text does where Google departs
// from it: here, a product token with digits.
func ExampleCompile_rfcMode() {
	body := []byte("User-agent: MJ12bot\nDisallow: /\n")
	google := compile.Compile(body, compile.Options{})
	rfc := compile.Compile(body, compile.Options{Mode: compile.RFC9309})
	fmt.Println(google.Agent("MJ12bot").Allowed("/x"), rfc.Agent("MJ12bot").Allowed("/x"))
	// Output: true false
}

func ExampleParse() {
	body := []byte(`User-agent: googlebot
Disallowed: /private   # Google reads any key starting with "disallow"
Crawl-delay: 2

User-agent: *
Disallow: /

Sitemap: https://example.com/sitemap.xml
`)
	f := compile.Parse(body, compile.Options{})
	for _, ln := range f.Lines {
		if ln.Kind != compile.EmptyLine {
			fmt.Println(ln.Number, ln.Kind, ln.Flags.Names())
		}
	}
	fmt.Println(len(f.Groups), "groups;", f.Sitemaps[0].URL)
	// Output:
	// 1 user-agent []
	// 2 disallow [key-variant trailing-comment]
	// 3 other []
	// 5 user-agent []
	// 6 disallow []
	// 8 sitemap []
	// 2 groups; https://example.com/sitemap.xml
}

// A parsed file compiles to what Compile gives for its body, when a tool
// wants both the line report and the verdicts.
func ExampleFile_Compile() {
	f := compile.Parse([]byte("User-agent: *\nDisallow: /a\nDisalow: /b\n"), compile.Options{})
	r := f.Compile()
	fmt.Println(f.Lines[2].Flags.Names(), r.Agent("x").Allowed("/b"))
	// Output: [key-variant] false
}

// A caller reading a robots.txt from the network reads what the parser
// will, and one byte more: File.Truncated then says the body was cut, and
// the rules past the limit do not apply (RFC 9309 section 2.5).
func ExampleOptions_BodyLimit() {
	opts := compile.Options{MaxBytes: 32}
	served := strings.NewReader("User-agent: *\nDisallow: /a\nDisallow: /b\n")
	body, err := io.ReadAll(io.LimitReader(served, int64(opts.BodyLimit())+1))
	if err != nil {
		panic(err)
	}
	f := compile.Parse(body, opts)
	m := f.Compile().Agent("bot")
	fmt.Println(len(body), f.Read, f.Truncated(), m.Allowed("/a"), m.Allowed("/b"))
	// Output: 33 32 true false true
}

// The engine's form, for tools that look at the automata.
func ExampleFile_CompileSet() {
	set := compile.Parse([]byte("User-agent: *\nDisallow: /private\nDisallow: /*.pdf$\n"), compile.Options{}).CompileSet()
	st := set.Programs[set.Global].Stats()
	fmt.Println(st.Rules, st.Automata)
	// Output: 2 2
}

func ExampleFile_SelectChain() {
	f := compile.Parse([]byte(`User-agent: googlebot-news
Disallow: /news-archive

User-agent: *
Disallow: /search
`), compile.Options{})
	for _, chain := range [][]string{{"googlebot-news", "googlebot"}, {"googlebot"}} {
		sel := f.SelectChain(chain...)
		for _, r := range f.Rules(sel) {
			fmt.Printf("%v: token %q global %v: line %d %v %s\n", chain, sel.Token, sel.Global, r.Line, r.Kind, r.Pattern)
		}
	}
	// Output:
	// [googlebot-news googlebot]: token "googlebot-news" global false: line 2 disallow /news-archive
	// [googlebot]: token "" global true: line 5 disallow /search
}

// Google's reference given several user agents merges all their groups.
func ExampleFile_SelectUnion() {
	f := compile.Parse([]byte("User-agent: a\nDisallow: /x\n\nUser-agent: b\nDisallow: /y\n"), compile.Options{})
	fmt.Println(f.SelectUnion("a", "b").Groups, f.SelectChain("a", "b").Groups)
	// Output: [0 1] [0]
}

func ExampleFile_CrawlDelay() {
	f := compile.Parse([]byte("User-agent: *\nCrawl-delay: 2.5\nRequest-rate: 1/10s\nCrawl-delay: 1\n"), compile.Options{})
	sel := f.SelectChain("examplebot")
	d, ok := f.CrawlDelay(sel)
	r, _ := f.RequestRate(sel)
	fmt.Println(d, ok, r.Requests, r.Per, r.Interval())
	// Output: 2.5s true 1 10s 10s
}

func ExampleParseCrawlDelay() {
	for _, v := range []string{"10", "0.5", "1e3", "fast"} {
		d, ok := compile.ParseCrawlDelay(v)
		fmt.Println(v, d, ok)
	}
	// Output:
	// 10 10s true
	// 0.5 500ms true
	// 1e3 0s false
	// fast 0s false
}

func ExampleParseRequestRate() {
	r, ok := compile.ParseRequestRate("30/1m 0600-0845")
	fmt.Println(r.Requests, r.Per, r.Interval() == 2*time.Second, ok)
	// Output: 30 1m0s true true
}

func ExampleNormalizePattern() {
	fmt.Println(compile.NormalizePattern("/caf\u00e9/%7ea", compile.Google))
	fmt.Println(compile.NormalizePattern("/caf\u00e9/%7ea", compile.RFC9309))
	// Output:
	// /caf%C3%A9/%7Ea
	// /caf%C3%A9/~a
}

func ExampleProductToken() {
	fmt.Println(compile.ProductToken("Googlebot/2.1", compile.Google), compile.ProductToken("MJ12bot", compile.Google),
		compile.ProductToken("MJ12bot", compile.RFC9309))
	// Output: Googlebot MJ MJ12bot
}

func ExampleValidToken() {
	fmt.Println(compile.ValidToken("Googlebot-News"), compile.ValidToken("Googlebot/2.1"))
	// Output: true false
}

func ExampleParseMode() {
	m, err := compile.ParseMode("rfc")
	fmt.Println(m, err)
	_, err = compile.ParseMode("bing")
	fmt.Println(err)
	// Output:
	// rfc <nil>
	// unknown mode "bing" (want google or rfc)
}

func ExampleEqualFoldASCII() {
	fmt.Println(compile.EqualFoldASCII("GoogleBot", "googlebot"), compile.EqualFoldASCII("\u212a", "k"))
	// Output: true false
}

// A product token as the matcher compares it: ASCII letters lower-cased,
// other bytes as they are (the Kelvin sign is not a 'k').
func ExampleLowerASCII() {
	fmt.Printf("%+q %+q\n", compile.LowerASCII("Googlebot-Image"), compile.LowerASCII("\u212aBot"))
	// Output: "googlebot-image" "\u212abot"
}
