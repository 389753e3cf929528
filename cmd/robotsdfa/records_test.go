package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	farm "github.com/dgryski/go-farm"
	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/conformance"
	"github.com/robotsdfa/robotsdfa/internal/testcorpus"
	"github.com/stretchr/testify/require"
)

// runIn runs the command line in this process (the tests here run it
// hundreds of times).
func runIn(t testing.TB, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(&env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb}, args)
	return result{out.String(), errb.String(), code}
}

// TestRecordsConformanceThroughCommand: both, google and rfc (SEMANTICS
// 5). The cases of testdata/conformance/records.json through records
// -json, on the robots.txt (every field, the delays' lines included) and
// on its blob (the same values; a blob keeps no line for the delays).
func TestRecordsConformanceThroughCommand(t *testing.T) {
	dir := t.TempDir()
	cases := repo("testdata", "conformance", "records.json")
	file := func(robots string, opts compile.Options) string {
		path := filepath.Join(dir, fmt.Sprintf("%x.txt", farm.Fingerprint64([]byte(robots))))
		require.NoError(t, os.WriteFile(path, []byte(robots), 0o644))
		return path
	}
	n := conformance.RunRecords(t, cases, true, func(robots string, opts compile.Options, tokens []string) (conformance.RecordsCase, error) {
		r := runIn(t, "records", "-json", "-mode", opts.Mode.String(), file(robots, opts), strings.Join(tokens, ","))
		if r.code != exitOK {
			return conformance.RecordsCase{}, fmt.Errorf("exit %d: %s", r.code, r.stderr)
		}
		return commandRecords(t, r.stdout), nil
	})
	conformance.RunRecords(t, cases, false, func(robots string, opts compile.Options, tokens []string) (conformance.RecordsCase, error) {
		blob := file(robots, opts) + "." + opts.Mode.String() + ".blob"
		r := runIn(t, "compile", "-mode", opts.Mode.String(), "-o", blob, file(robots, opts))
		if r.code == exitOK {
			r = runIn(t, "records", "-json", blob, strings.Join(tokens, ","))
		}
		if r.code != exitOK {
			return conformance.RecordsCase{}, fmt.Errorf("exit %d: %s", r.code, r.stderr)
		}
		return commandRecords(t, r.stdout), nil
	})
	t.Logf("%d (case, mode) pairs, on the file and on its blob", n)
}

