package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/fetch"
	"github.com/robotsdfa/robotsdfa/internal/printable"
	"github.com/robotsdfa/robotsdfa/runtime"
	"github.com/robotsdfa/robotsdfa/store"
)

const recordsAbout = `
Says what a robots.txt holds besides its rules, for one crawler: the
sitemaps (in order, each URL once, with its line; one that is not a full
URL is marked, as Google ignores it), the crawl-delay and the
request-rate that apply to AGENT (with the line each comes from and, when
several groups give one, every candidate and which wins: the most polite,
the largest delay and the lowest rate), the host record, and every other
record with its key, value and line.

SOURCE is a robots.txt file, a compiled blob (robotsdfa compile), - for
either read from standard input, a URL (whose origin's robots.txt is
fetched as the fetch command does), or, with -pack, a host whose blob the
pack holds. A blob keeps each group's values but not the lines they come
from: its crawl-delay and request-rate have no line and no candidates.
AGENT is a product token or a fallback chain (googlebot-news,googlebot).

-json writes one JSON document, whose shape docs/RECORDS.md describes and
which does not change but by adding fields.`

const recordsExample = `  $ robotsdfa records testdata/corpus/robots/en.wikipedia.org__protego2019.txt googlebot
  $ robotsdfa records -json https://www.example.com/ examplebot`

func runRecords(e *env, args []string) int {
	fs := flagSet(e, "records", "[-json] [-mode google|rfc] [-max-bytes N] [-pack PACK] SOURCE AGENT", recordsAbout, recordsExample)
	var ro readOptions
	ro.register(fs)
	asJSON := fs.Bool("json", false, "write one JSON document (docs/RECORDS.md)")
	packPath := fs.String("pack", "", "look SOURCE up as a host in this pack")
	timeout := durationFlag(fs, "timeout", 30*time.Second, "the `duration` a fetch may take, redirects included")
	if code, done := parseFlags(e, fs, args); done {
		return code
	}
	if fs.NArg() != 2 {
		return usageError(e, fs, "want SOURCE and AGENT, got %s", count(fs.NArg(), "argument"))
	}
	source := fs.Arg(0)
	tokens, err := agentChain(e, "records", fs.Arg(1))
	if err != nil {
		return usageError(e, fs, "%v", err)
	}
	modeSet := modeGiven(fs)
	rep, err := recordsOf(e.stdin, source, *packPath, tokens, ro, modeSet, *timeout)
	if err != nil {
		return fail(e, "records", err)
	}
	if rep.cut > 0 {
		warnCut(e, "records", rep.Source, rep.cut)
	}
	out := bufio.NewWriter(e.stdout)
	if *asJSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		enc.Encode(rep)
	} else {
		writeRecords(printable.Writer{W: out}, rep)
	}
	if err := out.Flush(); err != nil {
		return fail(e, "records", err)
	}
	return exitOK
}

// recordsOf reads SOURCE as the records command does.
func recordsOf(stdin io.Reader, source, packPath string, tokens []string, ro readOptions, modeSet bool, timeout time.Duration) (recordsReport, error) {
	opts := ro.parse()
	switch {
	case packPath != "":
		st, err := store.Open(packPath, store.Options{})
		if err != nil {
			return recordsReport{}, packHint(err, packPath)
		}
		defer st.Close()
		blob, err := st.Blob(source)
		if errors.Is(err, store.ErrNotFound) {
			key, _ := store.Key(source)
			return recordsReport{}, fmt.Errorf("%s: no robots.txt for host %s (filter gives its URLs -missing's verdict; robotsdfa fetch -hosts LIST -from %[1]s -o %[1]s adds it)", packPath, key)
		}
		if err != nil {
			return recordsReport{}, fmt.Errorf("%s: %w", packPath, err)
		}
		rep, err := recordsOfBlob(source, blob, tokens, ro, modeSet)
		rep.Pack = packPath
		return rep, err
	case strings.Contains(source, "://"):
		c := &fetch.Client{Mode: ro.mode, MaxBytes: ro.maxBytes, Timeout: timeout, UserAgent: fetch.DefaultUserAgent}
		r, outcome, err := c.Get(context.Background(), source)
		if err != nil {
			return recordsReport{}, err
		}
		rep := recordsOfRobots(outcome.Origin.RobotsURL(), r, tokens)
		rep.From, rep.Fetch = "fetch", outcome.String()
		return rep, nil
	}
	data, blob, err := readInput(stdin, source, "a robots.txt file or a blob", int64(opts.BodyLimit()))
	if err != nil {
		return recordsReport{}, err
	}
	name := inputName(source)
	if blob {
		return recordsOfBlob(name, data, tokens, ro, modeSet)
	}
	if err := notRobotsTxt(data); err != nil {
		return recordsReport{}, fmt.Errorf("%s: %w", name, err)
	}
	f := compile.Parse(data, opts)
	rep := recordsOfFile(name, f, tokens)
	if f.Truncated() {
		rep.cut = f.Read
	}
	for _, t := range tokens { // said only when no group names the agent
		if rep.unnamed = readAsOther(f, t) + lostAgentLine(f, t); rep.unnamed != "" {
			break
		}
	}
	return rep, nil
}

