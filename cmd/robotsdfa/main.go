// Command robotsdfa checks URLs against robots.txt files (RFC 9309), in
// Google's reading by default or in the RFC's: one URL at a time (check,
// explain), a whole frontier at once (filter), and compiles files to blobs
// and packs (compile, inspect), reports on them (lint), fetches them as a
// crawler would (fetch) and measures the standard workloads (bench). Run
// "robotsdfa help" for the list and "robotsdfa help CMD" (or "robotsdfa
// CMD -h") for one command with an example.
//
// Exit codes: 0 success (for check: every URL allowed; for lint: nothing
// to report), 1 when check finds a disallowed URL or lint a warning, 2 for
// usage and input errors.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/robotsdfa/robotsdfa/internal/cmdline"
	"github.com/robotsdfa/robotsdfa/internal/printable"
)

// Exit codes.
const (
	exitOK       = 0
	exitFound    = 1 // check: a URL is disallowed; lint: a warning
	exitProblem  = 2 // usage or input error
	commandName  = "robotsdfa"
	helpFooterFm = "Run \"%[1]s help CMD\" or \"%[1]s CMD -h\" for a command's flags and an example.\n"
)

// command is one subcommand.
type command struct {
	name, summary string
	run           func(e *env, args []string) int
}

func commands() []command {
	return []command{
		{"check", "check URLs against one robots.txt", runCheck},
		{"filter", "filter a URL frontier against its hosts' robots.txt files", runFilter},
		{"compile", "compile a robots.txt to a blob, or a directory to a pack", runCompile},
		{"inspect", "validate a blob or pack and say what it holds", runInspect},
		{"explain", "show which group and rule decide a URL, in both modes", runExplain},
		{"lint", "report problems in robots.txt files, line by line", runLint},
		{"records", "show the sitemaps, delays and other records a robots.txt gives a crawler", runRecords},
		{"fetch", "fetch URLs' robots.txt as a crawler would, and check the URLs", runFetch},
		{"bench", "measure the standard workloads", runBench},
		{"version", "print the module version and VCS revision of this binary", runVersion},
	}
}

// env is what a command may touch: its streams. Commands never call
// os.Exit; they return the exit code.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

func main() {
	keepSignals = true
	os.Exit(run(&env{os.Stdin, os.Stdout, os.Stderr}, os.Args[1:]))
}

// keepSignals is set by main, whose process ends when the command returns.
// A command's SIGINT and SIGTERM handler then stays until the exit: a
// signal in between would otherwise end a run that finished, its summary
// printed, by the default action, as if it were interrupted with nothing
// saying how to resume.
var keepSignals bool

// releaseSignals is deferred by a command that handles SIGINT and SIGTERM,
// with the stop of its handler: called in a process that goes on (a
// test's), not in the binary (keepSignals).
func releaseSignals(stop func()) {
	if !keepSignals {
		stop()
	}
}

func run(e *env, args []string) int {
	e = &env{stdin: e.stdin, stdout: e.stdout, stderr: printable.Writer{W: e.stderr}}
	if len(args) == 0 {
		usage(e.stderr)
		return exitProblem
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 && args[0] == "help" {
			// "help CMD", as git and go read it: CMD's own -h.
			args = []string{args[1], "-h"}
			break
		}
		usage(e.stdout)
		return exitOK
	case "-version", "--version":
		args = []string{"version"}
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(e, args[1:])
		}
	}
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
	}
	fmt.Fprintf(e.stderr, "%s: unknown command %q%s\n", commandName, args[0], cmdline.DidYouMean(args[0], names))
	usage(e.stderr)
	return exitProblem
}

func usage(w io.Writer) {
	fmt.Fprintf(w, "usage: %s CMD [flags] [args]\n\ncommands:\n", commandName)
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, "\nexit codes: 0 success, 1 disallowed (check) or warnings (lint), 2 usage or input error\n")
	fmt.Fprintf(w, helpFooterFm, commandName)
}

// fail reports an error for command cmd and returns exitProblem.
func fail(e *env, cmd string, err error) int {
	fmt.Fprintf(e.stderr, "%s %s: %s\n", commandName, cmd, unprefixed(cmd, err))
	return exitProblem
}

// unprefixed is err's message without the name of a package that is the
// command's too ("fetch: "), said once already by the command's own.
func unprefixed(cmd string, err error) string {
	return strings.TrimPrefix(err.Error(), cmd+": ")
}