// commandRecords reads records -json's output as a records case says it.
func commandRecords(t *testing.T, out string) conformance.RecordsCase {
	t.Helper()
	var doc struct {
		CrawlDelay  *conformance.Delay        `json:"crawl_delay"`
		RequestRate *conformance.Rate         `json:"request_rate"`
		Sitemaps    []conformance.SitemapCase `json:"sitemaps"`
		Host        *conformance.RecordCase   `json:"host"`
		Records     []conformance.RecordCase  `json:"records"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	return conformance.RecordsCase{CrawlDelay: doc.CrawlDelay, RequestRate: doc.RequestRate,
		Sitemaps: doc.Sitemaps, Host: doc.Host, Records: doc.Records}
}

// recordsShape is docs/RECORDS.md's table: each path of the JSON object
// and the kinds of value it may hold ("?" after a name: the field may be
// absent).
var recordsShape = map[string][]string{
	"source": {"string"}, "from": {"string"}, "pack?": {"string"}, "fetch?": {"string"}, "mode": {"string"}, "agent": {"array"},
	"agent[]": {"string"}, "groups": {"object"}, "groups.token": {"string"}, "groups.global": {"bool"},
	"groups.lines": {"array"}, "groups.lines[]": {"number"},
	"crawl_delay": {"object", "null"}, "crawl_delay.seconds": {"number"}, "crawl_delay.line": {"number"},
	"crawl_delay.candidates": {"array"}, "crawl_delay.candidates[]": {"object"},
	"crawl_delay.candidates[].seconds": {"number"}, "crawl_delay.candidates[].line": {"number"},
	"crawl_delay.why": {"string"},
	"request_rate":    {"object", "null"}, "request_rate.requests": {"number"}, "request_rate.seconds": {"number"},
	"request_rate.line": {"number"}, "request_rate.candidates": {"array"}, "request_rate.candidates[]": {"object"},
	"request_rate.candidates[].requests": {"number"}, "request_rate.candidates[].seconds": {"number"},
	"request_rate.candidates[].line": {"number"}, "request_rate.why": {"string"},
	"sitemaps": {"array"}, "sitemaps[]": {"object"}, "sitemaps[].url": {"string"}, "sitemaps[].line": {"number"},
	"sitemaps[].repeats?": {"array"}, "sitemaps[].repeats[]": {"number"},
	"host": {"object", "null"}, "host.key": {"string"}, "host.value": {"string"}, "host.line": {"number"},
	"records": {"array"}, "records[]": {"object"}, "records[].key": {"string"}, "records[].value": {"string"},
	"records[].line": {"number"},
}

// checkShape checks a decoded JSON value against recordsShape: every
// field it holds is listed, of a listed kind, and every listed field of
// an object it holds is there unless marked "?".
func checkShape(t *testing.T, where, path string, v any) {
	t.Helper()
	kind := "null"
	switch v.(type) {
	case string:
		kind = "string"
	case bool:
		kind = "bool"
	case float64:
		kind = "number"
	case []any:
		kind = "array"
	case map[string]any:
		kind = "object"
	}
	if path != "" {
		kinds, ok := recordsShape[path]
		if !ok {
			kinds, ok = recordsShape[path+"?"]
		}
		if !ok {
			t.Fatalf("%s: field %s is not in docs/RECORDS.md's shape", where, path)
		}
		found := false
		for _, k := range kinds {
			found = found || k == kind
		}
		if !found {
			t.Fatalf("%s: field %s is a %s, not a %v", where, path, kind, kinds)
		}
	}
	switch v := v.(type) {
	case []any:
		for _, x := range v {
			checkShape(t, where, path+"[]", x)
		}
	case map[string]any:
		prefix := path
		if prefix != "" {
			prefix += "."
		}
		for k, x := range v {
			checkShape(t, where, prefix+k, x)
		}
		for p := range recordsShape {
			if rest, ok := strings.CutPrefix(p, prefix); ok && !strings.ContainsAny(rest, ".[") && !strings.HasSuffix(rest, "?") {
				if _, ok := v[rest]; !ok {
					t.Fatalf("%s: field %s%s is missing", where, prefix, rest)
				}
			}
		}
	}
}

// TestRecordsJSONShape: both. records -json on every file of the sample,
// in both modes, for a token the file names and for one it does not,
// holds exactly the fields docs/RECORDS.md lists, of their kinds; the
// crawl-delay and request-rate it gives are the library's.
func TestRecordsJSONShape(t *testing.T) {
	files, err := testcorpus.Sample()
	require.NoError(t, err)
	dir, err := testcorpus.SampleDir()
	require.NoError(t, err)
	delays := 0
	for _, file := range files {
		path := filepath.Join(dir, "robots", file.Name)
		for _, mode := range []compile.Mode{compile.Google, compile.RFC9309} {
			f := compile.Parse(file.Data, compile.Options{Mode: mode})
			agents := []string{"nosuchbot"}
			if tg := tokenReport(f); len(tg) > 0 && tg[0].Token != "*" {
				agents = append(agents, tg[0].Token)
			}
			for _, agent := range agents {
				where := fmt.Sprintf("%s [%v] %s", file.Name, mode, agent)
				r := runIn(t, "records", "-json", "-mode", mode.String(), path, agent)
				require.Equal(t, exitOK, r.code, "%s: %s", where, r.stderr)
				var v any
				require.NoError(t, json.Unmarshal([]byte(r.stdout), &v), where)
				checkShape(t, where, "", v)
				var rep recordsReport
				require.NoError(t, json.Unmarshal([]byte(r.stdout), &rep))
				sel := f.SelectChain(agent)
				d, ok := f.CrawlDelay(sel)
				require.Equal(t, ok, rep.CrawlDelay != nil, where)
				if ok {
					delays++
					require.Equal(t, d.Seconds(), rep.CrawlDelay.Seconds, where)
					require.NotZero(t, rep.CrawlDelay.Line, where)
				}
				rate, ok := f.RequestRate(sel)
				require.Equal(t, ok, rep.RequestRate != nil, where)
				if ok {
					require.Equal(t, rate.Requests, rep.RequestRate.Requests, where)
				}
			}
		}
	}
	if delays < 20 {
		t.Fatalf("only %d answers with a crawl-delay: the sample no longer exercises records", delays)
	}
	t.Logf("%d files, %d answers with a crawl-delay", len(files), delays)
}

// TestRecordsSources: records of a URL (fetched from a loopback server:
// the robots.txt URL is the page's origin's), of a host in a pack, the
// text form, and its errors.
func TestRecordsSources(t *testing.T) {
	body := "Sitemap: /s.xml\nUser-agent: *\nCrawl-delay: 7\nRequest-rate: 1/10\nDisallow: /private\nSitemap: /s.xml\n"
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			fmt.Fprint(w, body)
			return
		}
		http.NotFound(w, r)
	}))
	defer s.Close()
	host := strings.TrimPrefix(s.URL, "http://")

	r := runIn(t, "records", "-h")
	require.Contains(t, r.stdout, "the duration a fetch may take, redirects included (default 30s)")

	r = runIn(t, "records", "-json", "http://user@"+host+"/some/page?q#frag", "bot")
	require.Equal(t, exitOK, r.code, r.stderr)
	var rep recordsReport
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &rep))
	require.Equal(t, "http://"+host+"/robots.txt", rep.Source)
	require.Equal(t, "fetch", rep.From)
	require.Contains(t, rep.Fetch, "success (HTTP 200)")
	require.Equal(t, 7.0, rep.CrawlDelay.Seconds)
	require.Equal(t, []sitemapEntry{{URL: "/s.xml", Line: 1, Repeats: []int32{6}}}, rep.Sitemaps)
	r = runIn(t, "records", "http://"+host+"/some/page", "bot")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Equal(t, "fetch:         "+rep.Fetch, lines(r.stdout)[1])

	// The text form, from the file.
	robots := writeTemp(t, "robots.txt", []byte(body))
	r = runIn(t, "records", robots, "bot")
	require.Equal(t, exitOK, r.code, r.stderr)
	for _, want := range []string{
		"groups:        no group names the agent; the '*' group(s) at line(s) 2",
		"crawl-delay:   7s (line 3)", // one value: no reason given
		"request-rate:  1 per 10s (line 4)",
		"  line 1     /s.xml  (repeated on line(s) 6)  (not a full URL: Google ignores it)",
		"  line 3     crawl-delay: 7",
	} {
		require.Contains(t, lines(r.stdout), want)
	}
	// Two values (one group: no allow or disallow between its user-agent
	// lines): the most polite, and why.
	two := writeTemp(t, "two.txt", []byte("user-agent: a\ncrawl-delay: 3\nrequest-rate: 1/5\n\nuser-agent: a\ncrawl-delay: 9\nrequest-rate: 2/5\n"))
	r = runIn(t, "records", two, "a")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, lines(r.stdout), "crawl-delay:   9s (line 6), the largest of the groups that apply (the most polite): line 2 3s; line 6 9s;")
	require.Contains(t, lines(r.stdout), "request-rate:  1 per 5s (line 3), the lowest of the groups that apply (the most polite): line 3 1 per 5s; line 7 2 per 5s;")
	// The line named is the one of the value chosen, not of one that
	// shares its count or its period.
	shared := writeTemp(t, "shared.txt", []byte("user-agent: a\nrequest-rate: 1/5\nrequest-rate: 2/10\nrequest-rate: 1/10\n"))
	r = runIn(t, "records", shared, "a")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, lines(r.stdout), "request-rate:  1 per 10s (line 4), the lowest of the groups that apply (the most polite): line 2 1 per 5s; line 3 2 per 10s; line 4 1 per 10s;")

	// A host in a pack.
	rdir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(rdir, "example.com.txt"), []byte(body), 0o644))
	pack := filepath.Join(t.TempDir(), "x.pack")
	r = runIn(t, "compile", "-robots-dir", rdir, "-o", pack)
	require.Equal(t, exitOK, r.code, r.stderr)
	for _, h := range []string{"example.com", "EXAMPLE.com", "https://example.com/x"} {
		r = runIn(t, "records", "-json", "-pack", pack, h, "bot")
		require.Equal(t, exitOK, r.code, "%s: %s", h, r.stderr)
		require.NoError(t, json.Unmarshal([]byte(r.stdout), &rep))
		require.Equal(t, "blob", rep.From)
		require.Equal(t, pack, rep.Pack)
		require.Equal(t, 7.0, rep.CrawlDelay.Seconds)
		var v any
		require.NoError(t, json.Unmarshal([]byte(r.stdout), &v))
		checkShape(t, h, "", v)
	}
	r = runIn(t, "records", "-pack", pack, "other.example", "bot")
	require.Equal(t, exitProblem, r.code)
	require.Equal(t, "robotsdfa records: "+pack+": no robots.txt for host other.example (filter gives its URLs -missing's verdict; robotsdfa fetch -hosts LIST -from "+pack+" -o "+pack+" adds it)\n", r.stderr)

	// A blob read in the other mode is refused; usage errors.
	r = runIn(t, "records", "-mode", "rfc", "-pack", pack, "example.com", "bot")
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "compiled in google mode; -mode rfc does not apply")
	r = runIn(t, "records", robots)
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "want SOURCE and AGENT")
	r = runIn(t, "records", filepath.Dir(robots), "bot")
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "is a directory")

	// fetch -explain says the same of the fetched file.
	r = runIn(t, "fetch", "-explain", "-agent", "bot", s.URL+"/private/x")
	require.Equal(t, exitFound, r.code, r.stderr)
	require.Contains(t, r.stderr, "/robots.txt: crawl-delay 7s, request-rate 1 per 10s for bot; sitemaps: /s.xml")

	// The empty agent is named as such, in both.
	r = runIn(t, "fetch", "-explain", "-agent", "", s.URL+"/private/x")
	require.Contains(t, r.stderr, "/robots.txt: crawl-delay 7s, request-rate 1 per 10s for the empty agent; sitemaps: /s.xml")
	r = runIn(t, "records", robots, "")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, lines(r.stdout), "agent:         (empty: no product token)")
}

// TestLintCarriesRecords: lint -json has, per file, the sitemaps, host and
// records of records -json, and per token its crawl-delay and
// request-rate.
func TestLintCarriesRecords(t *testing.T) {
	tests, err := conformance.LoadRecords(repo("testdata", "conformance", "records.json"))
	require.NoError(t, err)
	tc := tests[0]
	robots := writeTemp(t, "robots.txt", []byte(tc.Robots))
	r := runIn(t, "lint", "-json", robots)
	var doc struct {
		Files []lintReport `json:"files"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc))
	file := doc.Files[0]
	rec := runIn(t, "records", "-json", robots, "a")
	var rep recordsReport
	require.NoError(t, json.Unmarshal([]byte(rec.stdout), &rep))
	require.Equal(t, rep.Sitemaps, file.Sitemaps)
	require.Equal(t, rep.Host, file.Host)
	require.Equal(t, rep.Records, file.Records)
	var tokens []string
	for _, tg := range file.Tokens {
		tokens = append(tokens, tg.Token)
		if tg.Token == "a" {
			require.True(t, reflect.DeepEqual(rep.CrawlDelay, tg.CrawlDelay), "%+v %+v", rep.CrawlDelay, tg.CrawlDelay)
			require.True(t, reflect.DeepEqual(rep.RequestRate, tg.RequestRate))
		}
	}
	sort.Strings(tokens)
	require.Equal(t, []string{"*", "a"}, tokens)
}

