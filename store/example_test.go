package store_test

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/runtime"
	"github.com/robotsdfa/robotsdfa/store"
)

// compileBody is the compiler a Writer is given: a robots.txt body to a blob.
func compileBody(body []byte) ([]byte, error) {
	return compile.Compile(body, compile.Options{}).AppendBinary(nil)
}

// A scheduler writes its hosts' robots.txt into a store once, then opens
// it and asks per URL. Hosts that serve the same file share one blob.
func Example() {
	dir, _ := os.MkdirTemp("", "store-example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "hosts.store")

	w, err := store.Create(path)
	if err != nil {
		panic(err)
	}
	shop := []byte("User-agent: *\nDisallow: /cart\n")
	for _, host := range []string{"shop.example", "www.shop.example", "blog.example"} {
		body := shop
		if host == "blog.example" {
			body = []byte("User-agent: *\nDisallow: /drafts/\n")
		}
		if err := w.AddRobotsTxt(host, body, compileBody); err != nil {
			panic(err)
		}
	}
	if err := w.Close(); err != nil {
		panic(err)
	}

	st, err := store.Open(path, store.Options{})
	if err != nil {
		panic(err)
	}
	defer st.Close()
	fmt.Println(st.Hosts(), "hosts,", st.Contents(), "distinct blobs")
	a := st.Agent("examplebot")
	for _, u := range []string{"https://WWW.Shop.Example/cart", "https://blog.example/drafts/x", "https://blog.example/post"} {
		ok, err := a.Allowed(u)
		fmt.Println(u, ok, err)
	}
	_, err = a.Allowed("https://elsewhere.example/")
	fmt.Println(errors.Is(err, store.ErrNotFound))
	// Output:
	// 3 hosts, 2 distinct blobs
	// https://WWW.Shop.Example/cart false <nil>
	// https://blog.example/drafts/x false <nil>
	// https://blog.example/post true <nil>
	// true
}

// A crawler refetches robots.txt daily: the new store is the old one
// with the changed hosts replaced, the others' blobs copied as they are.
func ExampleWriter_CopyFrom() {
	dir, _ := os.MkdirTemp("", "store-example")
	defer os.RemoveAll(dir)
	old := filepath.Join(dir, "monday.store")
	w, _ := store.Create(old)
	w.AddRobotsTxt("a.example", []byte("User-agent: *\nDisallow: /x\n"), compileBody)
	w.AddRobotsTxt("b.example", []byte("User-agent: *\nDisallow: /y\n"), compileBody)
	w.AddRobotsTxt("c.example", []byte("User-agent: *\nDisallow: /z\n"), compileBody)
	if err := w.Close(); err != nil {
		panic(err)
	}
	monday, _ := store.Open(old, store.Options{})
	defer monday.Close()

	w, _ = store.Create(filepath.Join(dir, "tuesday.store"))
	w.AddRobotsTxt("a.example", []byte("User-agent: *\nAllow: /\n"), compileBody) // changed
	w.Delete("c.example")                                                         // gone
	if err := w.CopyFrom(monday); err != nil {                                    // b.example as it was
		panic(err)
	}
	if err := w.Close(); err != nil {
		panic(err)
	}
	tuesday, _ := store.Open(filepath.Join(dir, "tuesday.store"), store.Options{})
	defer tuesday.Close()
	a := tuesday.Agent("bot")
	for _, u := range []string{"https://a.example/x", "https://b.example/y", "https://c.example/z"} {
		ok, err := a.Allowed(u)
		fmt.Println(u, ok, err != nil)
	}
	// Output:
	// https://a.example/x true false
	// https://b.example/y false false
	// https://c.example/z false true
}

// Robots gives a host's whole robots.txt, for what a Matcher does not
// say: its sitemaps, its records.
func ExampleStore_Robots() {
	dir, _ := os.MkdirTemp("", "store-example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "hosts.store")
	w, _ := store.Create(path)
	w.AddRobotsTxt("https://example.com:8443/", []byte("Sitemap: https://example.com/s.xml\nUser-agent: *\nCrawl-delay: 2\n"), compileBody)
	if err := w.Close(); err != nil {
		panic(err)
	}
	st, _ := store.Open(path, store.Options{})
	defer st.Close()
	r, err := st.Robots("example.com:8443")
	if err != nil {
		panic(err)
	}
	delay, _ := r.Agent("bot").CrawlDelay()
	fmt.Println(r.Sitemaps()[0].URL, delay, st.Has("https://example.com/"))
	// Output:
	// https://example.com/s.xml 2s false
}

// A bulk filter whose frontier is grouped by host takes each host's
// Matcher once and checks the host's URLs with it: AgentOnce binds it
// without the screens, which such runs of checks do not pay back.
func ExampleStore_AgentOnce() {
	dir, _ := os.MkdirTemp("", "store-example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "hosts.store")
	w, err := store.Create(path)
	if err != nil {
		panic(err)
	}
	if err := w.AddRobotsTxt("shop.example", []byte("User-agent: *\nDisallow: /cart\n"), compileBody); err != nil {
		panic(err)
	}
	if err := w.Close(); err != nil {
		panic(err)
	}
	st, err := store.Open(path, store.Options{})
	if err != nil {
		panic(err)
	}
	defer st.Close()

	a := st.AgentOnce("examplebot")
	m, err := a.Matcher("https://shop.example/")
	if err != nil {
		panic(err)
	}
	for _, u := range []string{"https://shop.example/cart", "https://shop.example/shoes", "https://shop.example/cart/2"} {
		fmt.Println(u, m.Allowed(u))
	}
	// Output:
	// https://shop.example/cart false
	// https://shop.example/shoes true
	// https://shop.example/cart/2 false
}

// A scheduler that checks from many goroutines puts tomorrow's store in
// today's place: it publishes the new one (with its Agent, made once),
// then closes the old. A check that was running on the old one finishes;
// one that begins on it after Close meets ErrClosed and asks the current
// store.
func ExampleStore_Close() {
	dir, _ := os.MkdirTemp("", "store-example")
	defer os.RemoveAll(dir)
	type rules struct {
		st    *store.Store
		agent *store.Agent
	}
	write := func(name, body string) *rules {
		w, _ := store.Create(filepath.Join(dir, name))
		w.AddRobotsTxt("a.example", []byte(body), compileBody)
		if err := w.Close(); err != nil {
			panic(err)
		}
		st, err := store.Open(filepath.Join(dir, name), store.Options{})
		if err != nil {
			panic(err)
		}
		return &rules{st, st.Agent("bot")}
	}
	var current atomic.Pointer[rules]
	current.Store(write("monday.store", "User-agent: *\nDisallow: /x\n"))
	allowed := func(url string) (bool, error) {
		for {
			ok, err := current.Load().agent.Allowed(url)
			if !errors.Is(err, store.ErrClosed) {
				return ok, err
			}
		}
	}
	fmt.Println(allowed("https://a.example/x"))

	old := current.Swap(write("tuesday.store", "User-agent: *\nAllow: /\n"))
	old.st.Close()
	_, err := old.agent.Allowed("https://a.example/x")
	fmt.Println(err)
	fmt.Println(allowed("https://a.example/x"))
	current.Load().st.Close()
	// Output:
	// false <nil>
	// robotsdfa store: closed
	// true <nil>
}

// A scheduler that compiles millions of robots.txt prepares their blobs
// on every core (Prepare validates and compresses, the costly part) and
// adds them in order; hosts known to serve the same file are mapped to
// one content with PutHost.
func ExamplePrepare() {
	dir, _ := os.MkdirTemp("", "store-example")
	defer os.RemoveAll(dir)
	bodies := []string{
		"User-agent: *\nDisallow: /cart\n",
		"User-agent: *\nDisallow: /drafts/\n",
		"User-agent: *\nAllow: /\n",
	}
	hosts := [][]string{
		{"shop.example", "www.shop.example", "shop.example:8443"},
		{"blog.example"},
		{"docs.example"},
	}
	prepared := make([]*store.Prepared, len(bodies))
	var wg sync.WaitGroup
	for i, body := range bodies {
		wg.Add(1)
		go func() {
			defer wg.Done()
			blob, err := compileBody([]byte(body))
			if err == nil {
				prepared[i], err = store.Prepare(blob)
			}
			if err != nil {
				panic(err)
			}
		}()
	}
	wg.Wait()

	w, err := store.Create(filepath.Join(dir, "hosts.store"))
	if err != nil {
		panic(err)
	}
	for i, p := range prepared {
		c, err := w.AddPrepared(p)
		if err != nil {
			panic(err)
		}
		for _, h := range hosts[i] {
			if err := w.PutHost(h, c); err != nil {
				panic(err)
			}
		}
	}
	fmt.Println(w.Hosts(), "hosts,", w.Contents(), "distinct blobs")
	if err := w.Close(); err != nil {
		panic(err)
	}
	// Output: 5 hosts, 3 distinct blobs
}

// Each lists a store's hosts with the index of the blob each uses: hosts
// that share an index serve the same robots.txt.
func ExampleStore_Each() {
	dir, _ := os.MkdirTemp("", "store-example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "hosts.store")
	w, _ := store.Create(path)
	w.AddRobotsTxt("b.example", []byte("User-agent: *\nDisallow: /x\n"), compileBody)
	w.AddRobotsTxt("a.example", []byte("User-agent: *\nDisallow: /x\n"), compileBody)
	w.AddRobotsTxt("c.example", []byte("User-agent: *\nDisallow: /y\n"), compileBody)
	if err := w.Close(); err != nil {
		panic(err)
	}
	st, _ := store.Open(path, store.Options{})
	defer st.Close()

	byContent := map[int][]string{}
	err := st.Each(func(key string, content int) error {
		byContent[content] = append(byContent[content], key)
		return nil
	})
	for c := 0; c < st.Contents(); c++ {
		hosts := byContent[c]
		sort.Strings(hosts)
		fmt.Println(c, hosts)
	}
	fmt.Println(err)
	// Output:
	// 0 [a.example b.example]
	// 1 [c.example]
	// <nil>
}

// The key a host's robots.txt is kept under: what a URL, or a host with a
// port, names.
func ExampleKey() {
	for _, h := range []string{
		"https://WWW.Example.com:443/path",
		"http://example.com:8080/",
		"b\u00fccher.example.",
		"http://example.com:80/",
		"https://[::1]:8443/",
		"https:///no-host",
	} {
		key, ok := store.Key(h)
		fmt.Printf("%q %v\n", key, ok)
	}
	// Output:
	// "www.example.com" true
	// "example.com:8080" true
	// "xn--bcher-kva.example" true
	// "example.com" true
	// "[::1]:8443" true
	// "" false
}

// Check says which rule of the host's robots.txt decided, for a
// scheduler's log.
func ExampleAgent_Check() {
	dir, _ := os.MkdirTemp("", "store-example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "hosts.store")
	w, _ := store.Create(path)
	w.AddRobotsTxt("shop.example", []byte("User-agent: *\nDisallow: /cart\nAllow: /cart/help\n"), compileBody)
	if err := w.Close(); err != nil {
		panic(err)
	}
	st, _ := store.Open(path, store.Options{})
	defer st.Close()

	a := st.Agent("examplebot")
	for _, u := range []string{"https://shop.example/cart/1", "https://shop.example/cart/help", "https://shop.example/"} {
		res, err := a.Check(u)
		if err != nil {
			panic(err)
		}
		fmt.Println(u, res.Allowed, res.Line)
	}
	// Output:
	// https://shop.example/cart/1 false 2
	// https://shop.example/cart/help true 3
	// https://shop.example/ true 0
}

// A frontier reader checks each line in the scanner's buffer, with no
// string made per URL.
func ExampleAgent_CheckBytes() {
	dir, _ := os.MkdirTemp("", "store-example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "hosts.store")
	w, _ := store.Create(path)
	w.AddRobotsTxt("shop.example", []byte("User-agent: *\nDisallow: /cart\n"), compileBody)
	if err := w.Close(); err != nil {
		panic(err)
	}
	st, _ := store.Open(path, store.Options{})
	defer st.Close()

	a := st.Agent("examplebot")
	frontier := bufio.NewScanner(strings.NewReader("https://shop.example/cart/1\nhttps://shop.example/shoes\nhttps://new.example/\n"))
	for frontier.Scan() {
		res, err := a.CheckBytes(frontier.Bytes())
		switch {
		case errors.Is(err, store.ErrNotFound):
			fmt.Printf("%s no robots.txt\n", frontier.Bytes())
		case err != nil:
			panic(err)
		default:
			fmt.Printf("%s %v %d\n", frontier.Bytes(), res.Allowed, res.Line)
		}
	}
	// Output:
	// https://shop.example/cart/1 false 2
	// https://shop.example/shoes true 0
	// https://new.example/ no robots.txt
}

// A scheduler that does not know how many hosts it will touch starts with
// a small cache and grows it while robots.txt dropped earlier are asked
// for again.
func ExampleStore_Resize() {
	dir, _ := os.MkdirTemp("", "store-example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "hosts.store")
	w, _ := store.Create(path)
	for i := 0; i < 200; i++ {
		body := fmt.Sprintf("User-agent: *\nDisallow: /%d/\n", i)
		w.AddRobotsTxt(fmt.Sprintf("h%d.example", i), []byte(body), compileBody)
	}
	if err := w.Close(); err != nil {
		panic(err)
	}
	st, _ := store.Open(path, store.Options{CacheBytes: 64 << 10})
	defer st.Close()

	a := st.Agent("examplebot")
	pass := func() {
		for i := 0; i < 200; i++ {
			if _, err := a.Allowed(fmt.Sprintf("https://h%d.example/", i)); err != nil {
				panic(err)
			}
		}
	}
	pass()
	pass()
	grow := st.CacheStats().Reloads > 0 // the hosts in use do not fit
	if grow {
		st.Resize(8 << 20)
	}
	pass() // loads again what was dropped
	before := st.CacheStats()
	pass()
	after := st.CacheStats()
	fmt.Println(grow, after.Loads-before.Loads, after.Reloads-before.Reloads)
	// Output: true 0 0
}

// A frontier reader that has each URL's host key already (runtime's, in a
// reused buffer) asks by key. A host the store does not hold is the
// caller's to decide: here allowed, as RFC 9309 reads a missing robots.txt,
// and listed for a fetch.
func ExampleAgent_MatcherKey() {
	dir, _ := os.MkdirTemp("", "store-example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "hosts.store")
	w, _ := store.Create(path)
	w.AddRobotsTxt("shop.example", []byte("User-agent: *\nDisallow: /cart\n"), compileBody)
	if err := w.Close(); err != nil {
		panic(err)
	}
	st, _ := store.Open(path, store.Options{})
	defer st.Close()

	a := st.AgentOnce("examplebot")
	var key []byte
	var fetchNext []string
	for _, u := range []string{"https://Shop.Example/cart", "https://shop.example/shoes", "https://new.example/cart", "mailto:x@y.example"} {
		var ok bool
		if key, ok = runtime.AppendHostKey(key[:0], u); !ok {
			fmt.Println(u, "has no host")
			continue
		}
		m, err := a.MatcherKey(key)
		switch {
		case errors.Is(err, store.ErrNotFound):
			fmt.Println(u, true, "(no robots.txt)")
			fetchNext = append(fetchNext, string(key))
		case err != nil:
			panic(err)
		default:
			fmt.Println(u, m.Allowed(u))
		}
	}
	fmt.Println("fetch next:", fetchNext)
	// Output:
	// https://Shop.Example/cart false
	// https://shop.example/shoes true
	// https://new.example/cart true (no robots.txt)
	// mailto:x@y.example has no host
	// fetch next: [new.example]
}

// A caller that knows which hosts serve one file (a hosting platform's
// default robots.txt, say) adds its blob once and maps the hosts to it:
// the blob is validated once, not per host.
func ExampleWriter_PutHost() {
	dir, _ := os.MkdirTemp("", "store-example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "hosts.store")
	w, err := store.Create(path)
	if err != nil {
		panic(err)
	}
	blob, err := compileBody([]byte("User-agent: *\nDisallow: /wp-admin/\n"))
	if err != nil {
		panic(err)
	}
	c, err := w.AddContent(blob)
	if err != nil {
		panic(err)
	}
	for i := 1; i <= 1000; i++ {
		if err := w.PutHost(fmt.Sprintf("site%d.example", i), c); err != nil {
			panic(err)
		}
	}
	if err := w.Close(); err != nil {
		panic(err)
	}
	st, _ := store.Open(path, store.Options{})
	defer st.Close()
	ok, err := st.Agent("examplebot").Allowed("https://site512.example/wp-admin/")
	fmt.Println(st.Hosts(), "hosts,", st.Contents(), "blob;", ok, err)
	// Output: 1000 hosts, 1 blob; false <nil>
}

// An update that fails halfway leaves the store it was to replace as it
// was: a Writer writes beside its path and renames at Close, and Abort
// removes what it wrote.
func ExampleWriter_Abort() {
	dir, _ := os.MkdirTemp("", "store-example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "hosts.store")
	w, _ := store.Create(path)
	w.AddRobotsTxt("a.example", []byte("User-agent: *\nDisallow: /x\n"), compileBody)
	if err := w.Close(); err != nil {
		panic(err)
	}

	w, _ = store.Create(path)
	w.AddRobotsTxt("a.example", []byte("User-agent: *\nAllow: /\n"), compileBody)
	if err := w.Add("b.example", []byte("not a blob")); err != nil {
		fmt.Println("refused:", errors.Is(err, runtime.ErrFormat))
		w.Abort()
	}
	entries, _ := os.ReadDir(dir)
	st, _ := store.Open(path, store.Options{})
	defer st.Close()
	ok, err := st.Agent("bot").Allowed("https://a.example/x")
	fmt.Println(len(entries), "file;", ok, err)
	// Output:
	// refused: true
	// 1 file; false <nil>
}

// Blob gives a host's compiled robots.txt as it was added, for another
// process or machine to Load.
func ExampleStore_Blob() {
	dir, _ := os.MkdirTemp("", "store-example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "hosts.store")
	w, _ := store.Create(path)
	w.AddRobotsTxt("a.example", []byte("User-agent: *\nDisallow: /x\nSitemap: https://a.example/map.xml\n"), compileBody)
	if err := w.Close(); err != nil {
		panic(err)
	}
	st, _ := store.Open(path, store.Options{})
	defer st.Close()

	blob, err := st.Blob("A.Example")
	if err != nil {
		panic(err)
	}
	r, err := runtime.Load(blob)
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Agent("bot").Allowed("/x/y"), r.Sitemaps()[0].URL)
	_, err = st.Blob("b.example")
	fmt.Println(errors.Is(err, store.ErrNotFound))
	// Output:
	// false https://a.example/map.xml
	// true
}
