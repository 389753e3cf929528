package main

import (
	"debug/buildinfo"
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	goruntime "runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestExplain(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("user-agent: *\ndisallow: /a\nallow: /a/%7Eb\nallow: /d/index.html\n\nuser-agent: bot\ndisallow: /x\n"))
	r := robotsdfa(t, nil, "explain", robots, "other,nobody", "https://e.com/a/~b")
	require.Equal(t, exitOK, r.code, r.stderr)
	for _, want := range []string{
		"path:     /a/~b  (google mode: matched as written)",
		`groups:   no group names "other"; no group names "nobody"; the '*' groups apply, named on user-agent line(s) 1`,
		"  line 2     disallow priority 2    Disallow: /a  <- decides",
		"verdict:  disallowed: line 2: Disallow: /a",
		"rfc mode: allowed: line 3: Allow: /a/%7Eb  (differs)",
	} {
		require.Contains(t, r.stdout, want)
	}
	r = robotsdfa(t, nil, "explain", robots, "bot", "/d/")
	require.Contains(t, r.stdout, `product token "bot", named on user-agent line(s) 6`)
	require.Contains(t, r.stdout, "rules that match: none")
	require.Contains(t, r.stdout, "rfc mode: the same")
	r = robotsdfa(t, nil, "explain", robots, "x", "/d/")
	require.Contains(t, r.stdout, "Allow: /d/index.html (implied /d/$)  <- decides")
	require.Contains(t, r.stdout, "rfc mode: allowed: no matching rule  (differs)")

	// Several URLs: a block each, a blank line between two.
	r = robotsdfa(t, nil, "explain", robots, "bot", "/d/", "/x")
	require.Equal(t, exitOK, r.code, r.stderr)
	blocks := strings.Split(r.stdout, "\n\n")
	require.Len(t, blocks, 2, r.stdout)
	require.True(t, strings.HasPrefix(blocks[0], "url:      /d/\n"), blocks[0])
	require.Contains(t, blocks[0], "verdict:  allowed: no matching rule\n")
	require.True(t, strings.HasPrefix(blocks[1], "url:      /x\n"), blocks[1])
	require.Contains(t, blocks[1], "verdict:  disallowed: line 7: Disallow: /x\n")

	r = robotsdfa(t, nil, "explain", robots, "", "/d/")
	require.Contains(t, r.stdout, "agent:    (empty: no product token)\n")

	r = robotsdfa(t, nil, "explain", robots, "x", "nohost")
	require.Equal(t, exitOK, r.code)
	require.Contains(t, r.stderr, "neither an absolute URL")
	require.Contains(t, r.stdout, "path:     /  ")
	r = robotsdfa(t, nil, "explain", robots, "x")
	require.Equal(t, exitProblem, r.code)
	r = robotsdfa(t, nil, "explain", robots, "https://e.com/a", "bot")
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, `AGENT "https://e.com/a" is a URL and URL "bot" a product token: the order is ROBOTS_FILE AGENT URL...`+"\n")
}

// TestLintRepeatsNotNamed (google: an empty pattern matches nothing, and
// "index.htm" at a pattern's end implies an allow of its directory): two
// empty disallows, and two rules implying the same rule, are no
// duplicates lint warns of; the same rule written twice is.
func TestLintRepeatsNotNamed(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("User-agent: *\nDisallow:\nDisallow:\nAllow: /x/index.htm\nAllow: /x/index.html\nDisallow: /y\n"))
	r := robotsdfa(t, nil, "lint", "-severity", "warning", robots)
	require.Equal(t, exitOK, r.code, r.stdout)
	require.Empty(t, r.stdout)
	robots = writeTemp(t, "twice.txt", []byte("User-agent: *\nAllow: /x/index.htm\nAllow: /x/index.htm\n"))
	r = robotsdfa(t, nil, "lint", "-severity", "warning", robots)
	require.Equal(t, robots+":3: warning: Allow: /x/index.htm never decides (for *): repeats line 2\n", r.stdout)
}

const lintBody = "disallow: /x\nuser-agent: googlebot\ndissallow: /a\ndisallow: /a\nallow: /b\ndisallow: /b\n" +
	"allow: /c*\ndisallow: /c\nfoo bar\ncrawl-delay: soon\ndisallow: x\nuser-agent: *\ndisallow: /a\n"

