package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/internal/frontier"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/conformance"
	"github.com/stretchr/testify/require"
)

const wikipedia = "en.wikipedia.org__protego2019.txt"

func TestCheck(t *testing.T) {
	robots := repo("testdata", "corpus", "robots", wikipedia)
	r := robotsdfa(t, nil, "check", robots, "googlebot", "https://en.wikipedia.org/wiki/Go", "/wiki/Rust")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Equal(t, "allowed\thttps://en.wikipedia.org/wiki/Go\nallowed\t/wiki/Rust\n", r.stdout)

	r = robotsdfa(t, nil, "check", "-explain", robots, "googlebot-news,googlebot", "https://en.wikipedia.org/w/index.php?title=Go", "/wiki/Go")
	require.Equal(t, exitFound, r.code)
	require.Equal(t, "disallowed\thttps://en.wikipedia.org/w/index.php?title=Go\tline 157: Disallow: /w/\n"+
		"allowed\t/wiki/Go\tno matching rule\n", r.stdout)
}

func TestCheckModes(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("user-agent: *\ndisallow: /a/%7Eb\ndisallow: /robots.txt\n"))
	r := robotsdfa(t, nil, "check", robots, "x", "/a/~b")
	require.Equal(t, exitOK, r.code)
	r = robotsdfa(t, nil, "check", "-mode", "rfc", "-explain", robots, "x", "/a/~b", "/robots.txt")
	require.Equal(t, exitFound, r.code)
	require.Equal(t, "disallowed\t/a/~b\tline 2: Disallow: /a/%7Eb\nallowed\t/robots.txt\t/robots.txt is always allowed (RFC 9309 section 2.2.2)\n", r.stdout)
	r = robotsdfa(t, nil, "check", "-mode", "bing", robots, "x", "/")
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "bing")
}

func TestCheckErrors(t *testing.T) {
	dir := t.TempDir()
	robots := writeTemp(t, "robots.txt", []byte("user-agent: *\ndisallow: /private\n"))
	junk := make([]byte, 4096)
	for i := range junk {
		junk[i] = byte(i*131 + 7)
	}
	junkFile := writeTemp(t, "junk.txt", junk)
	empty := writeTemp(t, "empty.txt", nil)
	for _, c := range []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"missing file", []string{filepath.Join(dir, "nope.txt"), "bot", "/"}, exitProblem, "", "nope.txt: no such file"},
		{"directory", []string{dir, "bot", "/"}, exitProblem, "", "is a directory"},
		{"a URL for the file", []string{"HTTPS://example.com/robots.txt", "bot", "/"}, exitProblem, "", "HTTPS://example.com/robots.txt: no such file or directory (a URL, not a file: give its body as \"-\" on standard input"},
		{"too few arguments", []string{robots}, exitProblem, "", "want ROBOTS_FILE AGENT URL..., got 1 argument"},
		{"no URL", []string{robots, "bot"}, exitProblem, "", "got no URL (URLs one a line, from files or standard input: robotsdfa filter -robots ROBOTS_FILE -agent AGENT -verdicts [FILE...])"},
		{"- for a URL", []string{robots, "bot", "-"}, exitOK, "allowed\t-\n", "(URLs from standard input: robotsdfa filter -robots ROBOTS_FILE -agent AGENT -verdicts)"},
		{"empty token", []string{robots, "a,,b", "/"}, exitProblem, "", "empty product token"},
		{"invalid token warns", []string{robots, "bot/1.0", "/x"}, exitOK, "allowed\t/x\n", "is not one RFC 9309 allows"},
		{"a User-Agent header names its token", []string{robots, "politebot/1.0 (+https://e.com/bot)", "/x"}, exitOK, "allowed\t/x\n", `it names the product token "politebot"`},
		// AGENT and URL swapped: a URL for AGENT and tokens for URLs.
		{"swapped", []string{robots, "https://e.com/private", "bot"}, exitProblem, "", `AGENT "https://e.com/private" is a URL and URL "bot" a product token: the order is ROBOTS_FILE AGENT URL...`},
		{"swapped, a path", []string{robots, "/private", "googlebot-news,googlebot", "bot"}, exitProblem, "", `AGENT "/private" is a URL and the URLs product tokens: the order is ROBOTS_FILE AGENT URL...`},
		{"a path for AGENT alone warns", []string{robots, "/private", "/private"}, exitFound, "disallowed\t/private\n", `product token "/private" is not one RFC 9309 allows`},
		{"a token-like URL alone warns", []string{robots, "bot", "private"}, exitOK, "allowed\tprivate\n", `read as the path "/"`},
		{"junk bytes", []string{junkFile, "bot", "/private"}, exitOK, "allowed\t/private\n", "has no user-agent line"},
		{"empty file", []string{empty, "bot", "/private"}, exitOK, "allowed\t/private\n", "has no user-agent line"},
		{"no host", []string{robots, "bot", "https:///private", "/private"}, exitFound, "disallowed\thttps:///private\ndisallowed\t/private\n", `URL "https:///private": no host; read as the path "/private"`},
		{"not a URL", []string{robots, "bot", "private"}, exitOK, "allowed\tprivate\n", `URL "private": neither an absolute URL nor a path starting with '/'; read as the path "/"`},
		{"control byte", []string{robots, "bot", "/a\tb"}, exitOK, "allowed\t/a\\x09b\n", `URL "/a\x09b": control byte 0x09 at byte 2; read as the path "/a\x09b"`},
		{"invalid UTF-8", []string{robots, "bot", "/private\xff\xfe", "/ok\xc3"}, exitFound, "disallowed\t/private\xff\xfe\nallowed\t/ok\xc3\n", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := robotsdfa(t, nil, append([]string{"check"}, c.args...)...)
			require.Equal(t, c.code, r.code, r.stderr)
			require.Equal(t, c.stdout, r.stdout)
			require.Contains(t, r.stderr, c.stderr)
			// The hint for "-" as a URL is for that URL alone.
			const stdinHint = "(URLs from standard input:"
			require.Equal(t, strings.Contains(c.stderr, stdinHint), strings.Contains(r.stderr, stdinHint), r.stderr)
		})
	}
}