// TestRecordsText: the text form whole, from a file, from a blob in a
// pack (no lines kept), for an agent no group names, and for a file
// shorter than a blob's magic.
func TestRecordsText(t *testing.T) {
	body := "Sitemap: /s.xml\nUser-agent: *\nCrawl-delay: 7\nRequest-rate: 1/10\nDisallow: /private\nSitemap: /s.xml\nHost: example.com\nNoindex: /x\n"
	records := `host:          example.com (line 7; not read by Yandex since March 2018)
sitemaps:
  line 1     /s.xml  (repeated on line(s) 6)  (not a full URL: Google ignores it)
other records:
  line 3     crawl-delay: 7
  line 4     request-rate: 1/10
  line 7     host: example.com  (not read by Yandex since March 2018)
  line 8     noindex: /x  (not read by Google since 1 September 2019)
`
	robots := writeTemp(t, "robots.txt", []byte(body))
	r := runIn(t, "records", robots, "bot")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Empty(t, r.stderr) // nothing cut, nothing to warn of
	require.Equal(t, "source:        "+robots+` (robots.txt, google mode)
agent:         bot
groups:        no group names the agent; the '*' group(s) at line(s) 2
crawl-delay:   7s (line 3)
request-rate:  1 per 10s (line 4)
`+records, r.stdout)

	rdir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(rdir, "example.com.txt"), []byte(body), 0o644))
	pack := filepath.Join(t.TempDir(), "x.pack")
	r = runIn(t, "compile", "-robots-dir", rdir, "-o", pack)
	require.Equal(t, exitOK, r.code, r.stderr)
	r = runIn(t, "records", "-pack", pack, "example.com", "bot")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Equal(t, `source:        example.com (blob in `+pack+`, google mode)
agent:         bot
groups:        as a blob binds them (it keeps no lines)
crawl-delay:   7s (a blob keeps the value, not its line)
request-rate:  1 per 10s (a blob keeps the value, not its line)
`+records, r.stdout)

	named := writeTemp(t, "named.txt", []byte("user-agent: a\ncrawl-delay: 3\nsitemap: /only.xml\nsitemap: https://example.com/full.xml\n"))
	r = runIn(t, "records", named, "b")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Equal(t, "source:        "+named+` (robots.txt, google mode)
agent:         b
groups:        none applies: everything is allowed
crawl-delay:   none
request-rate:  none
host:          none
sitemaps:
  line 3     /only.xml  (not a full URL: Google ignores it)
  line 4     https://example.com/full.xml
other records:
  line 2     crawl-delay: 3
`, r.stdout)

	for _, short := range []string{"", "#"} {
		r = runIn(t, "records", writeTemp(t, "short.txt", []byte(short)), "b")
		require.Equal(t, exitOK, r.code, r.stderr)
		require.Contains(t, r.stdout, "groups:        none applies: everything is allowed\n")
		require.Contains(t, r.stdout, "sitemaps:      none\nother records: none\n")
	}
}

