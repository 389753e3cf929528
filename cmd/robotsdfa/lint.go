package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/counts"
	"github.com/robotsdfa/robotsdfa/internal/printable"
	"github.com/robotsdfa/robotsdfa/internal/robotsdir"
)

const lintAbout = `
Reports, like a compiler, what the parser made of each line of each
ROBOTS_FILE ("file:line: severity: message"): spellings only Google
accepts, missing colons, lines cut or ended by a NUL, user-agent names
Google's parser reads as another crawler than RFC 9309 does ("MJ12bot":
"MJ"), rules outside any group (and the user-agent line commented out
before them), records no crawler reads (noindex, which Google retired in
2019, host, which Yandex retired in 2018, a key mistyped or hidden
behind other bytes, "User_agent" or "Image Sitemap", with where a lost
user-agent line's rules went, or an unknown one) and unreadable values,
patterns that can never match, sitemaps that are not full URLs, URLs and
paths alone on a line (a sitemap or a rule without its key) or cut at
their colon ("Disallow https://..."), HTML markup (and the robots.txt
line it hides, or a page served as the file), a byte-order mark encoded
twice ("ï»¿", and the line it hides) or a UTF-16 one (a file not in
UTF-8); then rules that can never decide anything (another rule of the
other kind, at least as specific, matches whenever they do; or a
duplicate); and, as notes, the groups each product token gets (-severity
warning leaves the notes out). -json writes the same as one JSON
document. A ROBOTS_FILE of - is standard input; a directory is every
robots.txt in it that filter -robots-dir and compile -robots-dir read
(<host>.txt), in name order.

Exit status: 0 when there is nothing to warn about (notes only), 1 when
there are warnings, 2 for a usage or input error.`

const lintExample = `  $ robotsdfa lint testdata/corpus/robots/en.wikipedia.org__protego2019.txt
  $ robotsdfa lint - < testdata/corpus/robots/en.wikipedia.org__protego2019.txt
  $ robotsdfa lint -severity warning testdata/corpus/robots`

// diagnostic is one finding.
type diagnostic struct {
	File     string `json:"file"`
	Line     int32  `json:"line"`
	Severity string `json:"severity"` // "warning" or "note"
	Code     string `json:"code"`
	Message  string `json:"message"`
}

// tokenGroups says which groups a product token gets, and the crawl-delay
// and request-rate they give it (as records -json says them).
type tokenGroups struct {
	Token       string       `json:"token"`
	Groups      []int32      `json:"group_lines"`
	Rules       int          `json:"rules"`
	CrawlDelay  *delayChoice `json:"crawl_delay"`
	RequestRate *rateChoice  `json:"request_rate"`
}

// lintReport is one file's report. Sitemaps, Host and Records are the
// file-wide records, as records -json gives them (docs/RECORDS.md).
type lintReport struct {
	File        string         `json:"file"`
	Mode        string         `json:"mode"`
	Lines       int            `json:"lines"`
	Diagnostics []diagnostic   `json:"diagnostics"`
	Tokens      []tokenGroups  `json:"tokens"`
	Sitemaps    []sitemapEntry `json:"sitemaps"`
	Host        *recordEntry   `json:"host"`
	Records     []recordEntry  `json:"records"`
}

func runLint(e *env, args []string) int {
	fs := flagSet(e, "lint", "[-mode google|rfc] [-max-bytes N] [-json] [-severity note|warning] ROBOTS_FILE|DIR...", lintAbout, lintExample)
	var ro readOptions
	ro.register(fs)
	asJSON := fs.Bool("json", false, "write one JSON document")
	severity := fs.String("severity", "note", "the least severity reported: note (everything) or warning (no notes)")
	if code, done := parseFlags(e, fs, args); done {
		return code
	}
	if fs.NArg() == 0 {
		return usageError(e, fs, "want at least one ROBOTS_FILE")
	}
	if *severity != "note" && *severity != "warning" {
		return usageError(e, fs, "-severity is note or warning, not %q", *severity)
	}
	if stdinTwice(fs.Args()) {
		return usageError(e, fs, "- (standard input) given more than once")
	}
	opts := ro.parse()
	paths, err := lintPaths(e, fs.Args())
	if err != nil {
		return fail(e, "lint", err)
	}
	reports := make([]lintReport, 0, len(paths))
	code := exitOK
	for _, path := range paths {
		body, err := readBody(e.stdin, path, opts)
		if err != nil {
			fmt.Fprintf(e.stderr, "%s lint: %v\n", commandName, err)
			code = exitProblem
			continue
		}
		reports = append(reports, lintFile(inputName(path), body, opts))
	}
	warned := false
	for i, r := range reports {
		for _, d := range r.Diagnostics {
			warned = warned || d.Severity == "warning"
		}
		if *severity == "warning" {
			reports[i].Diagnostics = slices.DeleteFunc(r.Diagnostics, func(d diagnostic) bool { return d.Severity == "note" })
		}
	}
	out := bufio.NewWriter(e.stdout)
	if *asJSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		enc.Encode(struct {
			Files []lintReport `json:"files"`
		}{reports})
	} else {
		for _, r := range reports {
			writeLint(printable.Writer{W: out}, r)
		}
	}
	if err := out.Flush(); err != nil {
		return fail(e, "lint", err)
	}
	if code == exitOK && warned {
		code = exitFound
	}
	return code
}

