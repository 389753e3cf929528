package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/agentchain"
	"github.com/robotsdfa/robotsdfa/internal/cmdline"
)

// cmdFlags is a subcommand's flag set. Its flags may come anywhere on the
// command line, before, between and after the arguments, as with the GNU
// tools; "--" ends them (what follows is arguments, even if it starts
// with '-'), and "-" alone is an argument (standard input).
type cmdFlags struct {
	*flag.FlagSet
	args     []string // the arguments, in order, once parsed
	synopsis string
}

// Args, NArg and Arg are the arguments with the flags taken out.
func (fs *cmdFlags) Args() []string { return fs.args }
func (fs *cmdFlags) NArg() int      { return len(fs.args) }
func (fs *cmdFlags) Arg(i int) string {
	if i < 0 || i >= len(fs.args) {
		return ""
	}
	return fs.args[i]
}

// parse parses flags anywhere in args (see cmdFlags).
func (fs *cmdFlags) parse(args []string) (err error) {
	fs.args, err = cmdline.Parse(fs.FlagSet, args)
	return err
}

// flagSet makes a subcommand's flag set whose usage prints the synopsis,
// what the command does, its flags and an example.
func flagSet(e *env, name, synopsis, about, example string) *cmdFlags {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "usage: %s %s %s\n\n%s\n", commandName, name, synopsis, strings.TrimSpace(about))
		hasFlags := false
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
		if hasFlags {
			fmt.Fprintf(w, "\nflags (anywhere on the line; -- ends them):\n")
			fs.PrintDefaults()
		}
		fmt.Fprintf(w, "\nexample:\n%s\n", strings.TrimRight(example, "\n"))
	}
	return &cmdFlags{FlagSet: fs, synopsis: synopsis}
}

// brief follows a usage error: the synopsis and where the rest is, not
// the whole usage, so that the error stays on the screen (as go and git
// do).
func (fs *cmdFlags) brief(w io.Writer) {
	fmt.Fprintf(w, "usage: %s %s %s\nRun \"%s %s -h\" for its flags and an example.\n",
		commandName, fs.Name(), fs.synopsis, commandName, fs.Name())
}

// parseFlags parses args; done is true when the command should return code
// at once (-h prints the usage to standard output and succeeds; a bad flag
// has been reported).
func parseFlags(e *env, fs *cmdFlags, args []string) (code int, done bool) {
	fs.SetOutput(io.Discard)
	err := fs.parse(args)
	fs.SetOutput(e.stderr)
	switch {
	case err == nil:
		return 0, false
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(e.stdout)
		fs.Usage()
		return exitOK, true
	default:
		fmt.Fprintf(e.stderr, "%s %s: %v%s\n", commandName, fs.Name(), err, cmdline.FlagSlip(fs.FlagSet, err, nil))
		fs.brief(e.stderr)
		return exitProblem, true
	}
}

// usageError reports a wrong use of command fs and where its usage is.
func usageError(e *env, fs *cmdFlags, format string, args ...any) int {
	fmt.Fprintf(e.stderr, "%s %s: %s\n", commandName, fs.Name(), fmt.Sprintf(format, args...))
	fs.brief(e.stderr)
	return exitProblem
}

// modeFlag is -mode google|rfc.
type modeFlag struct{ mode *compile.Mode }

func (m modeFlag) String() string {
	if m.mode == nil {
		return compile.Google.String()
	}
	return m.mode.String()
}

func (m modeFlag) Set(s string) error {
	v, err := compile.ParseMode(s)
	if err != nil {
		return err
	}
	*m.mode = v
	return nil
}

// readOptions are the flags that say how a robots.txt is read.
type readOptions struct {
	mode     compile.Mode
	maxBytes int
}

func (o *readOptions) register(fs *cmdFlags) {
	fs.Var(modeFlag{&o.mode}, "mode", "whose reading of robots.txt: google or rfc")
	o.maxBytes = compile.DefaultMaxBytes
	fs.Var(maxBytesFlag{&o.maxBytes}, "max-bytes", "`bytes` of a robots.txt read; the rest is ignored (-1: all)")
}

