package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/runtime"
)

// flagSet makes a subcommand's flag set whose usage prints the synopsis,
// what the command does, its flags and an example.
func flagSet(e *env, name, synopsis, about, example string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "usage: %s %s %s\n\n%s\n", commandName, name, synopsis, strings.TrimSpace(about))
		hasFlags := false
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
		if hasFlags {
			fmt.Fprintf(w, "\nflags:\n")
			fs.PrintDefaults()
		}
		fmt.Fprintf(w, "\nexample:\n%s\n", strings.TrimRight(example, "\n"))
	}
	return fs
}

// parseFlags parses args; done is true when the command should return code
// at once (-h prints the usage to standard output and succeeds; a bad flag
// has been reported).
func parseFlags(e *env, fs *flag.FlagSet, args []string) (code int, done bool) {
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	fs.SetOutput(e.stderr)
	switch {
	case err == nil:
		return 0, false
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(e.stdout)
		fs.Usage()
		return exitOK, true
	default:
		fmt.Fprintf(e.stderr, "%s %s: %v\n", commandName, fs.Name(), err)
		fs.Usage()
		return exitProblem, true
	}
}

// usageError reports a wrong use of command fs and prints its usage.
func usageError(e *env, fs *flag.FlagSet, format string, args ...any) int {
	fmt.Fprintf(e.stderr, "%s %s: %s\n", commandName, fs.Name(), fmt.Sprintf(format, args...))
	fs.Usage()
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

func (o *readOptions) register(fs *flag.FlagSet) {
	fs.Var(modeFlag{&o.mode}, "mode", "whose reading of robots.txt: google or rfc")
	fs.IntVar(&o.maxBytes, "max-bytes", compile.DefaultMaxBytes, "bytes of a robots.txt read; the rest is ignored (-1: all)")
}

func (o *readOptions) parse() compile.Options {
	return compile.Options{Mode: o.mode, MaxBytes: o.maxBytes}
}

// agentChain reads AGENT: a product token or a comma-separated fallback
// chain. Tokens that RFC 9309 would not allow are kept (they are compared
// as given) but warned about.
//
// An empty AGENT names no product token: only the '*' groups apply.
func agentChain(e *env, cmd, s string) ([]string, error) {
	if s == "" {
		fmt.Fprintf(e.stderr, "%s %s: warning: empty agent: only the '*' groups apply\n", commandName, cmd)
		return []string{""}, nil
	}
	var tokens []string
	for _, t := range strings.Split(s, ",") {
		t = strings.TrimSpace(t)
		if t == "" {
			return nil, fmt.Errorf("empty product token in agent %q", s)
		}
		if !compile.ValidToken(t) {
			hint := ""
			if p := runtime.UserAgentToken(t); p != "" && p != t {
				hint = fmt.Sprintf(" (as a User-Agent header, it names the product token %q)", p)
			}
			fmt.Fprintf(e.stderr, "%s %s: warning: product token %q is not one RFC 9309 allows ([A-Za-z_-]+); it is compared as given%s\n", commandName, cmd, t, hint)
		}
		tokens = append(tokens, t)
	}
	return tokens, nil
}
