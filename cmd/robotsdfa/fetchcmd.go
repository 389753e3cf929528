package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/fetch"
	"github.com/robotsdfa/robotsdfa/internal/clobber"
	"github.com/robotsdfa/robotsdfa/internal/counts"
	"github.com/robotsdfa/robotsdfa/internal/frontier"
	"github.com/robotsdfa/robotsdfa/runtime"
)

const fetchAbout = `
Fetches the robots.txt of each URL's origin (once per origin) as a crawler
would (RFC 9309 sections 2.3 and 2.4: redirects, status classes, size
limit; package fetch), and prints each URL's verdict for -agent as check
does: "allowed<TAB>URL" or "disallowed<TAB>URL". Without -agent, the
crawler is the one -user-agent names (its product token: "robotsdfa" for
the default, "examplebot" for "examplebot/1.0 (+URL)"). How each
robots.txt was obtained (status, redirects, bytes, cache) goes to standard
error, with a warning of one that has no user-agent line (a web page
served as robots.txt: every URL is allowed). With -explain, each line also
names the deciding line, and standard error also gets the crawl-delay,
request-rate and sitemaps each fetched robots.txt gives the crawler.

With -cache DIR the robots.txt fetched are kept in DIR across runs (one
file per origin): a later run answers from them until they expire, and
fetches again conditionally (If-None-Match, If-Modified-Since). -refresh
fetches every origin now, serving the cached copy, marked stale, when the
origin is unreachable. -prune AGE first removes the entries of the origins
not fetched for AGE (720h, or days: 30d, 1d12h), so that a cache used run
after run keeps the origins still crawled; with no URL, it only prunes.

With -hosts LIST, fetches the robots.txt of every host of LIST (one a
line, as "filter -missing-hosts" writes them, or a URL, whose scheme is
then the host's; - for standard input) at SCHEME://HOST/robots.txt,
-workers at once, and writes them to the pack -o names, for "filter
-pack": a robots.txt fetched, or the allow-all of one that is unavailable
(4xx), is added; a host unreachable (5xx, 429, a network error), whose
disallow-all says nothing of what it serves, is not (filter gives its URLs
-missing's verdict, as for a host never fetched), and -unreachable lists
it to fetch again; nor is one whose robots.txt compiles to a blob over the
64 MiB a pack's readers take (read whole: -max-bytes -1). With -from PACK
the new pack keeps PACK's other hosts (as "compile -from"). Each host's
outcome goes to standard output: "HOST<TAB>added" or "HOST<TAB>not added",
with how it was fetched and whether the robots.txt has no user-agent line
(a web page served as the file). A pack is written whole or not at all:
with -cache, a run stopped part way (interrupted, killed) keeps what it
fetched, and a run again takes those from the cache.

Exit status: 0 when every URL is allowed (with -hosts: when the pack was
written), 1 when one is disallowed, 2 for a usage error or a URL without an
http(s) origin (with -hosts: a line of LIST that names no host, refused
before any request).`

const fetchExample = `  $ robotsdfa fetch -agent googlebot https://www.example.com/ https://www.example.com/private/x`