// A 100 KB URL (about what one command-line argument can hold) is checked
// like any other; filter's tests take 10 MB lines.
func TestCheckLongURL(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("user-agent: *\ndisallow: /*x$\n"))
	long := "/" + strings.Repeat("a", 100<<10) + "x"
	r := robotsdfa(t, nil, "check", robots, "bot", long)
	require.Equal(t, exitFound, r.code)
	require.True(t, r.stdout == "disallowed\t"+long+"\n", shorten(r.stdout))
}

// The conformance cases and Google's suite, through check: each robots.txt
// body once per mode and agent, with all its URLs on one command line.
// All of Google's 400 expectations run, odd URLs included (the empty one,
// "example.com/p", control bytes, tokens with spaces). 4 (case, mode)
// pairs of ours are not run, and their number is pinned: URLs holding a
// NUL, which a command line cannot carry (the library answers them:
// runtime's and compile's conformance tests).
func TestConformanceThroughCheck(t *testing.T) {
	tests, err := conformance.LoadDir(repo("testdata", "conformance"))
	require.NoError(t, err)
	type expect struct {
		q       conformance.Query
		source  string
		allowed bool
		line    int32
		noLine  bool
	}
	var all []expect
	for _, test := range tests {
		for _, c := range test.Cases {
			for _, mode := range c.Label.Modes() {
				q := conformance.Query{Robots: test.Robots, Options: compile.Options{Mode: mode, MaxBytes: test.MaxBytes},
					Agents: c.Agents, Union: c.Union, URL: c.URL}
				all = append(all, expect{q, c.Source + "/" + mode.String(), c.Allowed, int32(c.Line), false})
			}
		}
	}
	specs, err := conformance.LoadGoogleSpec(repo("testdata", "conformance", "google-spec-test", "google-spec-test.json"))
	require.NoError(t, err)
	require.Len(t, specs, 400)
	for _, s := range specs {
		q := conformance.Query{Robots: s.Robots, Agents: []string{s.UserAgent}, URL: s.URL}
		all = append(all, expect{q, s.File, s.Allowed, 0, true})
	}
	var qs []conformance.Query
	var run []expect
	skipped := 0
	for _, x := range all {
		if !expressible(x.q) {
			require.NotContains(t, x.source, ".textproto", "one of Google's 400 expectations cannot be put to check: %+v", x.q)
			t.Logf("not run: %s %q for %q", x.source, x.q.URL, x.q.Agents)
			skipped++
			continue
		}
		qs = append(qs, x.q)
		run = append(run, x)
	}
	answers := checkAll(t, qs)
	for _, x := range run {
		v := answers[queryKey(x.q)]
		if v.Allowed != x.allowed || (!x.noLine && v.Line != x.line) {
			t.Errorf("%s: %q for %q: check says %v, want allowed=%v line %d", x.source, x.q.URL, x.q.Agents, v, x.allowed, x.line)
		}
	}
	t.Logf("%d cases through check, %d not expressible on a command line", len(run), skipped)
	require.Greater(t, len(run), 1000)
	require.Equal(t, 4, skipped, "the cases check cannot run changed")
}