func TestLint(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte(lintBody))
	r := robotsdfa(t, nil, "lint", robots)
	require.Equal(t, exitFound, r.code, r.stderr)
	want := []string{
		":1: warning: disallow rule before any user-agent line",
		`:2: note: product token "googlebot" gets the group(s) at line(s) 2: 7 rule(s) merged`,
		`:3: warning: key "dissallow" is read as "disallow"`,
		":4: warning: Disallow: /a never decides (for googlebot): repeats line 3",
		":6: warning: Disallow: /b never decides (for googlebot): Allow: /b on line 5 has the same pattern and allow wins a tie",
		":8: warning: Disallow: /c never decides (for googlebot): Allow: /c* on line 7 (priority 3) matches whenever it does and wins (priority 2)",
		`:9: warning: no colon after "foo"; Google reads the line as a "foo" record`,
		`:10: warning: crawl-delay value "soon" cannot be read; ignored`,
		`:11: warning: pattern "x" never matches`,
		`:12: note: '*' (every crawler no group names) gets the group(s) at line(s) 12: 1 rule(s) merged`,
	}
	got := lines(r.stdout)
	require.Len(t, got, len(want)+1, r.stdout) // and line 9's unsupported record
	for _, w := range want {
		require.Contains(t, r.stdout, robots+w)
	}

	// -severity warning: the same warnings, no notes, the same exit.
	all := got
	r = robotsdfa(t, nil, "lint", "-severity", "warning", robots)
	require.Equal(t, exitFound, r.code, r.stderr)
	var warnings []string
	for _, l := range all {
		if !strings.Contains(l, ": note: ") {
			warnings = append(warnings, l)
		}
	}
	require.Len(t, warnings, len(all)-2)
	require.Equal(t, warnings, lines(r.stdout))
	r = robotsdfa(t, nil, "lint", "-severity", "warning", "-json", robots)
	require.NotContains(t, r.stdout, `"severity": "note"`)
	require.Contains(t, r.stdout, `"severity": "warning"`)
	notesOnly := writeTemp(t, "ok.txt", []byte("user-agent: *\ndisallow: /x\n"))
	r = robotsdfa(t, nil, "lint", "-severity", "warning", notesOnly)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Empty(t, r.stdout)
	r = robotsdfa(t, nil, "lint", "-severity", "error", robots)
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, `-severity is note or warning, not "error"`)

	r = robotsdfa(t, nil, "lint", "-json", "-mode", "rfc", robots)
	require.Equal(t, exitFound, r.code)
	var doc struct {
		Files []lintReport `json:"files"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc))
	require.Len(t, doc.Files, 1)
	codes := map[string]bool{}
	for _, d := range doc.Files[0].Diagnostics {
		codes[d.Code] = true
	}
	require.True(t, codes["google-key"] && codes["invalid"] && codes["shadowed"], "%v", codes)
	require.Equal(t, "googlebot", doc.Files[0].Tokens[0].Token)

	// RFC mode: a key only Google reads, on the last line (no newline
	// after it), is named once, with what Google reads it as, and not
	// also as a record no crawler reads; the other lines are not named.
	gk := writeTemp(t, "gk.txt", []byte("user-agent: *\ndisallow: /a\ndisalow: /b"))
	r = robotsdfa(t, nil, "lint", "-mode", "rfc", gk)
	require.Equal(t, exitFound, r.code)
	require.Equal(t, []string{
		gk + ":1: note: '*' (every crawler no group names) gets the group(s) at line(s) 1: 1 rule(s) merged",
		gk + `:3: warning: key "disalow" is not RFC 9309's and is ignored here, but Google reads the line as disallow`,
	}, lines(r.stdout))

	// Diagnostics of one line stay in the order they were found.
	noGroups := writeTemp(t, "nogroups.txt", []byte("useragent: *\ndisallow: /x\n"))
	r = robotsdfa(t, nil, "lint", "-mode", "rfc", noGroups)
	require.Equal(t, []string{
		noGroups + `:1: warning: key "useragent" is not RFC 9309's and is ignored here, but Google reads the line as user-agent`,
		noGroups + ":1: warning: no user-agent line: the file has no groups and allows everything",
		noGroups + ":2: warning: disallow rule before any user-agent line: it belongs to no group and is ignored",
	}, lines(r.stdout))

	// The pattern matching is the mode's: in RFC mode /%7Ea* matches
	// /~ab (an escape of an unreserved character is decoded), in Google
	// mode it does not, and the disallow decides.
	enc := writeTemp(t, "enc.txt", []byte("user-agent: *\nallow: /%7Ea*\ndisallow: /~ab\n"))
	r = robotsdfa(t, nil, "lint", enc)
	require.Equal(t, exitOK, r.code, r.stdout)
	r = robotsdfa(t, nil, "lint", "-mode", "rfc", enc)
	require.Equal(t, exitFound, r.code)
	require.Contains(t, r.stdout, enc+":3: warning: Disallow: /~ab never decides (for *): Allow: /%7Ea* on line 2 (priority 4) matches whenever it does and wins (priority 4)")

	// Three tokens are named; of more, three and a count.
	many := writeTemp(t, "many.txt", []byte("user-agent: a\nuser-agent: b\nuser-agent: c\ndisallow: /x\ndisallow: /x\n\n"+
		"user-agent: d\nuser-agent: e\nuser-agent: f\nuser-agent: g\ndisallow: /y\ndisallow: /y\n"))
	r = robotsdfa(t, nil, "lint", many)
	want = nil
	for _, tok := range "abc" {
		want = append(want, fmt.Sprintf(`%s:1: note: product token "%c" gets the group(s) at line(s) 1: 2 rule(s) merged`, many, tok))
	}
	want = append(want, many+":5: warning: Disallow: /x never decides (for a, b, c): repeats line 4")
	for _, tok := range "defg" {
		want = append(want, fmt.Sprintf(`%s:7: note: product token "%c" gets the group(s) at line(s) 7: 2 rule(s) merged`, many, tok))
	}
	want = append(want, many+":12: warning: Disallow: /y never decides (for d, e, f and 1 more): repeats line 11")
	require.Equal(t, want, lines(r.stdout)) // notes of one line in the order of the tokens

	// A disallow before the allow with its pattern is found too, once.
	order := writeTemp(t, "order.txt", []byte("user-agent: *\ndisallow: /z\nallow: /z*\nallow: /z\n"))
	r = robotsdfa(t, nil, "lint", order)
	require.Equal(t, exitFound, r.code)
	require.Equal(t, 1, strings.Count(r.stdout, ":2: warning:"), r.stdout)
	require.Contains(t, r.stdout, ":2: warning: Disallow: /z never decides (for *): Allow: /z on line 4 has the same pattern and allow wins a tie")

	clean := writeTemp(t, "clean.txt", []byte("user-agent: *\ndisallow: /private\n"))
	r = robotsdfa(t, nil, "lint", clean)
	require.Equal(t, exitOK, r.code)
	require.Equal(t, 1, strings.Count(r.stdout, "note:"))

	r = robotsdfa(t, nil, "lint", clean, robots+".missing")
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, ".missing: no such file")
}

