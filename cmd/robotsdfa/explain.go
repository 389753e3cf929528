package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/printable"
	"github.com/robotsdfa/robotsdfa/runtime"
)

const explainAbout = `
Explains the verdict for each URL: the path as it is matched, the groups
chosen for AGENT and why, every rule that matches with its priority, the
deciding rule (the most specific match: the longest pattern, allow
winning a tie), the rules meant for the path that never match as written
(a URL or a host where the path belongs, no '/' before the path, or a
rule before any user-agent line), and the verdict in the other mode when
it differs. Each URL's explanation is a block of lines, a blank line
between two. ROBOTS_FILE - reads standard input.`

const explainExample = `  $ robotsdfa explain testdata/corpus/robots/en.wikipedia.org__protego2019.txt googlebot \
      'https://en.wikipedia.org/w/index.php?title=Go'`

func runExplain(e *env, args []string) int {
	fs := flagSet(e, "explain", "[-mode google|rfc] [-max-bytes N] ROBOTS_FILE AGENT URL...", explainAbout, explainExample)
	var ro readOptions
	ro.register(fs)
	if code, done := parseFlags(e, fs, args); done {
		return code
	}
	if fs.NArg() < 3 {
		return usageError(e, fs, "want ROBOTS_FILE AGENT URL..., got %s", count(fs.NArg(), "argument"))
	}
	path, urls := fs.Arg(0), fs.Args()[2:]
	if swapped(fs.Arg(1), urls) {
		return usageError(e, fs, "%s", swappedError(fs.Arg(1), urls, "ROBOTS_FILE AGENT URL..."))
	}
	tokens, err := agentChain(e, "explain", fs.Arg(1))
	if err != nil {
		return usageError(e, fs, "%v", err)
	}
	opts := ro.parse()
	body, err := readBody(e.stdin, path, opts)
	if err != nil {
		return fail(e, "explain", dirHint(err, "explain", path))
	}
	c, err := compileBody(path, body, opts)
	if err != nil {
		return fail(e, "explain", err)
	}
	other := opts
	other.Mode = compile.RFC9309
	if opts.Mode == compile.RFC9309 {
		other.Mode = compile.Google
	}
	oc, err := compileBody(path, body, other)
	if err != nil {
		return fail(e, "explain", err)
	}
	warnMarks(e, "explain", c)
	warnCutFile(e, "explain", c)
	out := bufio.NewWriter(e.stdout)
	m := c.robots.Agent(tokens...)
	for i, url := range urls {
		if i > 0 {
			out.WriteString("\n")
		}
		out.Flush() // a warning about this URL comes after the one before's block
		warnOddURL(e, "explain", m, url)
		explainURL(printable.Writer{W: out}, c, oc, tokens, url) // each write whole, not cut where the buffer fills
	}
	if err := out.Flush(); err != nil {
		return fail(e, "explain", err)
	}
	return exitOK
}

// explainURL writes the explanation of one verdict.
func explainURL(w io.Writer, c, other *compiled, tokens []string, url string) {
	f := c.file
	m := c.robots.Agent(tokens...)
	path := m.MatchPath(nil, url)
	if f.Options.Mode == compile.Google {
		if i := strings.IndexByte(string(path), 0); i >= 0 {
			path = path[:i] // Google's reference reads the path as a C string
		}
	}
	how := "matched as written"
	if f.Options.Mode == compile.RFC9309 {
		how = "normalised: unreserved escapes decoded, hex upper-cased, bytes >= 0x80 escaped"
	}
	fmt.Fprintf(w, "url:      %s\npath:     %s  (%s mode: %s)\n", url, path, f.Options.Mode, how)
	chain := ""
	if len(tokens) > 1 {
		chain = " (a fallback chain: the first token a group names decides)"
	}
	fmt.Fprintf(w, "agent:    %s%s\n", agentText(tokens), chain)
	sel := f.SelectChain(tokens...)
	fmt.Fprintf(w, "groups:   %s\n", describeSelection(f, tokens, sel))
	res := m.Check(url)
	var matched []runtime.Rule
	rules := f.Rules(sel)
	for _, r := range rules {
		if m := newPatternMatch(r.Pattern, f.Options.Mode == compile.Google); r.Priority > 0 && m.matches(string(path)) {
			matched = append(matched, r)
		}
	}
	if len(matched) == 0 {
		fmt.Fprintf(w, "rules that match: none\n")
	} else {
		fmt.Fprintf(w, "rules that match:\n")
		for _, r := range matched {
			mark := ""
			if r.Line == res.Line && r.Priority == res.Priority && r.Kind == res.Kind {
				mark = "  <- decides"
			}
			fmt.Fprintf(w, "  line %-5d %-8s priority %-4d %s%s\n", r.Line, r.Kind, r.Priority, ruleText(f, r), mark)
		}
	}
	explainMeant(w, f, rules, path)
	fmt.Fprintf(w, "verdict:  %s\n", verdictText(c, path, res))
	ores := other.robots.Agent(tokens...).Check(url)
	opath := other.robots.Agent(tokens...).MatchPath(nil, url)
	if ores.Allowed != res.Allowed || ores.Line != res.Line {
		fmt.Fprintf(w, "%s mode: %s  (differs)\n", other.file.Options.Mode, verdictText(other, opath, ores))
	} else {
		fmt.Fprintf(w, "%s mode: the same\n", other.file.Options.Mode)
	}
}