// recordsOfBlob reads a blob's records, refusing a -mode that is not the
// blob's own.
func recordsOfBlob(source string, blob []byte, tokens []string, ro readOptions, modeSet bool) (recordsReport, error) {
	r, err := runtime.Load(blob)
	if err != nil {
		return recordsReport{}, fmt.Errorf("%s: %w", source, err)
	}
	if modeSet && r.RFC() != (ro.mode == compile.RFC9309) {
		return recordsReport{}, fmt.Errorf("%s was compiled in %s mode; -mode %s does not apply to it", source, modeOf(r), ro.mode)
	}
	if err := notCompiledFor(source, r, tokens); err != nil {
		return recordsReport{}, err
	}
	rep := recordsOfRobots(source, r, tokens)
	rep.From = "blob"
	return rep, nil
}

func modeOf(r *runtime.Robots) compile.Mode {
	if r.RFC() {
		return compile.RFC9309
	}
	return compile.Google
}

// recordsReport is what records says about one robots.txt for one crawler;
// lint -json carries the same for each product token. docs/RECORDS.md
// describes its JSON form: fields are added, never changed or removed.
type recordsReport struct {
	// Source is the file ("standard input" for -), blob, host or
	// robots.txt URL read; From says which ("robots.txt", "blob",
	// "fetch"); Pack is the pack a host's blob is read from; Fetch is
	// how a fetch went.
	Source string `json:"source"`
	From   string `json:"from"`
	Pack   string `json:"pack,omitempty"`
	Fetch  string `json:"fetch,omitempty"`
	Mode   string `json:"mode"`
	// Agent is the crawler's fallback chain; Groups what applies to it.
	Agent  []string      `json:"agent"`
	Groups groupsApplied `json:"groups"`
	// CrawlDelay and RequestRate are nil when no group that applies gives
	// one (or none can be read).
	CrawlDelay  *delayChoice `json:"crawl_delay"`
	RequestRate *rateChoice  `json:"request_rate"`
	// Sitemaps are file-wide, each URL once, in order.
	Sitemaps []sitemapEntry `json:"sitemaps"`
	// Host is the first host record, nil for none.
	Host *recordEntry `json:"host"`
	// Records are every other record, in order.
	Records []recordEntry `json:"records"`
	// cut is the bytes read of a robots.txt file -max-bytes cut (0: read
	// whole): a warning, not part of the report.
	cut int
	// unnamed is what the text adds, when no group names the agent, of a
	// line that names one of its tokens otherwise (explain's readAsOther,
	// lostAgentLine).
	unnamed string
}

// groupsApplied says which groups apply (SEMANTICS 2.5): those of Token,
// the '*' groups (Global), or none (both empty: everything allowed).
type groupsApplied struct {
	Token  string `json:"token"`
	Global bool   `json:"global"`
	// Lines are the groups' first lines (a robots.txt's; a blob keeps
	// none).
	Lines []int32 `json:"lines"`
}

// delayChoice is the crawl-delay that applies and where it comes from.
type delayChoice struct {
	Seconds float64 `json:"seconds"`
	// Line is the record that gives it, 0 when unknown (a blob).
	Line int32 `json:"line"`
	// Candidates are every readable crawl-delay of the groups that apply,
	// in file order (a robots.txt's; empty from a blob).
	Candidates []delayCandidate `json:"candidates"`
	Why        string           `json:"why"`
}

type delayCandidate struct {
	Seconds float64 `json:"seconds"`
	Line    int32   `json:"line"`
}

// rateChoice is the request-rate that applies: Requests per Seconds.
type rateChoice struct {
	Requests   int             `json:"requests"`
	Seconds    float64         `json:"seconds"`
	Line       int32           `json:"line"`
	Candidates []rateCandidate `json:"candidates"`
	Why        string          `json:"why"`
}

type rateCandidate struct {
	Requests int     `json:"requests"`
	Seconds  float64 `json:"seconds"`
	Line     int32   `json:"line"`
}

// sitemapEntry is a sitemap URL, the line it first appears on, and the
// lines that repeat it.
type sitemapEntry struct {
	URL     string  `json:"url"`
	Line    int32   `json:"line"`
	Repeats []int32 `json:"repeats,omitempty"`
}