// TestLintURLPattern (google: a path always starts with '/', so a rule
// whose pattern is a whole URL, or a host and path, never matches): lint
// names the URL's path as the pattern meant, the path and its host's own
// robots.txt where the pattern begins with a host name, and the pattern
// with a '/' before it otherwise, and with "/*" before it first where it
// begins as a query, an extension or a parameter.
func TestLintURLPattern(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("user-agent: *\ndisallow: https://example.com/private\ndisallow: HTTP://example.com\n"+
		"disallow: https://example.com?a=1\ndisallow: example.com/x\ndisallow: ftp://example.com/f\n"+
		"disallow: ecs.example.edu/people\nallow: Static.Example.COM/*\ndisallow: 192.0.2.1/\n"+
		"disallow: jquery.min.j/x\ndisallow: v1.2.3/x\ndisallow: www.example.com\ndisallow: a..example.com/\ndisallow: 1.2.3.4.5/\n"+
		"disallow: ?print\ndisallow: &sid\ndisallow: .pdf$\ndisallow: sessionid=*\ndisallow: a/b=c\ndisallow: https:///x\n"))
	r := robotsdfa(t, nil, "lint", "-severity", "warning", robots)
	require.Equal(t, exitFound, r.code, r.stderr)
	require.Equal(t, []string{
		robots + `:2: warning: pattern "https://example.com/private" never matches: a rule names a path, not a URL (write /private, its path)`,
		robots + `:3: warning: pattern "HTTP://example.com" never matches: a rule names a path, not a URL (write /, its path)`,
		robots + `:4: warning: pattern "https://example.com?a=1" never matches: a rule names a path, not a URL (write /?a=1, its path)`,
		robots + `:5: warning: pattern "example.com/x" never matches: a path always starts with '/' (write /example.com/x)`,
		robots + `:6: warning: pattern "ftp://example.com/f" never matches: a path always starts with '/' (write /ftp://example.com/f)`,
		robots + `:7: warning: pattern "ecs.example.edu/people" never matches: a rule names a path, not a host (write /people, its path, in ecs.example.edu's own robots.txt)`,
		robots + `:8: warning: pattern "Static.Example.COM/*" never matches: a rule names a path, not a host (write /*, its path, in Static.Example.COM's own robots.txt)`,
		robots + `:9: warning: pattern "192.0.2.1/" never matches: a rule names a path, not a host (write /, its path, in 192.0.2.1's own robots.txt)`,
		robots + `:10: warning: pattern "jquery.min.j/x" never matches: a path always starts with '/' (write /jquery.min.j/x)`,
		robots + `:11: warning: pattern "v1.2.3/x" never matches: a path always starts with '/' (write /v1.2.3/x)`,
		robots + `:12: warning: pattern "www.example.com" never matches: a path always starts with '/' (write /www.example.com)`,
		robots + `:13: warning: pattern "a..example.com/" never matches: a path always starts with '/' (write /a..example.com/)`,
		robots + `:14: warning: pattern "1.2.3.4.5/" never matches: a path always starts with '/' (write /1.2.3.4.5/)`,
		robots + `:15: warning: pattern "?print" never matches: a path always starts with '/' (write /*?print for any path that holds it, or /?print)`,
		robots + `:16: warning: pattern "&sid" never matches: a path always starts with '/' (write /*&sid for any path that holds it, or /&sid)`,
		robots + `:17: warning: pattern ".pdf$" never matches: a path always starts with '/' (write /*.pdf$ for any path that holds it, or /.pdf$)`,
		robots + `:18: warning: pattern "sessionid=*" never matches: a path always starts with '/' (write /*sessionid=* for any path that holds it, or /sessionid=*)`,
		robots + `:19: warning: pattern "a/b=c" never matches: a path always starts with '/' (write /a/b=c)`,
		robots + `:20: warning: pattern "https:///x" never matches: a rule names a path, not a URL (write /x, its path)`,
	}, lines(r.stdout))
}