func (o *readOptions) parse() compile.Options {
	return compile.Options{Mode: o.mode, MaxBytes: o.maxBytes}
}

// maxBytesFlag is -max-bytes: a count of bytes, at least 1, or -1 for
// all. The library reads 0 as its default and any negative as all; on
// the command line those would be a slip, silently read otherwise.
type maxBytesFlag struct{ n *int }

func (m maxBytesFlag) String() string {
	if m.n == nil {
		return "" // the zero flag.Value, which -h compares the default with
	}
	return strconv.Itoa(*m.n)
}

func (m maxBytesFlag) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil || (n < 1 && n != -1) {
		return errors.New("want a number of bytes, at least 1, or -1 for all")
	}
	*m.n = n
	return nil
}

// positiveDuration is a duration flag above 0: the fetch package reads a
// timeout of 0 or less as its default, and a benchmark of no time
// measures one run, so either, given on a command line, is a slip.
type positiveDuration struct{ d *time.Duration }

// durationFlag defines a positiveDuration flag with default def.
func durationFlag(fs *cmdFlags, name string, def time.Duration, usage string) *time.Duration {
	d := def
	fs.Var(positiveDuration{&d}, name, usage)
	return &d
}

func (p positiveDuration) String() string {
	if p.d == nil {
		return "" // the zero flag.Value, which -h compares the default with
	}
	return p.d.String()
}

func (p positiveDuration) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return errors.New("want a duration above 0, such as 30s or 2m")
	}
	*p.d = d
	return nil
}

// agentChain reads AGENT: a product token or a comma-separated fallback
// chain, each token as given (internal/agentchain). Tokens with
// whitespace around them, or that RFC 9309 would not allow, are kept but
// warned about.
//
// An empty AGENT names no product token: the '*' groups apply, unless a
// user-agent line names none either (SEMANTICS 2.4: an empty value, or
// in Google mode one such as "360Spider", whose token is empty).
func agentChain(e *env, cmd, s string) ([]string, error) {
	if s == "" {
		fmt.Fprintf(e.stderr, "%s %s: warning: empty agent: the '*' groups apply, unless a user-agent line names no product token either (\"User-agent:\", or in google mode \"User-agent: 360Spider\")\n", commandName, cmd)
		return []string{""}, nil
	}
	tokens, err := agentchain.Tokens(s)
	if err != nil {
		return nil, err
	}
	for _, t := range tokens {
		w := agentchain.Whitespace(t)
		if w == "" {
			w = agentchain.Unusual(t)
		}
		if w != "" {
			fmt.Fprintf(e.stderr, "%s %s: warning: %s\n", commandName, cmd, w)
		}
	}
	return tokens, nil
}

// agentText is how a report names a crawler's chain: its tokens, or,
// for the empty agent, that it is empty.
func agentText(tokens []string) string {
	if s := strings.Join(tokens, ", "); s != "" {
		return s
	}
	return "(empty: no product token)"
}

// modeGiven reports whether -mode was given on the command line.
func modeGiven(fs *cmdFlags) bool { return flagGiven(fs, "mode") }

// flagGiven reports whether the flag name was given on the command line.
func flagGiven(fs *cmdFlags, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// swapped reports whether AGENT and the URLs were given in each other's
// places: AGENT a URL (it holds "://" or begins with '/') and every URL
// a product token (letters, '-' and '_', or a comma-separated chain of
// them). Either alone is answered with a warning, as the library reads
// it; both together are a mistake, not a question.
func swapped(agent string, urls []string) bool {
	if !strings.Contains(agent, "://") && !strings.HasPrefix(agent, "/") {
		return false
	}
	for _, u := range urls {
		if u == "" || strings.Trim(u, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_,") != "" {
			return false
		}
	}
	return true
}

// swappedError is the usage error for swapped arguments; order is the
// command's.
func swappedError(agent string, urls []string, order string) string {
	if len(urls) == 1 {
		return fmt.Sprintf("AGENT %q is a URL and URL %q a product token: the order is %s", agent, urls[0], order)
	}
	return fmt.Sprintf("AGENT %q is a URL and the URLs product tokens: the order is %s", agent, order)
}