func runFetch(e *env, args []string) int {
	fs := flagSet(e, "fetch", "[-agent AGENT] [-mode google|rfc] [-max-bytes N] [-timeout D] [-user-agent S] [-cache DIR [-refresh] [-prune AGE]] [-explain] (URL... | -hosts LIST -o PACK [-from PACK] [-scheme https|http] [-workers N] [-unreachable FILE])", fetchAbout, fetchExample)
	var ro readOptions
	ro.register(fs)
	agent := fs.String("agent", "", "product token or comma-separated fallback chain (not given: -user-agent's product token; empty: the '*' groups, unless a user-agent line names no product token either)")
	timeout := durationFlag(fs, "timeout", 30*time.Second, "the `duration` each fetch may take, redirects included")
	ua := fs.String("user-agent", fetch.DefaultUserAgent, "User-Agent header to send")
	explain := fs.Bool("explain", false, "add a third field naming the deciding line, and say each robots.txt's crawl-delay, request-rate and sitemaps")
	cacheDir := fs.String("cache", "", "keep the robots.txt fetched in `directory` across runs")
	refresh := fs.Bool("refresh", false, "fetch every origin now, even when the cache holds it unexpired")
	prune := fs.String("prune", "", "with -cache, first remove the entries of origins not fetched for `age` (720h, or days: 30d, 1d12h)")
	hosts := fs.String("hosts", "", "fetch the robots.txt of the hosts in `file` (one a line, as filter -missing-hosts writes them; - for standard input) into the pack -o names")
	packOut := fs.String("o", "", "with -hosts, the pack to write")
	from := fs.String("from", "", "with -hosts, a `pack` whose other hosts the new one keeps (compile -from)")
	scheme := fs.String("scheme", "https", "with -hosts, the scheme of each host's robots.txt URL: https or http (a URL in the list keeps its own)")
	workers := fs.Int("workers", 32, "with -hosts, robots.txt fetched at once")
	unreachable := fs.String("unreachable", "", "with -hosts, write the hosts that could not be reached (not added) to `file`; one the list named by a URL as its scheme and host (file may be the list itself, read whole first: what is left to fetch)")
	if code, done := parseFlags(e, fs, args); done {
		return code
	}
	if *refresh && *cacheDir == "" {
		return usageError(e, fs, "-refresh goes with -cache, the directory whose copies to fetch again")
	}
	var pruneAge time.Duration
	if *prune != "" {
		if *cacheDir == "" {
			return usageError(e, fs, "-prune goes with -cache, the directory to prune")
		}
		var err error
		if pruneAge, err = parseAge(*prune); err != nil {
			return usageError(e, fs, "-prune: %v", err)
		}
		// A directory to prune that is not there is a typo, not a cache
		// to start.
		if _, err := os.Stat(*cacheDir); err != nil {
			return fail(e, "fetch", fmt.Errorf("-prune: %w", err))
		}
	}
	if *hosts != "" {
		listErr := plainList("-unreachable", *unreachable)
		switch {
		case fs.NArg() != 0:
			return usageError(e, fs, "-hosts takes no URL")
		case *packOut == "":
			return usageError(e, fs, "-hosts needs -o, the pack to write")
		case *scheme != "https" && *scheme != "http":
			return usageError(e, fs, "-scheme is https or http, not %q", *scheme)
		case workersProblem(*workers) != "":
			return usageError(e, fs, "%s", workersProblem(*workers))
		case *packOut == "-":
			return usageError(e, fs, "-o - is no file: a pack goes to a file, which its readers map")
		case *unreachable == "-":
			return usageError(e, fs, "-unreachable - would mix the list with the report on standard output: give it a file")
		case listErr != nil:
			return usageError(e, fs, "%v", listErr)
		case *explain || *agent != "":
			return usageError(e, fs, "-agent and -explain go with URLs, not -hosts: a pack holds every group")
		}
		if err := refuseClobber(e, "-o", *packOut, *hosts); err != nil {
			return fail(e, "fetch", err)
		}
		// -unreachable may name -hosts' list, read whole before any
		// request: what is left of it to fetch again.
		for _, p := range []struct{ flag, path string }{{"-o", *packOut}, {"-from", *from}} {
			if *unreachable != "" && p.path != "" && clobber.Same(*unreachable, p.path) {
				return fail(e, "fetch", fmt.Errorf("-unreachable and %s name one file, %s: the list would replace the pack", p.flag, *unreachable))
			}
		}
	} else {
		for _, f := range []struct {
			flag string
			set  bool
		}{{"-from", *from != ""}, {"-o", *packOut != ""}, {"-unreachable", *unreachable != ""}} {
			if f.set { // the first given in -h's order, the same every run
				return usageError(e, fs, "%s goes with -hosts", f.flag)
			}
		}
		if fs.NArg() == 0 && *prune == "" {
			return usageError(e, fs, "want at least one URL, or -hosts")
		}
	}
	var tokens []string
	if fs.NArg() > 0 { // -hosts takes none
		// Without -agent, the crawler is the one the requests name: the
		// verdicts are for the User-Agent sent.
		chain := *agent
		if !flagGiven(fs, "agent") {
			chain = runtime.UserAgentToken(*ua)
		}
		var err error
		if tokens, err = agentChain(e, "fetch", chain); err != nil {
			return usageError(e, fs, "%v", err)
		}
	}
	c := &fetch.Client{Mode: ro.mode, MaxBytes: ro.maxBytes, Timeout: *timeout, UserAgent: *ua}
	switch {
	case *cacheDir != "":
		st, err := fetch.OpenDirStore(*cacheDir, fetch.DefaultStoreBytes, 0)
		if err != nil {
			return fail(e, "fetch", err)
		}
		c.Store = st
		if *prune != "" {
			if err := pruneCache(e, st, *cacheDir, pruneAge); err != nil {
				return fail(e, "fetch", err)
			}
		}
	case *hosts != "":
		// Each host is fetched once and its blob goes to the pack: the
		// cache need not hold them.
		c.Store = fetch.NewMemoryStore(16<<20, 0)
	}
	var tee *bodyTee
	if *explain {
		tee = &bodyTee{base: http.DefaultTransport, bodies: map[string][]byte{}}
		c.HTTP = &http.Client{Transport: tee}
	}
	get := c.Get
	if *refresh {
		get = c.Refresh
	}
	if *hosts != "" {
		return runFetchHosts(e, c, fetchHostsJob{hosts: *hosts, out: *packOut, from: *from, scheme: *scheme,
			unreachable: *unreachable, cache: *cacheDir, workers: *workers, modeSet: modeGiven(fs)}, get)
	}
	out := bufio.NewWriter(e.stdout)
	code := exitOK
	seen := map[fetch.Origin]bool{}
	for _, u := range fs.Args() {
		var r *runtime.Robots
		var outcome fetch.Outcome
		var err error
		// -refresh fetches each origin once, the later URLs of one
		// answered from that fetch.
		if o, oerr := fetch.OriginOf(u); oerr == nil && seen[o] {
			r, outcome, err = c.Get(context.Background(), u)
		} else {
			r, outcome, err = get(context.Background(), u)
		}
		if err != nil {
			out.Flush()
			msg := unprefixed("fetch", err)
			switch {
			case strings.Contains(u, "://"):
			case !strings.ContainsAny(u, "./:") && *agent == "":
				// A word, where check takes the agent: a product token.
				msg += " (the crawler is named by -agent: robotsdfa fetch -agent " + u + " URL...)"
			default:
				msg += " (a URL names its scheme: https://" + u + ")"
			}
			fmt.Fprintf(e.stderr, "%s fetch: %s\n", commandName, msg)
			code = exitProblem
			continue
		}
		if !seen[outcome.Origin] {
			seen[outcome.Origin] = true
			out.Flush()
			fmt.Fprintf(e.stderr, "%s fetch: %s\n", commandName, outcome)
			if outcome.Rules == "robots.txt" && !r.HasGroups() {
				fmt.Fprintf(e.stderr, "%s fetch: warning: %s has no user-agent line; every URL is allowed\n", commandName, outcome.Origin.RobotsURL())
			}
			if *explain {
				explainFetched(e.stderr, outcome.Origin.RobotsURL(), r, tokens)
			}
		}
		res := r.Agent(tokens...).Check(u)
		verdict := "allowed"
		if !res.Allowed {
			verdict = "disallowed"
			if code == exitOK {
				code = exitFound
			}
		}
		fmt.Fprintf(out, "%s\t%s", verdict, frontier.AppendEscaped(nil, u))
		if *explain {
			why := decidingLine(tee.file(outcome, compile.Options{Mode: ro.mode, MaxBytes: ro.maxBytes}), res)
			if outcome.Rules != "robots.txt" {
				// Not a line of a file: the rules that the fetch's
				// outcome gives (RFC 9309 sections 2.3.1.3, 2.3.1.4).
				why = outcome.Rules + " (" + outcome.Status.String() + ")"
			}
			fmt.Fprintf(out, "\t%s", frontier.AppendEscaped(nil, why))
		}
		out.WriteByte('\n')
	}
	if err := out.Flush(); err != nil {
		return fail(e, "fetch", err)
	}
	if n := c.Stats().StoreErrors; n > 0 {
		// The client goes on without the entry (a miss, a fetch kept in
		// memory only); the user should still hear of a cache that fails.
		fmt.Fprintf(e.stderr, "%s fetch: warning: the cache in %s: %d failed reads or writes (an entry that does not read back is fetched again; one that cannot be written is not kept)\n",
			commandName, *cacheDir, n)
	}
	return code
}