// expressible reports whether check can be asked q: a URL a command line
// can carry (no NUL) and agents that survive the comma-separated form.
func expressible(q conformance.Query) bool {
	if strings.IndexByte(q.URL, 0) >= 0 {
		return false
	}
	for _, a := range q.Agents {
		if (a == "" && len(q.Agents) > 1) || strings.Contains(a, ",") || strings.IndexByte(a, 0) >= 0 {
			return false
		}
	}
	return true
}

type batchKey struct {
	robots, agents string
	mode           compile.Mode
	maxBytes       int
	union          bool
}

func queryKey(q conformance.Query) string {
	return fmt.Sprintf("%q %v %d %q %v %q", q.Robots, q.Options.Mode, q.Options.MaxBytes, q.Agents, q.Union, q.URL)
}

// checkAll answers queries by running check once per robots.txt body,
// mode and agent.
func checkAll(t *testing.T, qs []conformance.Query) map[string]conformance.Verdict {
	batches := map[batchKey][]conformance.Query{}
	var order []batchKey
	for _, q := range qs {
		k := batchKey{string(q.Robots), strings.Join(q.Agents, ","), q.Options.Mode, q.Options.MaxBytes, q.Union}
		if _, ok := batches[k]; !ok {
			order = append(order, k)
		}
		batches[k] = append(batches[k], q)
	}
	dir := t.TempDir()
	answers := map[string]conformance.Verdict{}
	for i, k := range order {
		robots := filepath.Join(dir, fmt.Sprintf("robots-%d.txt", i))
		require.NoError(t, os.WriteFile(robots, []byte(k.robots), 0o644))
		args := []string{"check", "-explain", "-mode", k.mode.String()}
		if k.maxBytes != 0 {
			args = append(args, "-max-bytes", strconv.Itoa(k.maxBytes))
		}
		if k.union {
			args = append(args, "-union")
		}
		args = append(args, robots, k.agents)
		for _, q := range batches[k] {
			args = append(args, q.URL)
		}
		r := robotsdfa(t, nil, args...)
		require.NotEqual(t, exitProblem, r.code, "%v: %s", args, r.stderr)
		out := lines(r.stdout)
		require.Len(t, out, len(batches[k]), r.stdout)
		for j, q := range batches[k] {
			f := strings.SplitN(out[j], "\t", 3)
			require.Len(t, f, 3, out[j])
			require.Equal(t, string(frontier.AppendEscaped(nil, q.URL)), f[1])
			v := conformance.Verdict{Allowed: f[0] == "allowed"}
			if rest, ok := strings.CutPrefix(f[2], "line "); ok {
				n, err := strconv.Atoi(rest[:strings.IndexByte(rest, ':')])
				require.NoError(t, err)
				v.Line = int32(n)
			}
			answers[queryKey(q)] = v
		}
	}
	return answers
}