// Linting the whole sample never fails and stays fast (docs.oracle.com's
// 19,126 rules included).
// TestLintSample: google. lint -json on two real files, against what was
// read off the files by hand: docs.oracle.com's 852,930 bytes are cut at
// 512,000, inside line 19,134, after 19,126 rule lines of one '*' group
// (grep -ciE '^(dis)?allow:' on the first 512,000 bytes); en.wikipedia.org
// repeats rules, one of them (line 176) in raw UTF-8 where line 175 has
// the same bytes percent-encoded.
func TestLintSample(t *testing.T) {
	r := robotsdfa(t, nil, "lint", "-json", sampleRobots+"/docs.oracle.com__protego2019.txt", sampleRobots+"/"+wikipedia)
	require.Equal(t, exitFound, r.code, r.stderr)
	var out struct {
		Files []struct {
			Lines       int
			Diagnostics []struct {
				Line           int
				Severity, Code string
				Message        string
			}
		}
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &out))
	require.Len(t, out.Files, 2)
	oracle, wiki := out.Files[0], out.Files[1]
	require.Equal(t, 19134, oracle.Lines)
	require.Len(t, oracle.Diagnostics, 2)
	require.Equal(t, 4, oracle.Diagnostics[0].Line)
	require.Contains(t, oracle.Diagnostics[0].Message, "19126 rule(s) merged")
	require.Equal(t, []any{19134, "warning", "truncated"}, []any{oracle.Diagnostics[1].Line, oracle.Diagnostics[1].Severity, oracle.Diagnostics[1].Code})
	require.Contains(t, oracle.Diagnostics[1].Message, "longer than 512,000 bytes", "grouped as every command's cut warning")

	require.Equal(t, 704, wiki.Lines)
	dup := map[int]string{}
	for _, d := range wiki.Diagnostics {
		if d.Code == "duplicate" {
			dup[d.Line] = d.Message
		}
	}
	require.Len(t, dup, 44)
	for line, first := range map[int]string{176: "repeats line 175", 409: "repeats line 303", 564: "repeats line 246", 565: "repeats line 247"} {
		require.Contains(t, dup[line], first, "line %d", line)
	}
}