// lintPaths is the files lint reads: each argument, a directory being
// the robots.txt files a -robots-dir reader takes from it, in name order
// (the entries that are no host's file named in a warning).
func lintPaths(e *env, args []string) ([]string, error) {
	var paths []string
	for _, arg := range args {
		if st, err := os.Stat(arg); arg == "-" || err != nil || !st.IsDir() {
			paths = append(paths, arg) // a read names any error
			continue
		}
		hostFile, skipped, err := robotsdir.HostFiles(arg, "")
		if err != nil {
			return nil, err
		}
		warnSkipped(e, "lint", arg, skipped)
		names := make([]string, 0, len(hostFile))
		for _, name := range hostFile {
			names = append(names, name) // each once: a file is one host's
		}
		sort.Strings(names)
		for _, name := range names {
			paths = append(paths, filepath.Join(arg, name))
		}
	}
	return paths, nil
}

func writeLint(w io.Writer, r lintReport) {
	for _, d := range r.Diagnostics {
		fmt.Fprintf(w, "%s:%d: %s: %s\n", d.File, d.Line, d.Severity, d.Message)
	}
}

// lintFile reports on one file.
func lintFile(path string, body []byte, opts compile.Options) lintReport {
	f := compile.Parse(body, opts)
	r := lintReport{File: path, Mode: opts.Mode.String(), Lines: len(f.Lines)}
	add := func(line int32, sev, code, format string, args ...any) {
		r.Diagnostics = append(r.Diagnostics, diagnostic{path, line, sev, code, fmt.Sprintf(format, args...)})
	}
	var google *compile.File
	if opts.Mode == compile.RFC9309 {
		g := opts
		g.Mode = compile.Google
		google = compile.Parse(body, g)
	}
	order := utf16Order(body)
	if order != "" {
		add(1, "warning", "utf-16", "the file begins with a UTF-16 byte-order mark (bytes % X: %s), but crawlers read a robots.txt as UTF-8 (RFC 9309 section 2.3), where UTF-16 text is a NUL byte every other byte (save the file as UTF-8 without a mark)", body[:2], order)
	}
	// Line by line, UTF-16 text is NUL bytes and nothing a crawler reads;
	// a mark before UTF-8 text leaves lines worth reading.
	if order == "" || bytes.IndexByte(body, 0) < 0 {
		lintPage(body, f, add)
		var comment agentComment
		for i := range f.Lines {
			explained := lintMarkup(body, f, i, opts, add) || lintBOMTwice(body, f, i, opts, add) || lintBarePath(body, f, i, add)
			comment.see(body, f, i, opts)
			lintLine(f, google, &f.Lines[i], explained, comment.why(), add)
		}
	}
	if f.Truncated() {
		add(max(int32(len(f.Lines)), 1), "warning", "truncated", "the file is longer than %s bytes (-max-bytes): the rest is ignored", counts.Group3(f.Read))
	}
	if len(f.Groups) == 0 {
		add(1, "warning", "no-groups", "no user-agent line: the file has no groups and allows everything")
	}
	r.Tokens = tokenReport(f)
	file := fileRecords(path, f.Sitemaps, f.Records)
	r.Sitemaps, r.Host, r.Records = file.Sitemaps, file.Host, file.Records
	for _, tg := range r.Tokens {
		lines := make([]string, len(tg.Groups))
		for i, l := range tg.Groups {
			lines[i] = fmt.Sprint(l)
		}
		add(tg.Groups[0], "note", "groups", "%s gets the group(s) at line(s) %s: %d rule(s) merged", tokenName(tg.Token), strings.Join(lines, ", "), tg.Rules)
	}
	for _, d := range neverDecide(f) {
		add(d.line, "warning", d.code, "%s", d.message)
	}
	sortDiagnostics(r.Diagnostics)
	return r
}

