package runtime_test

import (
	"bufio"
	"errors"
	"fmt"
	"strings"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/runtime"
)

// blobOf compiles a robots.txt body into a blob, as a crawler stores it.
func blobOf(body string) []byte {
	blob, err := compile.Compile([]byte(body), compile.Options{}).AppendBinary(nil)
	if err != nil {
		panic(err)
	}
	return blob
}

func ExampleLoad() {
	blob := blobOf("User-agent: *\nDisallow: /private/\nAllow: /private/press/\n")
	r, err := runtime.Load(blob) // validates once; keeps a reference to blob
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

// A damaged blob is refused, never misread.
func ExampleLoad_damaged() {
	blob := blobOf("User-agent: *\nDisallow: /\n")
	blob[40] ^= 1
	_, err := runtime.Load(blob)
	fmt.Println(errors.Is(err, runtime.ErrChecksum))
	// Output: true
}

// A fallback chain: the first token that has a group of its own decides.
func ExampleRobots_Agent() {
	r := compile.Compile([]byte(`User-agent: googlebot-news
Disallow: /archive/

User-agent: googlebot
Disallow: /search
`), compile.Options{})
	news := r.Agent("googlebot-news", "googlebot")
	web := r.Agent("googlebot")
	fmt.Println(news.Allowed("/search"), news.Allowed("/archive/1"))
	fmt.Println(web.Allowed("/search"), web.Allowed("/archive/1"))
	// Output:
	// true false
	// false true
}

// Google's reference given several user agents merges all their groups.
func ExampleRobots_AgentUnion() {
	r := compile.Compile([]byte("User-agent: a\nDisallow: /x\n\nUser-agent: b\nDisallow: /y\n"), compile.Options{})
	m := r.AgentUnion("a", "b")
	fmt.Println(m.Allowed("/x"), m.Allowed("/y"), m.Allowed("/z"))
	// Output: false false true
}

// A host checked once for a crawler that sends several user agents binds
// the union without the screens, as AgentOnce does a fallback chain.
func ExampleRobots_AgentUnionOnce() {
	r := compile.Compile([]byte("User-agent: a\nDisallow: /x\n\nUser-agent: b\nDisallow: /y\n"), compile.Options{})
	once, kept := r.AgentUnionOnce("a", "b"), r.AgentUnion("a", "b")
	for _, p := range []string{"/x", "/y", "/z"} {
		fmt.Println(p, once.Allowed(p), kept.Allowed(p))
	}
	// Output:
	// /x false false
	// /y false false
	// /z true true
}

func ExampleRobots_AppendBinary() {
	r := compile.Compile([]byte("User-agent: *\nDisallow: /tmp/\n"), compile.Options{})
	blob, err := r.AppendBinary(nil)
	fmt.Println(string(blob[:8]), err)
	// Output: RDFAblob <nil>
}

// A wrapper for a set built in the engine's form.
func ExampleFromSet() {
	set := compile.Parse([]byte("User-agent: *\nDisallow: /a\n"), compile.Options{}).CompileSet()
	fmt.Println(runtime.FromSet(set).Agent("bot").Allowed("/a"))
	// Output: false
}

func ExampleRobots_RFC() {
	r := compile.Compile(nil, compile.Options{Mode: compile.RFC9309})
	fmt.Println(r.RFC())
	// Output: true
}

func ExampleRobots_Records() {
	r := compile.Compile([]byte("User-agent: *\nClean-param: ref /articles/\nHost: example.com\n"), compile.Options{})
	for _, rec := range r.Records() {
		fmt.Println(rec.Line, rec.Key, rec.Value)
	}
	// Output:
	// 2 clean-param ref /articles/
	// 3 host example.com
}

// A crawler's politeness settings for a host: the bound groups' crawl-delay
// and request-rate (the most polite of each), and the file's sitemaps.
func ExampleMatcher_RequestRate() {
	r, err := runtime.Load(blobOf(`Sitemap: https://example.com/sitemap.xml
User-agent: examplebot
Crawl-delay: 2.5
Request-rate: 30/1m
Disallow: /tmp/

User-agent: *
Crawl-delay: 10
`))
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

func ExampleMatcher_CrawlDelay() {
	m := compile.Compile([]byte("User-agent: *\nCrawl-delay: 5\n"), compile.Options{}).Agent("bot")
	d, ok := m.CrawlDelay()
	fmt.Println(d, ok)
	// Output: 5s true
}

func ExampleMatcher_Check() {
	m := compile.Compile([]byte("User-agent: *\nDisallow: /*.pdf$\nAllow: /public/\n"), compile.Options{}).Agent("bot")
	for _, u := range []string{"https://example.com/a.pdf", "https://example.com/public/b.pdf", "https://example.com/a.pdf?x"} {
		res := m.Check(u)
		fmt.Printf("%v line %d %v priority %d\n", res.Allowed, res.Line, res.Kind, res.Priority)
	}
	// Output:
	// false line 2 disallow priority 7
	// true line 3 allow priority 8
	// true line 0 none priority 0
}

func ExampleMatcher_Allowed() {
	m := compile.Compile([]byte("User-agent: *\nDisallow: /private\n"), compile.Options{}).Agent("bot")
	fmt.Println(m.Allowed("https://example.com/private/x"), m.Allowed("/public?q=1"))
	// Output: false true
}

// A URL held as bytes (a line of a file) is checked without a copy.
func ExampleMatcher_AllowedBytes() {
	m := compile.Compile([]byte("User-agent: *\nDisallow: /private\n"), compile.Options{}).Agent("bot")
	line := []byte("https://example.com/private/x")
	fmt.Println(m.AllowedBytes(line), m.CheckBytes(line).Line)
	// Output: false 2
}

// The path a URL is matched by: in RFC 9309 mode normalised.
func ExampleMatcher_MatchPath() {
	g := compile.Compile(nil, compile.Options{}).Agent("bot")
	r := compile.Compile(nil, compile.Options{Mode: compile.RFC9309}).Agent("bot")
	u := "https://example.com/%7euser/caf\u00e9?q#frag"
	fmt.Println(string(g.MatchPath(nil, u)))
	fmt.Println(string(r.MatchPath(nil, u)))
	// Output:
	// /%7euser/café?q
	// /~user/caf%C3%A9?q
}

// From a User-Agent header to the token Agent compares.
func ExampleUserAgentToken() {
	for _, ua := range []string{
		"ExampleBot/1.0 (+https://example.com/bot)",
		"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
		"Mozilla/5.0 (Linux; Android 6.0.1) AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1)",
	} {
		fmt.Println(runtime.UserAgentToken(ua))
	}
	r := compile.Compile([]byte("User-agent: examplebot\nDisallow: /\n"), compile.Options{})
	fmt.Println(r.Agent("ExampleBot/1.0").Allowed("/x"), r.Agent(runtime.UserAgentToken("ExampleBot/1.0")).Allowed("/x"))
	// Output:
	// ExampleBot
	// Googlebot
	// Googlebot
	// true false
}

func ExampleHost() {
	host, port, ok := runtime.Host("https://user@Example.com:8080/a?b")
	fmt.Println(host, port, ok)
	// Output: Example.com 8080 true
}

// The one key of a URL's host, under which a store, a directory of
// robots.txt files and fetch's cache keep its robots.txt.
func ExampleHostKey() {
	for _, u := range []string{"https://Bücher.Example.:443/x?y", "http://example.com:8080/", "http://[2001:DB8::1]/", "/a/path"} {
		key, ok := runtime.HostKey(u)
		fmt.Printf("%q %v\n", key, ok)
	}
	// Output:
	// "xn--bcher-kva.example" true
	// "example.com:8080" true
	// "[2001:db8::1]" true
	// "" false
}

// A loop over many URLs appends each host's key to one buffer, so an
// ASCII host's key costs no allocation.
func ExampleAppendHostKey() {
	var key []byte
	for _, u := range []string{"https://WWW.Example.com/a", "http://www.example.com:80/b", "mailto:someone@example.com"} {
		var ok bool
		key, ok = runtime.AppendHostKey(key[:0], u)
		fmt.Printf("%q %v\n", key, ok)
	}
	// Output:
	// "www.example.com" true
	// "www.example.com" true
	// "" false
}

// A URL with no host key is reported with the rule its host breaks.
func ExampleHostKeyProblem() {
	for _, u := range []string{`https://"www.example.com/x`, "http://a.example:99999/", "/a/path", "https://example.com/"} {
		if why := runtime.HostKeyProblem(u); why != "" {
			fmt.Println(why)
		} else {
			fmt.Println(u, "has a key")
		}
	}
	// Output:
	// "\"www.example.com" has '"', which no host name has (RFC 3986 section 3.2.2)
	// the port "99999" of "a.example" is over 65535
	// no host
	// https://example.com/ has a key
}

// A scheduler that checks most hosts once binds them with AgentOnce,
// and with Agent the hosts it checks again: the same verdicts, the first
// binding cheaper, the later checks faster.
func ExampleRobots_AgentOnce() {
	r := compile.Compile([]byte("User-agent: *\nDisallow: /private\n"), compile.Options{})
	once, kept := r.AgentOnce("bot"), r.Agent("bot")
	fmt.Println(once.Allowed("/private/x"), kept.Allowed("/private/x"), once.Check("/public") == kept.Check("/public"))
	// Output: false false true
}

// A blob compiled for some crawlers only (compile -agent) answers them as
// the whole file would, and says it cannot answer another: bingbot's own
// group was left out, so its Agent would get the '*' group.
func ExampleRobots_CompiledFor() {
	body := []byte("user-agent: googlebot\ndisallow: /g\n\nuser-agent: bingbot\ndisallow: /b\n\nuser-agent: *\ndisallow: /\n")
	blob, err := compile.Compile(body, compile.Options{Tokens: []string{"googlebot"}}).AppendBinary(nil)
	if err != nil {
		panic(err)
	}
	r, err := runtime.Load(blob)
	if err != nil {
		panic(err)
	}
	fmt.Println(r.CompiledTokens())
	fmt.Println(r.CompiledFor("Googlebot"), r.Agent("googlebot").Allowed("https://example.com/b"))
	fmt.Println(r.CompiledFor("bingbot"))
	// Output:
	// [googlebot]
	// true true
	// false
}

// A reader of a frontier grouped by host computes a host's key once: while
// the next URL begins with the bytes that decided the last key, it has
// that key too. The key buffer is reused, so an ASCII host costs no
// allocation.
func ExampleAppendHostKeyPrefix() {
	urls := []string{
		"https://Example.com/a",
		"https://Example.com/b?x",
		"https://Example.com:443/c", // the same host, spelt otherwise: its key is computed again, and equal
		"https://example.org/",
	}
	var key, prefix []byte // prefix: empty (matching nothing) when the last URL's bytes decide nothing
	for _, u := range urls {
		if runtime.HasHostPrefix(u, prefix) {
			fmt.Printf("%s\t%s (kept)\n", key, u)
			continue
		}
		var n int
		var ok bool
		key, n, ok = runtime.AppendHostKeyPrefix(key[:0], u)
		prefix = append(prefix[:0], u[:n]...) // n is 0 for a URL of another form
		if !ok {
			continue // no host
		}
		fmt.Printf("%s\t%s\n", key, u)
	}
	// Output:
	// example.com	https://Example.com/a
	// example.com	https://Example.com/b?x (kept)
	// example.com	https://Example.com:443/c
	// example.org	https://example.org/
}

// The sitemaps a robots.txt names, with their lines, for a crawler's
// discovery queue: they belong to no group.
func ExampleRobots_Sitemaps() {
	r, err := runtime.Load(blobOf("Sitemap: https://example.com/a.xml\nUser-agent: *\nDisallow: /x\nsitemap: https://example.com/b.xml\n"))
	if err != nil {
		panic(err)
	}
	for _, s := range r.Sitemaps() {
		fmt.Println(s.Line, s.URL)
	}
	// Output:
	// 1 https://example.com/a.xml
	// 4 https://example.com/b.xml
}

// A file with no user-agent line, such as a web page served as robots.txt,
// allows everything; a crawler may log it. A user-agent line with no rules
// after it is a group.
func ExampleRobots_HasGroups() {
	for _, body := range []string{"", "<html><body>Not found</body></html>\n", "User-agent: *\n"} {
		r := compile.Compile([]byte(body), compile.Options{})
		fmt.Printf("%-5v %q\n", r.HasGroups(), body)
	}
	// Output:
	// false ""
	// false "<html><body>Not found</body></html>\n"
	// true  "User-agent: *\n"
}

// A frontier read line by line is checked in the scanner's own buffer: no
// string is made for a URL.
func ExampleMatcher_CheckBytes() {
	m := compile.Compile([]byte("User-agent: *\nDisallow: /private/\nAllow: /private/press/\n"), compile.Options{}).Agent("examplebot")
	sc := bufio.NewScanner(strings.NewReader("https://example.com/private/x\nhttps://example.com/private/press/1\nhttps://example.com/\n"))
	for sc.Scan() {
		res := m.CheckBytes(sc.Bytes())
		fmt.Printf("%v %d %s\n", res.Allowed, res.Line, sc.Bytes())
	}
	// Output:
	// false 2 https://example.com/private/x
	// true 3 https://example.com/private/press/1
	// true 0 https://example.com/
}