// TestCheckOddURLs: check and explain answer for every string the library
// reads a path from (SEMANTICS 4.1), warning about the odd ones; a token
// with whitespace around it is compared as given, with a warning.
func TestCheckOddURLs(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("user-agent: googlebot\ndisallow: /a\n\nuser-agent: *\ndisallow: /\n"))
	r := robotsdfa(t, nil, "check", "-explain", robots, "googlebot", "", "example.com/a", "a\tb", "/ok")
	require.Equal(t, exitFound, r.code, r.stderr)
	require.Equal(t, "allowed\t\tno matching rule\ndisallowed\texample.com/a\tline 2: Disallow: /a\nallowed\ta\\x09b\tno matching rule\nallowed\t/ok\tno matching rule\n", r.stdout)
	require.Contains(t, r.stderr, `warning: URL "": empty line; read as the path "/"`)
	require.Contains(t, r.stderr, `warning: URL "example.com/a": neither an absolute URL nor a path starting with '/'; read as the path "/a"`)
	require.Contains(t, r.stderr, `warning: URL "a\x09b": control byte 0x09 at byte 1; read as the path "/"`)
	require.NotContains(t, r.stderr, `"/ok"`)

	r = robotsdfa(t, nil, "explain", robots, "googlebot", "example.com/a")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stdout, "path:     /a")
	require.Contains(t, r.stderr, `read as the path "/a"`)

	for _, agent := range []string{"googlebot ", "\u00a0googlebot", "googlebot\u3000"} {
		r = robotsdfa(t, nil, "check", robots, agent, "/ok")
		require.Equal(t, exitFound, r.code, "%q is not googlebot: the '*' group applies", agent)
		require.Contains(t, r.stderr, "has whitespace around it; it is compared as given")
	}
}

// TestCompiledGivenAsRobotsTxt: a blob, a store or a compressed file given
// where a robots.txt goes is recognised by its magic: check and filter use
// a blob's rules and say so (refusing a -mode that is not its own); the
// commands that need the source, and every command given a store or a
// compressed file, refuse it with exit 2 and say what it is.
func TestCompiledGivenAsRobotsTxt(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("user-agent: *\ndisallow: /private\n"))
	blob := filepath.Join(t.TempDir(), "robots.blob")
	r := robotsdfa(t, nil, "compile", "-o", blob, robots)
	require.Equal(t, exitOK, r.code, r.stderr)

	r = robotsdfa(t, nil, "check", "-explain", blob, "googlebot", "https://example.com/private/x", "/ok")
	require.Equal(t, exitFound, r.code, r.stderr)
	require.Equal(t, "disallowed\thttps://example.com/private/x\tline 2: Disallow, priority 8\nallowed\t/ok\tno matching rule\n", r.stdout)
	require.Contains(t, r.stderr, "is a compiled blob (google mode): its rules are used as they are")
	r = robotsdfa(t, nil, "check", "-mode", "rfc", blob, "googlebot", "/private")
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "a blob compiled in google mode; -mode rfc does not apply to it")
	r = robotsdfa(t, []byte("/private\n/ok\n"), "filter", "-robots", blob, "-agent", "g")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Equal(t, "/ok\n", r.stdout)
	// A blob compiled in RFC mode, given with no -mode: its own mode is
	// used, not refused as another than google's default.
	rfcBlob := filepath.Join(t.TempDir(), "rfc.blob")
	r = robotsdfa(t, nil, "compile", "-mode", "rfc", "-o", rfcBlob, robots)
	require.Equal(t, exitOK, r.code, r.stderr)
	r = robotsdfa(t, nil, "check", rfcBlob, "googlebot", "/private")
	require.Equal(t, exitFound, r.code, r.stderr)
	require.Equal(t, "disallowed\t/private\n", r.stdout)
	require.Contains(t, r.stderr, "is a compiled blob (rfc mode): its rules are used as they are")

	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "example.com.txt"), []byte("user-agent: *\ndisallow: /\n"), 0o644))
	pack := filepath.Join(t.TempDir(), "x.pack")
	r = robotsdfa(t, nil, "compile", "-robots-dir", dir, "-o", pack)
	require.Equal(t, exitOK, r.code, r.stderr)
	zst := writeTemp(t, "robots.txt.zst", []byte{0x28, 0xb5, 0x2f, 0xfd, 0, 0, 0})
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{"check", pack, "g", "/x"}, "is a store of compiled robots.txt"},
		{[]string{"check", zst, "g", "/x"}, "is zstd-compressed"},
		{[]string{"explain", blob, "g", "/x"}, "is a compiled blob (robotsdfa compile), not a robots.txt"},
		{[]string{"explain", pack, "g", "/x"}, "is a store of compiled robots.txt"},
		{[]string{"lint", blob}, "is a compiled blob"},
		{[]string{"lint", pack}, "is a store of compiled robots.txt"},
		{[]string{"compile", blob, "-o", filepath.Join(t.TempDir(), "again.blob")}, "is a compiled blob"},
		{[]string{"filter", "-robots", pack, "-agent", "g", robots}, "is a store of compiled robots.txt"},
		{[]string{"records", pack, "g"}, "is a store of compiled robots.txt"},
	} {
		r := robotsdfa(t, nil, c.args...)
		require.Equal(t, exitProblem, r.code, "%v: %s", c.args, r.stderr)
		require.Contains(t, r.stderr, c.says, c.args)
		require.Empty(t, r.stdout, c.args)
	}
}