// TestVersion: the binary says its module version, VCS revision and Go
// version: a build in a clone with VCS stamping names the clone's HEAD;
// an installed module its version.
func TestVersion(t *testing.T) {
	head, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		t.Skipf("no git here: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "robotsdfa")
	if out, err := exec.Command("go", "build", "-buildvcs=true", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build -buildvcs=true: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "version").Output()
	require.NoError(t, err)
	line := string(out)
	require.True(t, strings.HasPrefix(line, "robotsdfa "), line)
	require.Contains(t, line, goruntime.Version())
	// go build stamps no revision in a git worktree (.git a file): the
	// line is then held to what the binary carries.
	info, err := buildinfo.ReadFile(bin)
	require.NoError(t, err)
	revision := ""
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" {
			revision = s.Value
		}
	}
	if revision == "" {
		t.Logf("the build carries no VCS revision (a git worktree?): %q", line)
		require.NotContains(t, line, strings.TrimSpace(string(head)))
	} else {
		require.Equal(t, strings.TrimSpace(string(head)), revision)
		require.Contains(t, line, " "+revision)
	}

	installed := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/robotsdfa/robotsdfa", Version: "v1.2.3"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc123"}, {Key: "vcs.modified", Value: "true"}, {Key: "vcs.time", Value: "2026-11-26T00:00:00Z"}}}
	require.Equal(t, "robotsdfa v1.2.3 abc123+modified 2026-11-26T00:00:00Z go1.26.8", versionLine(installed, true))
	require.Contains(t, versionLine(nil, false), "no build information")
	r := robotsdfa(t, nil, "version", "extra")
	require.Equal(t, exitProblem, r.code)
}

// TestExplainTokenReadOtherwise (google, rfc: SEMANTICS 2.3 reads a
// user-agent line's token differently in each mode): a token no group
// names, which a user-agent line names in the other mode's reading, gets
// that line and what it names in this mode.
func TestExplainTokenReadOtherwise(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("User-agent: MJ12bot\nDisallow: /\n\nUser-agent: 360Spider\nDisallow: /\n\nUser-agent: *\nUser-agent: * 42bot\nDisallow: /x\n"))
	const global = "the '*' groups apply, named on user-agent line(s) 7, 8 (1 group merged, 1 rule)"
	for _, c := range []struct{ mode, agent, want string }{
		{"google", "mj12bot", `no group names "mj12bot" (line 1's user-agent "MJ12bot" is "MJ" in google mode); ` + global},
		{"google", "360Spider,Googlebot", `no group names "360Spider" (line 4's user-agent "360Spider" names the empty token in google mode); no group names "Googlebot"; ` + global},
		{"google", "42bot", `no group names "42bot"; ` + global},
		{"rfc", "MJ", `no group names "MJ" (line 1's user-agent "MJ12bot" is "MJ12bot" in rfc mode); ` + global},
		{"rfc", "Spider", `no group names "Spider"; ` + global},
	} {
		r := robotsdfa(t, nil, "explain", "-mode", c.mode, robots, c.agent, "https://example.com/y")
		require.Equal(t, exitOK, r.code, r.stderr)
		require.Contains(t, r.stdout, "\ngroups:   "+c.want+"\n", c.mode+" "+c.agent)
	}

	// The empty agent (SEMANTICS 2.4) gets a group whose line names no
	// product token either, which "360Spider" is in google mode only;
	// check's warning says so.
	empty := writeTemp(t, "empty.txt", []byte("User-agent: * 42bot\nUser-agent: 360Spider\nDisallow: /x\n\nUser-agent: *\nDisallow: /\n"))
	const warning = `robotsdfa check: warning: empty agent: the '*' groups apply, unless a user-agent line names no product token either ("User-agent:", or in google mode "User-agent: 360Spider")` + "\n"
	r := robotsdfa(t, nil, "check", empty, "", "https://example.com/y")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Equal(t, "allowed\thttps://example.com/y\n", r.stdout)
	require.Equal(t, warning, r.stderr)
	r = robotsdfa(t, nil, "check", "-mode", "rfc", empty, "", "https://example.com/y")
	require.Equal(t, exitFound, r.code, r.stderr)
	require.Equal(t, warning, r.stderr)
	r = robotsdfa(t, nil, "explain", empty, "", "https://example.com/y")
	require.Contains(t, r.stdout, "\ngroups:   product token \"\", named on user-agent line(s) 2 (1 group merged, 1 rule)\n")
	none := writeTemp(t, "none.txt", []byte("User-agent: bot\nDisallow: /\n"))
	r = robotsdfa(t, nil, "explain", none, "", "https://example.com/y")
	require.Contains(t, r.stdout, "\ngroups:   no group names \"\"; there is no '*' group: everything is allowed\n")
	r = robotsdfa(t, nil, "records", empty, "")
	require.Contains(t, r.stdout, "\ngroups:        product token \"\", group(s) at line(s) 1\n")
	r = robotsdfa(t, nil, "records", "-mode", "rfc", empty, "")
	require.Contains(t, r.stdout, "\ngroups:        no group names the agent (line 2's user-agent \"360Spider\" is \"360Spider\" in rfc mode); the '*' group(s) at line(s) 1, 5\n")
	r = robotsdfa(t, nil, "explain", "-mode", "rfc", empty, "", "https://example.com/y")
	require.Contains(t, r.stdout, "\ngroups:   no group names \"\" (line 2's user-agent \"360Spider\" is \"360Spider\" in rfc mode); the '*' groups apply, named on user-agent line(s) 1, 5 (2 groups merged, 2 rules)\n")
	// A '*' group's other line, naming the empty token, is not among the
	// lines that name the '*' group for another agent.
	shared := writeTemp(t, "shared.txt", []byte("User-agent: *\nUser-agent: 360Spider\nDisallow: /x\n"))
	r = robotsdfa(t, nil, "explain", shared, "bot", "https://example.com/y")
	require.Contains(t, r.stdout, "\ngroups:   no group names \"bot\"; the '*' groups apply, named on user-agent line(s) 1 (1 group merged, 1 rule)\n")
}

