package main

import (
	"bufio"
	"fmt"

	"github.com/robotsdfa/robotsdfa/internal/frontier"

	"github.com/robotsdfa/robotsdfa/runtime"
)

const checkAbout = `
Checks each URL against ROBOTS_FILE for AGENT and prints one line per URL:
"allowed<TAB>URL" or "disallowed<TAB>URL"; with -explain a third field names
the deciding line ("line 12: Disallow: /x", or "no matching rule").

AGENT is a product token, or a comma-separated fallback chain
("googlebot-news,googlebot": the first token the file names a group for),
compared as given. URLs are absolute ("https://example.com/a?b") or paths
("/a?b"); any other string is answered as the library reads it (the empty
URL as "/", "example.com/a" as "/a") with a warning on standard error, and
control bytes in a URL are shown as \xHH. A URL given for AGENT, with only
product tokens for the URLs, is refused as arguments out of order.

ROBOTS_FILE may be a compiled blob (robotsdfa compile), whose rules are
then used as they are; - reads it from standard input.

Exit status: 0 when every URL is allowed, 1 when one is disallowed, 2 for
a usage or input error.`

const checkExample = `  $ robotsdfa check -explain testdata/corpus/robots/en.wikipedia.org__protego2019.txt googlebot \
      https://en.wikipedia.org/wiki/Go 'https://en.wikipedia.org/w/index.php?title=Go'
  allowed	https://en.wikipedia.org/wiki/Go	no matching rule
  disallowed	https://en.wikipedia.org/w/index.php?title=Go	line 157: Disallow: /w/`

func runCheck(e *env, args []string) int {
	fs := flagSet(e, "check", "[-mode google|rfc] [-max-bytes N] [-explain] ROBOTS_FILE AGENT URL...", checkAbout, checkExample)
	var ro readOptions
	ro.register(fs)
	explain := fs.Bool("explain", false, "add a third field naming the deciding line")
	union := fs.Bool("union", false, "merge the groups of every token of AGENT (Google's reference's multi-agent form) instead of a fallback chain")
	if code, done := parseFlags(e, fs, args); done {
		return code
	}
	if fs.NArg() == 2 {
		return usageError(e, fs, "want ROBOTS_FILE AGENT URL..., got no URL (URLs one a line, from files or standard input: %s filter -robots ROBOTS_FILE -agent AGENT -verdicts [FILE...])", commandName)
	}
	if fs.NArg() < 3 {
		return usageError(e, fs, "want ROBOTS_FILE AGENT URL..., got %s", count(fs.NArg(), "argument"))
	}
	if swapped(fs.Arg(1), fs.Args()[2:]) {
		return usageError(e, fs, "%s", swappedError(fs.Arg(1), fs.Args()[2:], "ROBOTS_FILE AGENT URL..."))
	}
	tokens, err := agentChain(e, "check", fs.Arg(1))
	if err != nil {
		return usageError(e, fs, "%v", err)
	}
	c, err := compileFile(e.stdin, fs.Arg(0), ro.parse(), modeGiven(fs))
	if err != nil {
		return fail(e, "check", dirHint(err, "check", fs.Arg(0)))
	}
	if err := notCompiledFor(c.path, c.robots, tokens); err != nil {
		return fail(e, "check", err)
	}
	noteBlob(e, "check", c)
	warnFile(e, "check", c)
	warnLostAgent(e, "check", c, tokens)
	m := c.robots.Agent(tokens...)
	if *union {
		m = c.robots.AgentUnion(tokens...)
	}
	out := bufio.NewWriter(e.stdout)
	code := exitOK
	for _, u := range fs.Args()[2:] {
		warnOddURL(e, "check", m, u)
		res := m.Check(u)
		if res.Allowed {
			out.WriteString("allowed\t")
		} else {
			out.WriteString("disallowed\t")
			if code == exitOK {
				code = exitFound
			}
		}
		out.Write(frontier.AppendEscaped(nil, u))
		if *explain {
			out.WriteByte('\t')
			out.Write(frontier.AppendEscaped(nil, explainResult(c, m.MatchPath(nil, u), res)))
		}
		out.WriteByte('\n')
	}
	if err := out.Flush(); err != nil {
		return fail(e, "check", err)
	}
	return code
}

// explainResult is decidingLine, saying so when RFC 9309 mode allows
// /robots.txt without a rule.
func explainResult(c *compiled, path []byte, res runtime.Result) string {
	if res.Line == 0 && c.robots.RFC() && string(path) == "/robots.txt" {
		return "/robots.txt is always allowed (RFC 9309 section 2.2.2)"
	}
	return decidingLine(c.file, res)
}

// warnOddURL warns when u is neither an absolute URL with a host nor a
// path starting with '/', or holds control bytes, and says what path it
// is read as (SEMANTICS 4.1); check and explain answer for it all the
// same, as the library does.
func warnOddURL(e *env, cmd string, m runtime.Matcher, u string) {
	why := frontier.Problem([]byte(u), false)
	if why == "" {
		return
	}
	fmt.Fprintf(e.stderr, "%s %s: warning: URL \"%s\": %s; read as the path \"%s\"\n",
		commandName, cmd, frontier.AppendEscaped(nil, u), why, frontier.AppendEscaped(nil, m.MatchPath(nil, u)))
	if u == "-" && cmd == "check" {
		fmt.Fprintf(e.stderr, "%s check: (URLs from standard input: %s filter -robots ROBOTS_FILE -agent AGENT -verdicts)\n", commandName, commandName)
	}
}