// explainFetched says what a fetched robots.txt gives the crawler besides
// its rules: the crawl-delay and request-rate that apply, and the
// sitemaps.
func explainFetched(w io.Writer, robotsURL string, r *runtime.Robots, tokens []string) {
	rep := recordsOfRobots(robotsURL, r, tokens)
	delay, rate := "none", "none"
	if c := rep.CrawlDelay; c != nil {
		delay = seconds(c.Seconds).String()
	}
	if c := rep.RequestRate; c != nil {
		rate = fmt.Sprintf("%d per %v", c.Requests, seconds(c.Seconds))
	}
	agent := strings.Join(tokens, ",")
	if agent == "" {
		agent = "the empty agent"
	}
	fmt.Fprintf(w, "%s fetch: %s: crawl-delay %s, request-rate %s for %s", commandName, robotsURL, delay, rate, agent)
	if len(rep.Sitemaps) == 0 {
		fmt.Fprintf(w, "; no sitemap\n")
		return
	}
	urls := make([]string, len(rep.Sitemaps))
	for i, s := range rep.Sitemaps {
		urls[i] = s.URL
	}
	fmt.Fprintf(w, "; sitemaps: %s\n", strings.Join(urls, " "))
}

// maxAgeDays is the most days a time.Duration holds (292 years).
const maxAgeDays = int64(math.MaxInt64 / (24 * time.Hour))