type recordEntry struct {
	Key   string `json:"key"`
	Value string `json:"value"`
	Line  int32  `json:"line"`
}

const (
	whyDelay = "the largest of the groups that apply (the most polite)"
	whyRate  = "the lowest of the groups that apply (the most polite)"
	whyOne   = "the only one given"
)

// recordsOfFile reports on a parsed robots.txt.
func recordsOfFile(source string, f *compile.File, tokens []string) recordsReport {
	rep := fileRecords(source, f.Sitemaps, f.Records)
	rep.From, rep.Agent = "robots.txt", tokens
	sel := f.SelectChain(tokens...)
	rep.Groups = groupsApplied{Token: sel.Token, Global: sel.Global, Lines: []int32{}}
	for _, g := range sel.Groups {
		rep.Groups.Lines = append(rep.Groups.Lines, f.Groups[g].FirstLine)
	}
	rep.CrawlDelay, rep.RequestRate = delaysFor(f, sel)
	rep.Mode = f.Options.Mode.String()
	return rep
}

// delaysFor is the crawl-delay and request-rate a selection of groups
// gets, with every candidate and the line of the winner.
func delaysFor(f *compile.File, sel compile.Selection) (*delayChoice, *rateChoice) {
	delays := []delayCandidate{}
	rates := []rateCandidate{}
	for _, g := range sel.Groups {
		for _, ri := range f.Groups[g].Records {
			rec := f.Records[ri]
			switch rec.Key {
			case "crawl-delay":
				if d, ok := compile.ParseCrawlDelay(rec.Value); ok {
					delays = append(delays, delayCandidate{d.Seconds(), rec.Line})
				}
			case "request-rate":
				if r, ok := compile.ParseRequestRate(rec.Value); ok {
					rates = append(rates, rateCandidate{r.Requests, r.Per.Seconds(), rec.Line})
				}
			}
		}
	}
	// The winners are the library's (compile.File.CrawlDelay and
	// RequestRate: the first of equal ones); their lines the first
	// candidate of that value.
	var delay *delayChoice
	var rate *rateChoice
	if d, ok := f.CrawlDelay(sel); ok {
		delay = &delayChoice{Seconds: d.Seconds(), Candidates: delays, Why: whyDelay}
		for _, x := range delays {
			if x.Seconds == delay.Seconds {
				delay.Line = x.Line
				break
			}
		}
		if len(delays) == 1 {
			delay.Why = whyOne
		}
	}
	if r, ok := f.RequestRate(sel); ok {
		rate = &rateChoice{Requests: r.Requests, Seconds: r.Per.Seconds(), Candidates: rates, Why: whyRate}
		for _, x := range rates {
			if x.Requests == rate.Requests && x.Seconds == rate.Seconds {
				rate.Line = x.Line
				break
			}
		}
		if len(rates) == 1 {
			rate.Why = whyOne
		}
	}
	return delay, rate
}

// recordsOfRobots reports on a compiled robots.txt (a blob or a fetch):
// the values that apply, without their lines.
func recordsOfRobots(source string, r *runtime.Robots, tokens []string) recordsReport {
	rep := fileRecords(source, r.Sitemaps(), r.Records())
	rep.Agent, rep.Mode = tokens, modeOf(r).String()
	m := r.Agent(tokens...)
	rep.Groups = groupsApplied{Lines: []int32{}}
	if d, ok := m.CrawlDelay(); ok {
		rep.CrawlDelay = &delayChoice{Seconds: d.Seconds(), Candidates: []delayCandidate{}, Why: whyDelay}
	}
	if n, per, ok := m.RequestRate(); ok {
		rep.RequestRate = &rateChoice{Requests: n, Seconds: per.Seconds(), Candidates: []rateCandidate{}, Why: whyRate}
	}
	return rep
}

// fileRecords fills in the file-wide part: sitemaps, host, other records.
func fileRecords(source string, sitemaps []runtime.Sitemap, records []runtime.Record) recordsReport {
	rep := recordsReport{Source: source, Sitemaps: []sitemapEntry{}, Records: []recordEntry{}}
	first := map[string]int{}
	for _, s := range sitemaps {
		if i, ok := first[s.URL]; ok {
			rep.Sitemaps[i].Repeats = append(rep.Sitemaps[i].Repeats, s.Line)
			continue
		}
		first[s.URL] = len(rep.Sitemaps)
		rep.Sitemaps = append(rep.Sitemaps, sitemapEntry{URL: s.URL, Line: s.Line})
	}
	for _, rec := range records {
		e := recordEntry{rec.Key, rec.Value, rec.Line}
		if rec.Key == "host" && rep.Host == nil {
			rep.Host = &e
		}
		rep.Records = append(rep.Records, e)
	}
	return rep
}