// TestRecordsUnnamed (google: SEMANTICS 2.3's product token; a line with
// an unknown key is ignored): when no group names the agent, records says
// of a line that names it otherwise what explain says, and says nothing
// when a group names it or no line does.
func TestRecordsUnnamed(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("User-agent: MJ12bot\nDisallow: /\n\nUser_agent: Bingbot\nDisallow: /x\n"))
	for _, c := range []struct{ agent, groups string }{
		{"MJ12bot", `none applies (line 1's user-agent "MJ12bot" is "MJ" in google mode): everything is allowed`},
		{"slurp,bingbot", `none applies (line 4, "User_agent: Bingbot", is no user-agent line: a slip for user-agent?): everything is allowed`},
		{"bingbot,slurp", `none applies (line 4, "User_agent: Bingbot", is no user-agent line: a slip for user-agent?): everything is allowed`},
		{"slurp", "none applies: everything is allowed"},
		{"mj", `product token "mj", group(s) at line(s) 1`},
	} {
		r := runIn(t, "records", robots, c.agent)
		require.Equal(t, exitOK, r.code, r.stderr)
		require.Contains(t, r.stdout, "\ngroups:        "+c.groups+"\n", c.agent)
	}
	global := writeTemp(t, "global.txt", []byte("User-agent: *\nDisallow: /x\n=User-agent: Slurp\nDisallow: /\n"))
	r := runIn(t, "records", global, "slurp")
	require.Contains(t, r.stdout, "\ngroups:        no group names the agent (line 3, \"=User-agent: Slurp\", is no user-agent line: \"=\" before user-agent hides the key); the '*' group(s) at line(s) 1\n")
	r = runIn(t, "records", "-json", global, "slurp")
	require.NotContains(t, r.stdout, "user-agent line", "the JSON form is unchanged")
}
