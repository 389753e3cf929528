package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/internal/testexec"
	"github.com/stretchr/testify/require"
)

// The command line is tested by running the built binary, as users and
// scripts do.

var exe string

func TestMain(m *testing.M) {
	flag.Parse()
	if f := flag.Lookup("test.fuzzworker"); f != nil && f.Value.String() == "true" {
		// A fuzz worker runs FuzzReader in process: no binary to build.
		os.Exit(m.Run())
	}
	dir, err := os.MkdirTemp("", "robotsdfa-cli")
	if err != nil {
		panic(err)
	}
	exe = filepath.Join(dir, "robotsdfa")
	cover, err := coverBuild(dir)
	if err == nil {
		args := append(append([]string{"build"}, cover...), "-o", exe, ".")
		if out, berr := exec.Command("go", args...).CombinedOutput(); berr != nil {
			err = fmt.Errorf("%v: %s", berr, out)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "building the binary:", err)
		os.RemoveAll(dir)
		os.Exit(2)
	}
	code := m.Run()
	if err := coverMerge(dir); err != nil {
		fmt.Fprintln(os.Stderr, "adding the binary's coverage:", err)
		code = 2
	}
	os.RemoveAll(dir)
	os.Exit(code)
}

// result is what a run of the binary gave.
type result struct {
	stdout, stderr string
	code           int
}

// robotsdfa runs the binary with stdin (nil: none) and args.
func robotsdfa(t testing.TB, stdin []byte, args ...string) result {
	t.Helper()
	cmd, stopped := testexec.Command(t, exe, args...)
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if stopped() {
		t.Fatalf("%s: still running after %v; its goroutines when stopped:\n%s", testexec.Line(exe, args), testexec.Bound, errb.String())
	}
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("running %s: %v", shorten(strings.Join(args, " ")), err)
	}
	require.NotContains(t, errb.String(), "goroutine ", "a panic trace: %s", errb.String())
	return result{out.String(), errb.String(), code}
}

// repo returns a path inside the repository.
func repo(parts ...string) string {
	return filepath.Join(append([]string{"..", ".."}, parts...)...)
}

// writeTemp writes a file in the test's temporary directory.
func writeTemp(t testing.TB, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(p, data, 0o644))
	return p
}

func lines(s string) []string {
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

func TestUsage(t *testing.T) {
	r := robotsdfa(t, nil)
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "usage: robotsdfa CMD")
	r = robotsdfa(t, nil, "help")
	require.Equal(t, exitOK, r.code)
	for _, c := range commands() {
		require.Contains(t, r.stdout, c.name)
	}
	r = robotsdfa(t, nil, "frobnicate")
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, `unknown command "frobnicate"`)
	// "help CMD" is CMD -h, as in git and go; an unknown CMD is refused.
	r = robotsdfa(t, nil, "help", "filter")
	require.Equal(t, exitOK, r.code)
	require.Equal(t, robotsdfa(t, nil, "filter", "-h").stdout, r.stdout)
	require.Contains(t, r.stdout, "usage: robotsdfa filter")
	r = robotsdfa(t, nil, "help", "frobnicate")
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, `unknown command "frobnicate"`)
	// A wrong use says what is wrong and where the usage is.
	r = robotsdfa(t, nil, "explain", "r.txt")
	require.Equal(t, exitProblem, r.code)
	require.Equal(t, []string{"robotsdfa explain: want ROBOTS_FILE AGENT URL..., got 1 argument",
		lines(robotsdfa(t, nil, "explain", "-h").stdout)[0],
		`Run "robotsdfa explain -h" for its flags and an example.`}, lines(r.stderr))
	// --version and -version are the version command.
	for _, flag := range []string{"--version", "-version"} {
		r = robotsdfa(t, nil, flag)
		require.Equal(t, exitOK, r.code, flag)
		require.Equal(t, robotsdfa(t, nil, "version").stdout, r.stdout, flag)
		require.True(t, strings.HasPrefix(r.stdout, "robotsdfa "), flag)
	}
}

// Every subcommand has -h with an example, and rejects unknown flags.
func TestHelpEverywhere(t *testing.T) {
	for _, c := range commands() {
		r := robotsdfa(t, nil, c.name, "-h")
		require.Equal(t, exitOK, r.code, c.name)
		require.Contains(t, r.stdout, "usage: robotsdfa "+c.name, c.name)
		require.Contains(t, r.stdout, "example:\n  $ robotsdfa ", c.name)
		// The flag package calls String on a flag's zero value for its
		// default, and prints a panic it recovers from.
		require.NotContains(t, r.stdout, "panic", c.name)
		synopsis := lines(r.stdout)[0]
		r = robotsdfa(t, nil, c.name, "-no-such-flag")
		require.Equal(t, exitProblem, r.code, c.name)
		require.Contains(t, r.stderr, "flag provided but not defined", c.name)
		// A usage error is followed by the synopsis and where the rest
		// is, not the whole usage above which it would scroll away.
		require.Equal(t, []string{"robotsdfa " + c.name + ": flag provided but not defined: -no-such-flag",
			synopsis,
			`Run "robotsdfa ` + c.name + ` -h" for its flags and an example.`}, lines(r.stderr), c.name)
	}
}

// shorten keeps failure messages readable when arguments are huge.
func shorten(s string) string {
	if len(s) > 300 {
		return s[:300] + fmt.Sprintf("... (%d bytes)", len(s))
	}
	return s
}

// TestFlagsAnywhere: flags may follow arguments, as with the tools people
// know; "--" ends them, and "-" stays an argument (standard input).
func TestFlagsAnywhere(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("user-agent: *\ndisallow: /private\n"))
	r := robotsdfa(t, nil, "check", robots, "googlebot", "-explain", "https://example.com/private/x")
	require.Equal(t, exitFound, r.code, r.stderr)
	require.Equal(t, "disallowed\thttps://example.com/private/x\tline 2: Disallow: /private\n", r.stdout)

	r = robotsdfa(t, []byte("https://example.com/a\nhttps://example.com/private\n"), "filter", "-agent", "g", "-", "-robots", robots)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Equal(t, "https://example.com/a\n", r.stdout)

	out := filepath.Join(t.TempDir(), "robots.blob")
	r = robotsdfa(t, nil, "compile", robots, "-o", out)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.FileExists(t, out)

	// After "--", "-explain" is a URL (a path-less relative reference).
	r = robotsdfa(t, nil, "check", robots, "googlebot", "--", "-explain")
	require.NotContains(t, r.stdout, "line ")
	require.Contains(t, r.stdout, "-explain")
	// "--" as a flag's value is the value, and flags after it still count.
	r = robotsdfa(t, []byte("/private\n/open\n"), "filter", "-agent", "--", "-robots", robots, "-verdicts")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Equal(t, "disallowed\t/private\nallowed\t/open\n", r.stdout)
	// The same with an argument between: the flags after it still count.
	r = robotsdfa(t, []byte("/private\n/open\n"), "filter", "-agent", "--", "-", "-robots", robots, "-verdicts")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Equal(t, "disallowed\t/private\nallowed\t/open\n", r.stdout)
}