// TestURLForFile: a URL given where a file is wanted, and not found, is
// said to be one, with where it belongs; any other name that is not found
// gets the system's error alone.
func TestURLForFile(t *testing.T) {
	for name, want := range map[string]bool{
		"http://e.com/robots.txt": true, "HTTPS://e.com/": true, "hTTp://e": true,
		"https://": false, "ftp://e.com/robots.txt": false, "./http://e.com": false, "robots.txt": false,
	} {
		require.Equal(t, want, isHTTPURL(name), name)
	}
	require.Contains(t, urlForFile(urlListWhat), "filter reads URLs from files")
	require.Contains(t, urlForFile("a robots.txt file or a blob"), "robotsdfa fetch")
	require.Equal(t, "a URL, not a file: this command reads local files", urlForFile("a blob or pack"))

	missing := filepath.Join(t.TempDir(), "nope.txt")
	r := robotsdfa(t, nil, "check", missing, "bot", "/")
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "nope.txt: no such file or directory\n")
	r = robotsdfa(t, nil, "inspect", "https://e.com/hosts.pack")
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "https://e.com/hosts.pack: no such file or directory (a URL, not a file: this command reads local files)")
}

// TestCheckBOMTwice (google, rfc: a crawler skips a UTF-8 byte-order mark
// at the start of a file, not one encoded twice, "ï»¿", nor a UTF-16 one,
// in a file that is not UTF-8 as RFC 9309 section 2.3 asks): check,
// explain and filter -robots say that the first line is ignored, which a
// verdict alone does not show, and say nothing where no key follows the
// mark (a comment); check names a UTF-16 file's mark.
func TestCheckBOMTwice(t *testing.T) {
	const warn = `line 1 begins with "ï»¿", a byte-order mark encoded twice, which crawlers do not skip: they ignore the line (robotsdfa lint says more)`
	lost := writeTemp(t, "lost.txt", []byte(bomTwice+"User-agent: *\nDisallow: /private\nUser-agent: otherbot\nDisallow: /\n"))
	comment := writeTemp(t, "comment.txt", []byte(bomTwice+"# rules\nUser-agent: *\nDisallow: /private\n"))
	alone := writeTemp(t, "alone.txt", []byte(bomTwice+":\nUser-agent: *\nDisallow: /private\n"))
	// "User-agent: *\nDisallow: /private\n" saved as UTF-16, little-endian.
	utf16LE := writeTemp(t, "utf16.txt", []byte("\xff\xfeU\x00s\x00e\x00r\x00-\x00a\x00g\x00e\x00n\x00t\x00:\x00 \x00*\x00\n\x00"+
		"D\x00i\x00s\x00a\x00l\x00l\x00o\x00w\x00:\x00 \x00/\x00p\x00r\x00i\x00v\x00a\x00t\x00e\x00\n\x00"))
	for _, mode := range []string{"google", "rfc"} {
		r := robotsdfa(t, nil, "check", "-mode", mode, lost, "bot", "/private")
		require.Equal(t, exitOK, r.code, r.stderr)
		require.Equal(t, "allowed\t/private\n", r.stdout)
		require.Equal(t, "robotsdfa check: warning: "+lost+": "+warn+"\n", r.stderr)

		r = robotsdfa(t, nil, "explain", "-mode", mode, lost, "bot", "/private")
		require.Equal(t, exitOK, r.code, r.stderr)
		require.Contains(t, r.stdout, "verdict:  allowed")
		require.Equal(t, "robotsdfa explain: warning: "+lost+": "+warn+"\n", r.stderr)

		r = robotsdfa(t, []byte("/private\n"), "filter", "-mode", mode, "-robots", lost, "-agent", "bot", "-verdicts")
		require.Equal(t, exitOK, r.code, r.stderr)
		require.Equal(t, "allowed\t/private\n", r.stdout)
		require.Contains(t, r.stderr, "robotsdfa filter: warning: "+lost+": "+warn+"\n")

		r = robotsdfa(t, nil, "check", "-mode", mode, utf16LE, "bot", "/private")
		require.Equal(t, exitOK, r.code, r.stderr)
		require.Equal(t, "robotsdfa check: warning: "+utf16LE+" begins with a UTF-16 byte-order mark (little-endian), but crawlers read a robots.txt as UTF-8 (robotsdfa lint says more)\n"+
			"robotsdfa check: warning: "+utf16LE+" has no user-agent line (3 lines read); every URL is allowed\n", r.stderr)

		for _, harmless := range []string{comment, alone} {
			r = robotsdfa(t, nil, "check", "-mode", mode, harmless, "bot", "/private")
			require.Equal(t, exitFound, r.code, r.stderr)
			require.Empty(t, r.stderr)
			r = robotsdfa(t, nil, "explain", "-mode", mode, harmless, "bot", "/private")
			require.Equal(t, exitOK, r.code, r.stderr)
			require.Empty(t, r.stderr)
		}
	}
}