// TestExplainLostAgentLine (google, rfc: a line with an unknown key is
// ignored): a token no group names, which a line no crawler reads was
// surely meant to name as a user-agent line ("User_agent: Bingbot"), gets
// that line and why it is none; a token such a line does not name, or a
// line meant for another key, gets nothing.
func TestExplainLostAgentLine(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("User-agent: *\nDisallow: /x\n\nDisallop: Slurp\n=User-agent: Slurp\nUser_agent: Bingbot/2.0\nDisallow: /\n"))
	const global = "the '*' groups apply, named on user-agent line(s) 1 (1 group merged, 2 rules)"
	for _, mode := range []string{"google", "rfc"} {
		for _, c := range []struct{ agent, want string }{
			{"bingbot", `no group names "bingbot" (line 6, "User_agent: Bingbot/2.0", is no user-agent line: a slip for user-agent?); ` + global},
			{"Slurp", `no group names "Slurp" (line 5, "=User-agent: Slurp", is no user-agent line: "=" before user-agent hides the key); ` + global},
			{"Googlebot", `no group names "Googlebot"; ` + global},
		} {
			r := robotsdfa(t, nil, "explain", "-mode", mode, robots, c.agent, "https://example.com/y")
			require.Equal(t, exitOK, r.code, r.stderr)
			require.Contains(t, r.stdout, "\ngroups:   "+c.want+"\n", mode+" "+c.agent)
		}
	}
}

// TestExplainNoGroups: of a file with no user-agent line (a web page
// served as robots.txt), explain says so, as check warns, rather than
// that no group names the agent; a file with groups, none of them '*',
// keeps its answer.
func TestExplainNoGroups(t *testing.T) {
	page := writeTemp(t, "page.txt", []byte("<!DOCTYPE html>\n<html><body>Not found</body></html>\n"))
	r := robotsdfa(t, nil, "explain", page, "bot", "https://example.com/y")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stdout, "\ngroups:   none: the file has no user-agent line (2 lines read), so everything is allowed\n")
	named := writeTemp(t, "named.txt", []byte("User-agent: other\nDisallow: /\n"))
	r = robotsdfa(t, nil, "explain", named, "bot", "https://example.com/y")
	require.Contains(t, r.stdout, "\ngroups:   no group names \"bot\"; there is no '*' group: everything is allowed\n")
}