// writeRecords writes a report as text.
func writeRecords(w io.Writer, r recordsReport) {
	from := r.From
	if r.Pack != "" {
		from += " in " + r.Pack
	}
	fmt.Fprintf(w, "source:        %s (%s, %s mode)\n", r.Source, from, r.Mode)
	if r.Fetch != "" {
		fmt.Fprintf(w, "fetch:         %s\n", r.Fetch)
	}
	fmt.Fprintf(w, "agent:         %s\n", agentText(r.Agent))
	fmt.Fprintf(w, "groups:        %s\n", describeApplied(r.Groups, r.From, r.unnamed))
	switch c := r.CrawlDelay; {
	case c == nil:
		fmt.Fprintf(w, "crawl-delay:   none\n")
	default:
		fmt.Fprintf(w, "crawl-delay:   %v%s", seconds(c.Seconds), lineNote(c.Line, r.From))
		if len(c.Candidates) > 1 {
			fmt.Fprintf(w, ", %s:", c.Why)
			for _, x := range c.Candidates {
				fmt.Fprintf(w, " line %d %v;", x.Line, seconds(x.Seconds))
			}
		}
		fmt.Fprintln(w)
	}
	switch c := r.RequestRate; {
	case c == nil:
		fmt.Fprintf(w, "request-rate:  none\n")
	default:
		fmt.Fprintf(w, "request-rate:  %d per %v%s", c.Requests, seconds(c.Seconds), lineNote(c.Line, r.From))
		if len(c.Candidates) > 1 {
			fmt.Fprintf(w, ", %s:", c.Why)
			for _, x := range c.Candidates {
				fmt.Fprintf(w, " line %d %d per %v;", x.Line, x.Requests, seconds(x.Seconds))
			}
		}
		fmt.Fprintln(w)
	}
	if r.Host != nil {
		fmt.Fprintf(w, "host:          %s (line %d", r.Host.Value, r.Host.Line)
		if note := retiredNote("host"); note != "" {
			fmt.Fprintf(w, "; %s", note)
		}
		fmt.Fprintln(w, ")")
	} else {
		fmt.Fprintf(w, "host:          none\n")
	}
	if len(r.Sitemaps) == 0 {
		fmt.Fprintf(w, "sitemaps:      none\n")
	} else {
		fmt.Fprintf(w, "sitemaps:\n")
		for _, s := range r.Sitemaps {
			fmt.Fprintf(w, "  line %-5d %s", s.Line, s.URL)
			if len(s.Repeats) > 0 {
				fmt.Fprintf(w, "  (repeated on line(s) %s)", joinLines(s.Repeats))
			}
			if sitemapProblem(s.URL) != "" {
				fmt.Fprintf(w, "  (not a full URL: Google ignores it)")
			}
			fmt.Fprintln(w)
		}
	}
	if len(r.Records) == 0 {
		fmt.Fprintf(w, "other records: none\n")
		return
	}
	fmt.Fprintf(w, "other records:\n")
	for _, rec := range r.Records {
		fmt.Fprintf(w, "  line %-5d %s: %s", rec.Line, rec.Key, rec.Value)
		if note := retiredNote(rec.Key); note != "" {
			fmt.Fprintf(w, "  (%s)", note)
		}
		fmt.Fprintln(w)
	}
}

// retiredNote marks a record whose crawler stopped reading it; "" for
// another.
func retiredNote(key string) string {
	if since, _, ok := retiredSince(key); ok {
		return "not read by " + since
	}
	return ""
}

func describeApplied(g groupsApplied, from, unnamed string) string {
	switch {
	case g.Token != "" || !g.Global && len(g.Lines) > 0: // the empty token's own groups too
		return fmt.Sprintf("product token %q, group(s) at line(s) %s", g.Token, joinLines(g.Lines))
	case g.Global:
		return fmt.Sprintf("no group names the agent%s; the '*' group(s) at line(s) %s", unnamed, joinLines(g.Lines))
	case from != "robots.txt":
		return "as a blob binds them (it keeps no lines)"
	}
	return "none applies" + unnamed + ": everything is allowed"
}

func lineNote(line int32, from string) string {
	if line > 0 {
		return fmt.Sprintf(" (line %d)", line)
	}
	if from != "robots.txt" {
		return " (a blob keeps the value, not its line)"
	}
	return ""
}

func joinLines(lines []int32) string {
	s := make([]string, len(lines))
	for i, l := range lines {
		s[i] = fmt.Sprint(l)
	}
	return strings.Join(s, ", ")
}

// seconds renders a number of seconds as a duration.
func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }
