package compile_test

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand"
	goruntime "runtime"
	"strings"
	"sync"
	"testing"

	"github.com/robotsdfa/robotsdfa/automaton"
	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/conformance"
	"github.com/robotsdfa/robotsdfa/internal/reference"
	"github.com/robotsdfa/robotsdfa/internal/testcorpus"
	"github.com/robotsdfa/robotsdfa/runtime"
)

// commonPaths are asked of every file besides the URLs made from its own
// patterns.
var commonPaths = []string{
	"/", "/index.html", "/robots.txt", "/search?q=robots", "/wp-admin/", "/wp-admin/admin-ajax.php",
	"/cgi-bin/x", "/?", "/;jsessionid=1", "/a%2Fb", "/%7Euser/", "/caf%C3%A9", "/café", "/*", "/$",
	"/private/", "/api/v1/users?id=1&x=2", "/images/logo.gif", "/print/", "/login",
	"/#/private/", "/index.html#top", "/login#",
}

// urlsFor makes URLs from a pattern: its literal parts with '*' filled in
// several ways, prefixes, extensions, queries, a fragment, case and escape
// variants, and both sides of a '$'.
func urlsFor(pattern string, rng *rand.Rand) []string {
	if pattern == "" {
		return nil
	}
	body := strings.TrimSuffix(pattern, "$")
	fills := []string{"", "x", "/a/b", "%2A", ".html", "?q=1"}
	var out []string
	for i, fill := range fills[:2+rng.Intn(len(fills)-1)] {
		p := strings.ReplaceAll(body, "*", fill)
		out = append(out, p, p+"x", p+"/y", p+"?q=1")
		if i == 0 {
			// A fragment that would match, were it read, after a path
			// that an anchored pattern ends on.
			out = append(out, p+"#"+p)
		}
	}
	plain := strings.ReplaceAll(body, "*", "")
	if n := len(plain); n > 1 {
		out = append(out, plain[:1+rng.Intn(n-1)])
	}
	out = append(out, strings.ToUpper(plain), strings.ToLower(plain))
	if i := strings.IndexAny(plain, "abcdefghijklmnopqrstuvwxyz"); i >= 0 {
		out = append(out, plain[:i]+fmt.Sprintf("%%%02x", plain[i])+plain[i+1:])
		out = append(out, plain[:i]+fmt.Sprintf("%%%02X", plain[i])+plain[i+1:])
	}
	if i := strings.Index(plain, "%"); i >= 0 && i+3 <= len(plain) {
		out = append(out, plain[:i]+strings.ToLower(plain[i:i+3])+plain[i+3:])
	}
	return out
}

// tokensOf returns a few product tokens to ask about: some of the file's
// own, googlebot, and one no file names.
func tokensOf(f *compile.File) []string {
	toks := []string{"googlebot", "nobody-at-all"}
	seen := map[string]bool{}
	for _, g := range f.Groups {
		for _, a := range g.Agents {
			if !a.Global && !seen[a.Token] && len(toks) < 5 {
				seen[a.Token] = true
				toks = append(toks, a.Token)
			}
		}
	}
	return toks
}

type diffStats struct{ files, queries int }

// loadBlob serialises set, checks that decoding and encoding again gives
// the same bytes, and loads the blob.
func loadBlob(t *testing.T, set *automaton.Set) *runtime.Robots {
	t.Helper()
	blob, err := set.AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	decoded, err := automaton.Decode(blob)
	if err != nil {
		t.Fatalf("decoding a fresh blob: %v", err)
	}
	again, err := decoded.AppendBinary(nil)
	if err != nil || !bytes.Equal(again, blob) {
		t.Fatalf("blob does not round-trip byte for byte (%v)", err)
	}
	r, err := runtime.Load(blob)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// diffFile compares reference and automaton (in memory, and through the
// blob bound with and without its screens) on one file for every token
// and URL; it reports the first few disagreements.
func diffFile(t *testing.T, name string, body []byte, opts compile.Options, budget automaton.Budget, urls []string, st *diffStats) {
	t.Helper()
	opts.Budget = budget
	f := compile.Parse(body, opts)
	set := f.CompileSet()
	robots := loadBlob(t, set)
	fails := 0
	for _, tok := range tokensOf(f) {
		m, once := robots.Agent(tok), robots.AgentOnce(tok)
		for _, u := range urls {
			ref := reference.Check(f, []string{tok}, false, u)
			want := conformance.Verdict{Allowed: ref.Allowed, Line: ref.Line}
			got := checkSet(set, opts.Mode, []string{tok}, false, u)
			res := m.Check(u)
			blob := conformance.Verdict{Allowed: res.Allowed, Line: res.Line}
			st.queries++
			if got != want || blob != want || once.Check(u) != res {
				if fails++; fails <= 5 {
					t.Errorf("%s [%v] token %q url %q: automaton %v, blob %v (bound once %+v), reference %v",
						name, opts.Mode, tok, u, got, blob, once.Check(u), want)
				}
			}
		}
	}
	st.files++
}

var differential = flag.String("differential", "sample", "the corpus TestDifferentialCorpus runs on: sample or full")

// TestDifferentialCorpus: both. On every sample file, in both modes, the
// automaton agrees with the reference on verdict and deciding line for
// URLs made from the file's own patterns and common paths. The whole
// shared corpus, by hand:
//
//	go test ./compile -run DifferentialCorpus -differential=full -timeout 1h
func TestDifferentialCorpus(t *testing.T) {
	files, err := corpusFiles(t, *differential)
	if err != nil {
		t.Fatal(err)
	}
	// The files are shared out among a worker per processor; each keeps
	// its own counts.
	workers := goruntime.GOMAXPROCS(0)
	stats := make([]diffStats, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(files); i += workers {
				diffCorpusFile(t, files[i], &stats[w])
			}
		}()
	}
	wg.Wait()
	var st diffStats
	for _, s := range stats {
		st.files, st.queries = st.files+s.files, st.queries+s.queries
	}
	t.Logf("%d (file, mode) pairs, %d queries", st.files, st.queries)
}

