package workload

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/robotsdfa/robotsdfa/automaton"
	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/runtime"
)

// Query is one check: a URL and the matcher of its host's robots.txt
// (File names it in Workload.Bodies, for other libraries to parse).
type Query struct {
	Matcher runtime.Matcher
	URL     string
	File    string
}

// Workload is a list of checks.
type Workload struct {
	Name    string
	Queries []Query
	// Files is how many robots.txt files the queries use; Bodies holds
	// them by name.
	Files  int
	Bodies map[string][]byte
	// Blobs holds each file's compiled blob (what its matcher reads).
	Blobs map[string][]byte
}

// Bytes is the total length of the workload's URLs.
func (w *Workload) Bytes() int {
	n := 0
	for _, q := range w.Queries {
		n += len(q.URL)
	}
	return n
}

// Frontier is the frontier workload: every URL of c's lists whose
// lower-cased host has a file in c.Hosts, in list order, checked for token
// against its host's file compiled in mode (one matcher per file).
func (c *Corpus) Frontier(token string, mode compile.Mode) (*Workload, error) {
	w := &Workload{Name: "frontier", Bodies: map[string][]byte{}, Blobs: map[string][]byte{}}
	matchers := map[string]runtime.Matcher{}
	for _, list := range c.URLs {
		urls, err := ReadLines(list)
		if err != nil {
			return nil, err
		}
		for _, u := range urls {
			host, _, ok := runtime.Host(u)
			if !ok {
				continue
			}
			file, ok := c.Hosts[strings.ToLower(host)]
			if !ok {
				continue
			}
			m, ok := matchers[file]
			if !ok {
				body, blob, r, err := c.Load(file, mode)
				if err != nil {
					return nil, err
				}
				m = r.Agent(token)
				matchers[file] = m
				w.Bodies[file], w.Blobs[file] = body, blob
			}
			w.Queries = append(w.Queries, Query{m, u, file})
		}
	}
	w.Files = len(matchers)
	if len(w.Queries) == 0 {
		return nil, fmt.Errorf("workload: no frontier URL of %s has a robots.txt there", c.Name)
	}
	return w, nil
}

// Wikipedia is the Wikipedia workload: en.wikipedia.org URLs (c's
// WikipediaURLs list, else the frontier's) against en.wikipedia.org's file.
func (c *Corpus) Wikipedia(token string, mode compile.Mode) (*Workload, error) {
	file, ok := c.Hosts["en.wikipedia.org"]
	if !ok {
		return nil, fmt.Errorf("workload: %s has no robots.txt for en.wikipedia.org", c.Name)
	}
	body, blob, r, err := c.Load(file, mode)
	if err != nil {
		return nil, err
	}
	m := r.Agent(token)
	lists := c.URLs
	if c.WikipediaURLs != "" {
		lists = []string{c.WikipediaURLs}
	}
	w := &Workload{Name: "wikipedia", Files: 1, Bodies: map[string][]byte{file: body}, Blobs: map[string][]byte{file: blob}}
	for _, list := range lists {
		urls, err := ReadLines(list)
		if err != nil {
			return nil, err
		}
		for _, u := range urls {
			if host, _, ok := runtime.Host(u); ok && strings.EqualFold(host, "en.wikipedia.org") {
				w.Queries = append(w.Queries, Query{m, u, file})
			}
		}
	}
	if len(w.Queries) == 0 {
		return nil, fmt.Errorf("workload: %s has no en.wikipedia.org URLs", c.Name)
	}
	return w, nil
}

// Load reads, compiles and serialises one file of the corpus and loads the
// blob, as a crawler that stores blobs would; it returns the body and the
// blob too.
func (c *Corpus) Load(file string, mode compile.Mode) (body, blob []byte, r *runtime.Robots, err error) {
	body, err = os.ReadFile(filepath.Join(c.Robots, file))
	if err != nil {
		return nil, nil, nil, err
	}
	blob, err = Compile(body, mode)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("%s: %w", file, err)
	}
	r, err = runtime.Load(blob)
	return body, blob, r, err
}

// Compile compiles and serialises a robots.txt body with the default
// options, as a crawler that stores blobs does (compile.Compile: no line
// report, which only lint and explain read).
func Compile(body []byte, mode compile.Mode) ([]byte, error) {
	return compile.Compile(body, compile.Options{Mode: mode}).AppendBinary(nil)
}

// CompileSet is the set a body's blob holds, in memory.
func CompileSet(body []byte, mode compile.Mode) *automaton.Set {
	return compile.Parse(body, compile.Options{Mode: mode}).CompileSet()
}

// Adversarial is the adversarial workload: long paths against star-heavy
// patterns, the worst case for backtracking matchers (Google's reference
// included). Each case is its own robots.txt; the URL is 2,000 bytes or
// more.
func Adversarial(token string) (*Workload, error) {
	bodies, paths := adversarialBodies(), adversarialPaths()
	w := &Workload{Name: "adversarial", Files: len(bodies), Bodies: map[string][]byte{}, Blobs: map[string][]byte{}}
	for i, body := range bodies {
		blob, err := Compile([]byte(body), compile.Google)
		if err != nil {
			return nil, fmt.Errorf("adversarial case %d: %w", i, err)
		}
		r, err := runtime.Load(blob)
		if err != nil {
			return nil, fmt.Errorf("adversarial case %d: %w", i, err)
		}
		name := fmt.Sprintf("adversarial-%d", i)
		w.Bodies[name], w.Blobs[name] = []byte(body), blob
		w.Queries = append(w.Queries, Query{r.Agent(token), "https://example.com" + paths[i], name})
	}
	return w, nil
}

func adversarialBodies() []string {
	return []string{
		"user-agent: *\ndisallow: /*a*a*a*a*a*a*a*a*a*a*b\n",
		"user-agent: *\ndisallow: /*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b$\nallow: /*a*a*a*a*b\n",
		"user-agent: *\n" + starRules(200),
	}
}

func adversarialPaths() []string {
	a2000 := "/" + strings.Repeat("a", 1999)
	return []string{a2000, a2000, "/" + strings.Repeat("ab", 1000)}
}

// starRules writes n disallow rules /*x1*x2*…*c of growing length that
// all nearly match a path of "ab" pairs.
func starRules(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		b.WriteString("disallow: /")
		for j := 0; j < i%20+2; j++ {
			b.WriteString("*ab")
		}
		b.WriteString("*c\n")
	}
	return b.String()
}

// Names are the check workloads, in the order reports list them.
var Names = []string{"frontier", "wikipedia", "adversarial"}

// Workload loads the check workload called name (one of Names).
func (c *Corpus) Workload(name, token string, mode compile.Mode) (*Workload, error) {
	switch name {
	case "frontier":
		return c.Frontier(token, mode)
	case "wikipedia":
		return c.Wikipedia(token, mode)
	case "adversarial":
		return Adversarial(token)
	}
	return nil, fmt.Errorf("workload: no workload %q", name)
}
