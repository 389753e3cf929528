package compile_test

import (
	"fmt"

	"github.com/robotsdfa/robotsdfa/compile"
)

func ExampleParse() {
	body := []byte(`User-agent: googlebot
Disallowed: /private   # Google reads any key starting with "disallow"
Crawl-delay: 2

User-agent: *
Disallow: /

Sitemap: https://example.com/sitemap.xml
`)
	f := compile.Parse(body, compile.Options{}) // Google mode, 500 KiB limit
	for _, ln := range f.Lines {
		if ln.Kind != compile.Empty {
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

func ExampleFile_SelectChain() {
	f := compile.Parse([]byte(`User-agent: googlebot-news
Disallow: /news-archive

User-agent: *
Disallow: /search
`), compile.Options{})
	for _, chain := range [][]string{{"googlebot-news", "googlebot"}, {"googlebot"}} {
		sel := f.SelectChain(chain...)
		fmt.Printf("%v: token %q global %v rules %v\n", chain, sel.Token, sel.Global, f.Rules(sel))
	}
	// Output:
	// [googlebot-news googlebot]: token "googlebot-news" global false rules [{/news-archive 2 disallow false}]
	// [googlebot]: token "" global true rules [{/search 5 disallow false}]
}

func ExampleValidToken() {
	fmt.Println(compile.ValidToken("Googlebot-News"), compile.ValidToken("Googlebot/2.1"))
	// Output: true false
}

// A crawler that stores blobs needs no line report: NoLines leaves
// File.Lines empty and compiles to the same blob.
func ExampleOptions_noLines() {
	body := []byte("User-agent: *\nDisallow: /private\n")
	f := compile.Parse(body, compile.Options{NoLines: true})
	blob, err := compile.Compile(f, compile.CompileOptions{}).AppendBinary(nil)
	fmt.Println(len(f.Lines), len(f.Groups), len(blob) > 0, err)
	// Output: 0 1 true <nil>
}