func tokenName(t string) string {
	if t == "*" {
		return "'*' (every crawler no group names)"
	}
	return fmt.Sprintf("product token %q", t)
}

// lintLine reports what the parser flagged on one line; of a line that
// begins with markup (lintMarkup) or a twice-encoded byte-order mark
// (lintBOMTwice), explained, what it read them as is left out. outside
// says why a rule outside any group is there, if something does.
func lintLine(f, google *compile.File, ln *compile.Line, explained bool, outside string, add func(int32, string, string, string, ...any)) {
	n := ln.Number
	asGoogle := ln.Kind
	if google != nil && int(n) <= len(google.Lines) {
		asGoogle = google.Lines[n-1].Kind
	}
	split := splitURLProblem(ln, asGoogle)
	if split != "" {
		add(n, "warning", "split-url", "%s", split)
	}
	if ln.Kind == compile.InvalidLine && !explained {
		add(n, "warning", "invalid", "not a \"key: value\" line; ignored")
	}
	if ln.Kind == compile.UserAgentLine {
		if why := agentTokenProblem(ln.Value); why != "" {
			add(n, "warning", "agent-token", "%s", why)
		}
	}
	fl := ln.Flags
	if fl&compile.FlagKeyVariant != 0 && split == "" {
		add(n, "warning", "key-variant", "key %q is read as %q (Google accepts this spelling; RFC 9309 does not)", ln.Key, ln.Kind)
	}
	if fl&compile.FlagMissingColon != 0 && !explained {
		as := ln.Kind.String()
		if ln.Kind == compile.OtherLine {
			as = fmt.Sprintf("a %q record", strings.ToLower(ln.Key))
		}
		add(n, "warning", "missing-colon", "no colon after %q; Google reads the line as %s, RFC 9309 ignores it", ln.Key, as)
	}
	if fl&compile.FlagCut != 0 {
		add(n, "warning", "line-cut", "line longer than %d bytes: Google ignores the rest of it", compile.GoogleMaxLineBytes)
	}
	if fl&compile.FlagNUL != 0 {
		add(n, "warning", "nul", "a NUL byte ends the line: Google ignores what follows it")
	}
	if fl&compile.FlagOutsideGroup != 0 {
		why := outside
		if strings.EqualFold(markedKey(f), "user-agent") {
			why = fmt.Sprintf(" (line %d's user-agent is not read: %q begins it)", f.Lines[0].Number, bomTwice)
		}
		add(n, "warning", "outside-group", "%s rule before any user-agent line: it belongs to no group and is ignored%s", ln.Kind, why)
	}
	// The google-key warning below says what a key Google reads is.
	if fl&compile.FlagUnsupported != 0 && fl&compile.FlagGoogleKey == 0 && !explained {
		key := ln.Key
		if k := markedKey(f); k != "" && ln == &f.Lines[0] {
			key = k // the mark's own note follows
		}
		if u, ok := bareURL(key, ln.Value); ok {
			add(n, "warning", "bare-url", "%s", bareURLProblem(u))
		} else if why := keyTypoProblem(f, int(n)-1); why != "" {
			add(n, "warning", "key-typo", "%s", why)
		} else {
			add(n, "warning", "unsupported", "record %q is not read by any crawler this tool knows of; ignored", ln.Key)
		}
	}
	if why := retiredRecordProblem(ln.Key); why != "" {
		add(n, "warning", "retired-record", "%s", why)
	}
	if fl&compile.FlagBadValue != 0 {
		add(n, "warning", "bad-value", "%s value %q cannot be read; ignored", strings.ToLower(ln.Key), ln.Value)
	}
	if fl&compile.FlagNeverMatches != 0 {
		if path, ok := urlPath(ln.Value); ok {
			add(n, "warning", "never-matches", "pattern %q never matches: a rule names a path, not a URL (write %s, its path)", ln.Value, path)
		} else if host, path, ok := hostPath(ln.Value); ok {
			add(n, "warning", "never-matches", "pattern %q never matches: a rule names a path, not a host (write %s, its path, in %s's own robots.txt)", ln.Value, path, host)
		} else {
			add(n, "warning", "never-matches", "pattern %q never matches: a path always starts with '/' (%s)", ln.Value, rootedPattern(ln.Value))
		}
	}
	if ln.Kind == compile.SitemapLine && !explained && split == "" {
		if why := sitemapProblem(ln.Value); why != "" {
			add(n, "warning", "sitemap-url", "%s", why)
		}
	}
	if fl&compile.FlagGoogleKey != 0 && split == "" {
		add(n, "warning", "google-key", "key %q is not RFC 9309's and is ignored here, but Google reads the line as %s", ln.Key, asGoogle)
	}
}