// diffCorpusFile is TestDifferentialCorpus's work on one file, in both
// modes.
func diffCorpusFile(t *testing.T, file testcorpus.File, st *diffStats) {
	for _, mode := range []compile.Mode{compile.Google, compile.RFC9309} {
		opts := compile.Options{Mode: mode}
		f := compile.Parse(file.Data, opts)
		rng := rand.New(rand.NewSource(int64(len(file.Data))))
		// Bound the reference's quadratic work on the biggest files.
		limit := 600
		if len(f.Lines) > 2000 {
			limit = 60
		}
		var urls []string
		for _, p := range commonPaths {
			urls = append(urls, "http://example.com"+p)
		}
		for _, ln := range f.Lines {
			if ln.Kind.IsRule() && len(urls) < limit {
				for _, u := range urlsFor(ln.Pattern(), rng) {
					urls = append(urls, "http://example.com"+u)
				}
			}
		}
		diffFile(t, file.Name, file.Data, opts, automaton.Budget{}, urls, st)
	}
}

// randomBody writes a robots.txt from a small alphabet so that rules
// collide often: stars, anchors, escapes, shared prefixes, ties.
func randomBody(rng *rand.Rand) string {
	var b strings.Builder
	agents := []string{"a", "b", "*", "A", "c"}
	for g := 0; g < 1+rng.Intn(3); g++ {
		for u := 0; u < 1+rng.Intn(2); u++ {
			fmt.Fprintf(&b, "User-agent: %s\n", agents[rng.Intn(len(agents))])
		}
		for r := 0; r < rng.Intn(7); r++ {
			kind := "Allow"
			if rng.Intn(2) == 0 {
				kind = "Disallow"
			}
			fmt.Fprintf(&b, "%s: %s\n", kind, randomPattern(rng, true))
		}
	}
	return b.String()
}

func randomPattern(rng *rand.Rand, isPattern bool) string {
	alphabet := []string{"/", "a", "b", "*", "$", "%2A", "%61", "%2f", "ä", "index.html"}
	if !isPattern {
		alphabet = []string{"/", "a", "b", "*", "$", "%2A", "%61", "%2f", "ä", "?", "index.html", "\x00"}
	}
	var b strings.Builder
	if isPattern && rng.Intn(5) > 0 {
		b.WriteByte('/')
	}
	for i := 0; i < rng.Intn(7); i++ {
		b.WriteString(alphabet[rng.Intn(len(alphabet))])
	}
	return b.String()
}

// TestDifferentialRandom: both. Seeded random bodies and URLs, the
// automaton with the default budget and with a budget of a few states
// (which forces the split fallback), against the reference.
func TestDifferentialRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(9309))
	var st diffStats
	budgets := []automaton.Budget{{}, {MaxStates: 3}, {MaxStates: 12}}
	for i := 0; i < 1500; i++ {
		body := randomBody(rng)
		var urls []string
		for j := 0; j < 12; j++ {
			urls = append(urls, "http://example.com"+randomPattern(rng, false))
		}
		mode := compile.Mode(i % 2)
		diffFile(t, fmt.Sprintf("random #%d %q", i, body), []byte(body), compile.Options{Mode: mode},
			budgets[i%len(budgets)], urls, &st)
		if t.Failed() {
			break
		}
	}
	t.Logf("%d bodies, %d queries", st.files, st.queries)
}
