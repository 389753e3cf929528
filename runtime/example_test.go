package runtime_test

import (
	"fmt"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/runtime"
)

func Example() {
	body := []byte("User-agent: *\nDisallow: /private/\nAllow: /private/press/\n")
	set := compile.Parse(body, compile.Options{}).CompileSet()
	blob, _ := set.AppendBinary(nil)

	r, err := runtime.Load(blob)
	if err != nil {
		panic(err)
	}
	m := r.Agent("examplebot")
	for _, u := range []string{"https://example.com/private/x", "https://example.com/private/press/1", "https://example.com/"} {
		res := m.Check(u)
		fmt.Println(res.Allowed, res.Line, u)
	}
	// Output:
	// false 2 https://example.com/private/x
	// true 3 https://example.com/private/press/1
	// true 0 https://example.com/
}

// A crawler's politeness settings for a host: the bound groups' crawl-delay
// and request-rate (the most polite of each), and the file's sitemaps.
func ExampleMatcher_RequestRate() {
	body := []byte(`Sitemap: https://example.com/sitemap.xml
User-agent: examplebot
Crawl-delay: 2.5
Request-rate: 30/1m
Disallow: /tmp/

User-agent: *
Crawl-delay: 10
`)
	set := compile.Parse(body, compile.Options{}).CompileSet()
	blob, _ := set.AppendBinary(nil)
	r, err := runtime.Load(blob)
	if err != nil {
		panic(err)
	}
	for _, token := range []string{"examplebot", "otherbot"} {
		m := r.Agent(token)
		delay, _ := m.CrawlDelay()
		if n, per, ok := m.RequestRate(); ok {
			fmt.Printf("%s: crawl-delay %v, %d requests per %v\n", token, delay, n, per)
		} else {
			fmt.Printf("%s: crawl-delay %v, no request-rate\n", token, delay)
		}
	}
	for _, s := range r.Sitemaps() {
		fmt.Println("sitemap", s.URL, "on line", s.Line)
	}
	// Output:
	// examplebot: crawl-delay 2.5s, 30 requests per 1m0s
	// otherbot: crawl-delay 10s, no request-rate
	// sitemap https://example.com/sitemap.xml on line 1
}