// urlPath is the path (and query) of a rule's pattern written as an
// http or https URL, as 743 rules in 71 of the corpus's files are
// ("https://example.com/private" for /private): the rule never matches,
// and the path is what it was meant to name.
func urlPath(pattern string) (string, bool) {
	scheme, rest, ok := strings.Cut(pattern, "://")
	if !ok || !strings.EqualFold(scheme, "http") && !strings.EqualFold(scheme, "https") {
		return "", false
	}
	i := strings.IndexAny(rest, "/?")
	if i < 0 {
		return "/", true
	}
	if rest[i] == '?' {
		return "/" + rest[i:], true
	}
	return rest[i:], true
}

// rootedPattern says what to write for a pattern that does not begin with
// '/' or '*': the pattern after a '/', and, where it begins as a query
// ("?utm_source=", 260 rules in 73 of the corpus's files), an extension
// (".pdf", 77 in 33) or a parameter ("sessionid=*", 25 in 14), after
// "/*" first: "/?utm_source=" matches the root's query only.
func rootedPattern(pattern string) string {
	if anywhere(pattern) {
		return fmt.Sprintf("write /*%s for any path that holds it, or /%[1]s", pattern)
	}
	return "write /" + pattern
}

// anywhere reports whether a pattern that does not begin with '/' or '*'
// begins as a query, an extension or a parameter (rootedPattern).
func anywhere(pattern string) bool {
	segment, _, _ := strings.Cut(pattern, "/")
	return strings.ContainsAny(pattern[:1], "?&.") || strings.Contains(segment, "=")
}

// hostPath splits a rule's pattern that begins with a host name, as 69
// rules in 15 of the corpus's files do ("ecs.example.edu/people" for
// /people on ecs.example.edu): the rule never matches, and each host
// answers for its own paths. A host is taken only where it cannot be a
// file's name: at least three labels, the last all letters (a top-level
// domain) or four numbers (IPv4), and a '/' after it.
func hostPath(pattern string) (host, path string, ok bool) {
	i := strings.IndexByte(pattern, '/')
	if i < 0 {
		return "", "", false
	}
	host = pattern[:i]
	labels := strings.Split(host, ".")
	if len(labels) < 3 {
		return "", "", false
	}
	for _, l := range labels {
		if l == "" || strings.Trim(l, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-") != "" {
			return "", "", false
		}
	}
	last := labels[len(labels)-1]
	letters := len(last) >= 2 && strings.Trim(last, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") == ""
	ipv4 := len(labels) == 4 && strings.Trim(host, "0123456789.") == ""
	if !letters && !ipv4 {
		return "", "", false
	}
	return host, pattern[i:], true
}

// tokenReport lists, for each product token the file names and for '*',
// the groups it gets.
func tokenReport(f *compile.File) []tokenGroups {
	var tokens []string
	seen := map[string]bool{}
	global := false
	for i := range f.Groups {
		for _, a := range f.Groups[i].Agents {
			if a.Global {
				global = true
				continue
			}
			if k := strings.ToLower(a.Token); a.Token != "" && !seen[k] {
				seen[k] = true
				tokens = append(tokens, a.Token)
			}
		}
	}
	var out []tokenGroups
	report := func(name string, sel compile.Selection) {
		tg := tokenGroups{Token: name, Rules: len(f.Rules(sel))}
		tg.CrawlDelay, tg.RequestRate = delaysFor(f, sel)
		for _, g := range sel.Groups {
			tg.Groups = append(tg.Groups, f.Groups[g].FirstLine)
		}
		if len(tg.Groups) > 0 {
			out = append(out, tg)
		}
	}
	for _, t := range tokens {
		report(t, f.SelectChain(t))
	}
	if global {
		report("*", f.SelectChain())
	}
	return out
}