// parseAge reads -prune's age: a Go duration (720h), whole days (30d), or
// days and a duration (1d12h).
func parseAge(s string) (time.Duration, error) {
	const day = 24 * time.Hour
	bad := fmt.Errorf("%q is not an age (720h, or days: 30d, 1d12h)", s)
	var days uint64
	rest := s
	if before, after, ok := strings.Cut(s, "d"); ok {
		var err error
		if days, err = strconv.ParseUint(before, 10, 32); err != nil {
			return 0, bad
		}
		rest = after
	}
	var d time.Duration
	if rest != "" {
		var err error
		if d, err = time.ParseDuration(rest); err != nil || d < 0 {
			return 0, bad
		}
	}
	// Past a Duration's range the sum wraps: 213504d would prune all but
	// the last 25 minutes.
	if days > uint64(maxAgeDays) || time.Duration(days)*day > math.MaxInt64-d {
		return 0, fmt.Errorf("%q is more than an age holds (%s days)", s, counts.Group3(maxAgeDays))
	}
	if d += time.Duration(days) * day; d <= 0 {
		return 0, bad
	}
	return d, nil
}

// ageText writes an age in days when it is whole days.
func ageText(d time.Duration) string {
	const day = 24 * time.Hour
	if d%day == 0 {
		return count(int64(d/day), "day")
	}
	return d.String()
}

// pruneCache removes the entries of dir not fetched for age, and says so.
func pruneCache(e *env, st *fetch.DirStore, dir string, age time.Duration) error {
	ps, err := st.Prune(context.Background(), time.Now().Add(-age))
	temporary := ""
	if ps.Temporary > 0 {
		temporary = fmt.Sprintf(" and %s left by writes that never finished", count(ps.Temporary, "temporary file"))
	}
	fmt.Fprintf(e.stderr, "%s fetch: the cache in %s: %s removed (not fetched for %s)%s, %s freed; %s kept\n",
		commandName, dir, count(ps.Removed, "entry", "entries"), ageText(age), temporary, count(ps.Bytes, "byte"), count(ps.Kept, "entry", "entries"))
	return err
}