// TestCheckLostAgent (google, rfc: a line with an unknown key is ignored,
// and its rules go to the group before): check and filter -robots warn
// when no group names the agent but a line no crawler reads was surely
// meant to; not when a group names it, nor of a blob, which keeps no
// lines.
func TestCheckLostAgent(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("User-agent: *\nDisallow: /x\n\nUser_agent: Bingbot\nDisallow: /\n\nUser-agent: Slurp\nAllow: /\n"))
	const warning = `: no group names "Bingbot" (line 4, "User_agent: Bingbot", is no user-agent line: a slip for user-agent?)` + "\n"
	for _, mode := range []string{"google", "rfc"} {
		r := robotsdfa(t, nil, "check", "-mode", mode, robots, "Bingbot", "https://example.com/y")
		require.Equal(t, exitFound, r.code, r.stderr)
		require.Equal(t, "robotsdfa check: warning: "+robots+warning, r.stderr, mode)
		r = robotsdfa(t, []byte("https://example.com/y\n"), "filter", "-mode", mode, "-robots", robots, "-agent", "Bingbot")
		require.Equal(t, exitOK, r.code, r.stderr)
		require.Contains(t, r.stderr, "robotsdfa filter: warning: "+robots+warning, mode)
		r = robotsdfa(t, nil, "check", "-mode", mode, robots, "Bingbot,Slurp", "https://example.com/y")
		require.Equal(t, exitOK, r.code, r.stderr)
		require.Empty(t, r.stderr, "Slurp's group decides")
	}
	// No '*' group: everything is allowed, and the line is still named.
	none := writeTemp(t, "none.txt", []byte("User_agent: Bingbot\nDisallow: /\n\nUser-agent: Slurp\nAllow: /\n"))
	r := robotsdfa(t, nil, "check", none, "Bingbot", "https://example.com/y")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Equal(t, "robotsdfa check: warning: "+none+`: no group names "Bingbot" (line 1, "User_agent: Bingbot", is no user-agent line: a slip for user-agent?)`+"\n", r.stderr)
	blob := filepath.Join(t.TempDir(), "r.blob")
	r = robotsdfa(t, nil, "compile", "-o", blob, robots)
	require.Equal(t, exitOK, r.code, r.stderr)
	r = robotsdfa(t, nil, "check", blob, "Bingbot", "https://example.com/y")
	require.Equal(t, exitFound, r.code, r.stderr)
	require.NotContains(t, r.stderr, "warning")
}