func verdictText(c *compiled, path []byte, res runtime.Result) string {
	v := "allowed"
	if !res.Allowed {
		v = "disallowed"
	}
	return v + ": " + explainResult(c, path, res)
}

// ruleText shows a rule as written, with the implied pattern of Google's
// index.htm rule.
func ruleText(f *compile.File, r runtime.Rule) string {
	ln := &f.Lines[r.Line-1]
	key := "Allow"
	if r.Kind == runtime.Disallow {
		key = "Disallow"
	}
	s := key + ": " + ln.Value
	if r.Implied {
		s += " (implied " + r.Pattern + ")"
	}
	return s
}

// describeSelection says which groups apply and why.
func describeSelection(f *compile.File, tokens []string, sel compile.Selection) string {
	if len(f.Groups) == 0 { // a page, or junk, served as the file: worth saying so
		return fmt.Sprintf("none: the file has no user-agent line (%s read), so everything is allowed", count(len(f.Lines), "line"))
	}
	var b strings.Builder
	for _, t := range tokens {
		if sel.Named() && compile.EqualFoldASCII(t, sel.Token) {
			break
		}
		fmt.Fprintf(&b, "no group names %q%s%s; ", t, readAsOther(f, t), lostAgentLine(f, t))
	}
	if len(sel.Groups) == 0 {
		b.WriteString("there is no '*' group: everything is allowed")
		return b.String()
	}
	var lines []string
	rules := 0
	for _, g := range sel.Groups {
		grp := &f.Groups[g]
		rules += len(grp.Rules)
		for _, a := range grp.Agents {
			if (sel.Global && a.Global) || (!sel.Global && !a.Global && compile.EqualFoldASCII(a.Token, sel.Token)) {
				lines = append(lines, fmt.Sprint(a.Line))
			}
		}
	}
	who := fmt.Sprintf("product token %q", sel.Token)
	if sel.Global {
		who = "the '*' groups apply"
	}
	fmt.Fprintf(&b, "%s, named on user-agent line(s) %s (%s merged, %s)", who, strings.Join(lines, ", "), count(len(sel.Groups), "group"), count(rules, "rule"))
	return b.String()
}

// readAsOther is what describeSelection adds of a token no group names
// when a user-agent line names it in the other mode's reading (SEMANTICS
// 2.3: "MJ12bot" is "MJ" to Google's parser, "MJ12bot" to RFC 9309's): the
// first such line, and what it names in f's mode; "" when there is none.
func readAsOther(f *compile.File, t string) string {
	mode, other := f.Options.Mode, compile.RFC9309
	if mode == compile.RFC9309 {
		other = compile.Google
	}
	for i := range f.Groups {
		for _, a := range f.Groups[i].Agents {
			if a.Global || !compile.EqualFoldASCII(compile.ProductToken(a.Value, other), t) {
				continue
			}
			if a.Token == "" {
				return fmt.Sprintf(" (line %d's user-agent %q names the empty token in %s mode)", a.Line, a.Value, mode)
			}
			return fmt.Sprintf(" (line %d's user-agent %q is %q in %s mode)", a.Line, a.Value, a.Token, mode)
		}
	}
	return ""
}

// lostAgentLine is what describeSelection adds of a token no group names
// when a line no crawler reads was surely meant to be a user-agent line
// naming it ("User_agent: Bingbot", lintkeytypo.go): the first such line;
// "" when there is none. (A user-agent line naming t is no such line: a
// group would name t.)
func lostAgentLine(f *compile.File, t string) string {
	for i := range f.Lines {
		ln := &f.Lines[i]
		if !compile.EqualFoldASCII(compile.ProductToken(ln.Value, f.Options.Mode), t) {
			continue
		}
		if meant, why := keyMeant(ln.Key); meant == "user-agent" {
			return fmt.Sprintf(" (line %d, %q, is no user-agent line: %s)", ln.Number, ln.Key+": "+ln.Value, why)
		}
	}
	return ""
}