// explain's whole answer, read line by line against the file: the path as
// matched, the agent (one token, or a chain), the groups, every rule that
// matches with its priority (pattern bytes), the verdict and the other
// mode's.
func TestExplainWhole(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("user-agent: *\ndisallow: /a\nallow: /a/%7Eb\nallow: /d/index.html\n\nuser-agent: bot\ndisallow: /x\n\nuser-agent: botb\ndisallow:\nallow: /q\n"))
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"other,nobody", "https://e.com/a/~b"}, `url:      https://e.com/a/~b
path:     /a/~b  (google mode: matched as written)
agent:    other, nobody (a fallback chain: the first token a group names decides)
groups:   no group names "other"; no group names "nobody"; the '*' groups apply, named on user-agent line(s) 1 (1 group merged, 4 rules)
rules that match:
  line 2     disallow priority 2    Disallow: /a  <- decides
verdict:  disallowed: line 2: Disallow: /a
rfc mode: allowed: line 3: Allow: /a/%7Eb  (differs)
`},
		{[]string{"-mode", "rfc", "other,nobody", "https://e.com/a/~b"}, `url:      https://e.com/a/~b
path:     /a/~b  (rfc mode: normalised: unreserved escapes decoded, hex upper-cased, bytes >= 0x80 escaped)
agent:    other, nobody (a fallback chain: the first token a group names decides)
groups:   no group names "other"; no group names "nobody"; the '*' groups apply, named on user-agent line(s) 1 (1 group merged, 3 rules)
rules that match:
  line 2     disallow priority 2    Disallow: /a
  line 3     allow    priority 5    Allow: /a/%7Eb  <- decides
verdict:  allowed: line 3: Allow: /a/%7Eb
google mode: disallowed: line 2: Disallow: /a  (differs)
`},
		{[]string{"bot", "/x/y"}, `url:      /x/y
path:     /x/y  (google mode: matched as written)
agent:    bot
groups:   product token "bot", named on user-agent line(s) 6 (1 group merged, 1 rule)
rules that match:
  line 7     disallow priority 2    Disallow: /x  <- decides
verdict:  disallowed: line 7: Disallow: /x
rfc mode: the same
`},
		// A chain whose second token is named: the first is not.
		{[]string{"other,bot", "/x/y"}, `url:      /x/y
path:     /x/y  (google mode: matched as written)
agent:    other, bot (a fallback chain: the first token a group names decides)
groups:   no group names "other"; product token "bot", named on user-agent line(s) 6 (1 group merged, 1 rule)
rules that match:
  line 7     disallow priority 2    Disallow: /x  <- decides
verdict:  disallowed: line 7: Disallow: /x
rfc mode: the same
`},
		// An empty Disallow is a rule that matches nothing (priority 0).
		{[]string{"botb", "/q"}, `url:      /q
path:     /q  (google mode: matched as written)
agent:    botb
groups:   product token "botb", named on user-agent line(s) 9 (1 group merged, 2 rules)
rules that match:
  line 11    allow    priority 2    Allow: /q  <- decides
verdict:  allowed: line 11: Allow: /q
rfc mode: the same
`},
	} {
		r := robotsdfa(t, nil, append([]string{"explain", robots}, c.args...)...)
		require.Equal(t, exitOK, r.code, r.stderr)
		require.Equal(t, c.want, r.stdout, c.args)
	}
}

// TestExplainMeant (google, rfc: a pattern is a path, and a line's key ends
// at its first colon): the rules of the groups that apply that never match
// as written but would, written as the path meant (a URL, a host before
// the path, a URL cut at its colon), are listed with what keeps each from
// matching; the verdict is the file's as written.
func TestExplainMeant(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("User-agent: *\nDisallow: https://example.com/private\nDisallow https://example.com/secret\n"+
		"Disallow: www.example.com/priv*\nAllow: https://example.com/private/ok\nDisallow: /public$\n\nUser-agent: bot\nDisallow: HTTPS://example.com\nAllow: https://example.com/d/index.html\nDisallow: https://example.com/%7Euser\n"))
	for _, c := range []struct {
		mode, agent, url, want string
	}{
		{"google", "googlebot", "https://example.com/private/x", `rules that match: none
rules meant to match, which never do as written:
  line 2     disallow Disallow: https://example.com/private  (a URL, where a rule names a path; /private would match)
  line 4     disallow Disallow: www.example.com/priv*  (a host before the path; /priv* would match)
verdict:  allowed: no matching rule
`},
		{"google", "googlebot", "https://example.com/secret", `rules that match: none
rules meant to match, which never do as written:
  line 3     disallow Disallow https://example.com/secret  (the URL's colon ends the key; /secret would match)
verdict:  allowed: no matching rule
`},
		{"rfc", "googlebot", "https://example.com/secret", "rules that match: none\nverdict:  allowed: no matching rule\n"}, // no rule: RFC 9309 ignores the line
		{"rfc", "googlebot", "https://example.com/private", `rules that match: none
rules meant to match, which never do as written:
  line 2     disallow Disallow: https://example.com/private  (a URL, where a rule names a path; /private would match)
  line 4     disallow Disallow: www.example.com/priv*  (a host before the path; /priv* would match)
verdict:  allowed: no matching rule
`},
		{"google", "googlebot", "https://example.com/public", `rules that match:
  line 6     disallow priority 8    Disallow: /public$  <- decides
verdict:  disallowed: line 6: Disallow: /public$
`},
		{"google", "bot", "https://example.com/private", `rules that match: none
rules meant to match, which never do as written:
  line 9     disallow Disallow: HTTPS://example.com  (a URL, where a rule names a path; / would match)
verdict:  allowed: no matching rule
`},
		{"google", "bot", "https://example.com/d/index.html", `rules that match: none
rules meant to match, which never do as written:
  line 9     disallow Disallow: HTTPS://example.com  (a URL, where a rule names a path; / would match)
  line 10    allow    Allow: https://example.com/d/index.html  (a URL, where a rule names a path; /d/index.html would match)
verdict:  allowed: no matching rule
`}, // once, though Google's index.htm rule implies a second pattern
		{"rfc", "bot", "https://example.com/~user", `rules that match: none
rules meant to match, which never do as written:
  line 9     disallow Disallow: HTTPS://example.com  (a URL, where a rule names a path; / would match)
  line 11    disallow Disallow: https://example.com/%7Euser  (a URL, where a rule names a path; /%7Euser would match)
verdict:  allowed: no matching rule
`}, // the mode's matching: RFC 9309 decodes %7E, Google's reference does not
		{"google", "bot", "https://example.com/~user", `rules that match: none
rules meant to match, which never do as written:
  line 9     disallow Disallow: HTTPS://example.com  (a URL, where a rule names a path; / would match)
verdict:  allowed: no matching rule
`},
	} {
		r := robotsdfa(t, nil, "explain", "-mode", c.mode, robots, c.agent, c.url)
		require.Equal(t, exitOK, r.code, r.stderr)
		require.Contains(t, r.stdout, "\n"+c.want, "%s %s %s", c.mode, c.agent, c.url)
	}

	// A path with no '/' before it: the path after one, or after "/*"
	// where it begins as a query or an extension.
	rooted := writeTemp(t, "rooted.txt", []byte("User-agent: *\nDisallow: private/\nDisallow: ?utm_source=\nDisallow: .pdf$\nAllow: *.css\n"))
	for url, want := range map[string]string{
		"https://e.com/private/x":        "  line 2     disallow Disallow: private/  (no '/' begins it; /private/ would match)\n",
		"https://e.com/a?utm_source=x":   "  line 3     disallow Disallow: ?utm_source=  (no '/' begins it; /*?utm_source= would match)\n",
		"https://e.com/a/doc.pdf":        "  line 4     disallow Disallow: .pdf$  (no '/' begins it; /*.pdf$ would match)\n",
		"https://e.com/a/private/doc.js": "",
		"https://e.com/style.css":        "", // "*.css" matches as written
	} {
		r := robotsdfa(t, nil, "explain", rooted, "bot", url)
		require.Equal(t, exitOK, r.code, r.stderr)
		if want == "" {
			require.NotContains(t, r.stdout, "rules meant", url)
			continue
		}
		require.Contains(t, r.stdout, "rules meant to match, which never do as written:\n"+want+"verdict:", url)
	}

	// Rules before any user-agent line belong to no group: the ones that
	// match are listed as written, an empty pattern never.
	early := writeTemp(t, "early.txt", []byte("Disallow:\nDisallow: /early\n# User-agent: *\nAllow: /early/ok\nUser-agent: *\nDisallow: /x\nAllow: /early/ok/1\n"))
	for _, mode := range []string{"google", "rfc"} {
		r := robotsdfa(t, nil, "explain", "-mode", mode, early, "bot", "https://e.com/early/ok/1", "https://e.com/x")
		require.Equal(t, exitOK, r.code, r.stderr)
		require.Contains(t, r.stdout, `rules that match:
  line 7     allow    priority 11   Allow: /early/ok/1  <- decides
rules meant to match, which never do as written:
  line 2     disallow Disallow: /early  (before any user-agent line, in no group; /early would match)
  line 4     allow    Allow: /early/ok  (before any user-agent line, in no group; /early/ok would match)
verdict:  allowed: line 7: Allow: /early/ok/1
`, mode)
		require.Contains(t, r.stdout, `rules that match:
  line 6     disallow priority 2    Disallow: /x  <- decides
verdict:  disallowed: line 6: Disallow: /x
`, mode)
	}
}

// TestExplainDecidesOnce (google, rfc: of the most specific matches, one
// decides): of two matching rules of the same kind and priority, explain
// marks one as deciding, the one the verdict names.
func TestExplainDecidesOnce(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("User-agent: *\nDisallow: /a*\nDisallow: /ab\n"))
	for _, mode := range []string{"google", "rfc"} {
		r := robotsdfa(t, nil, "explain", "-mode", mode, robots, "bot", "https://example.com/abc")
		require.Equal(t, exitOK, r.code, r.stderr)
		require.Equal(t, 1, strings.Count(r.stdout, "<- decides"), r.stdout)
		require.Contains(t, r.stdout, "\n  line 2     disallow priority 3    Disallow: /a*  <- decides\n", mode)
		require.Contains(t, r.stdout, "\nverdict:  disallowed: line 2: Disallow: /a*\n", mode)
	}
}
