package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/robotsdfa/robotsdfa/internal/cmdline"
)

// command is the command args name first, or, when they name none, the
// usage on standard error (with the command most likely meant, for a
// slip, or where it goes) and exit status 2; "-h" and "--help" get the
// usage and status 0.
func command(args []string) string {
	if len(args) > 0 && usage[args[0]] != "" {
		return args[0]
	}
	code := 2
	switch {
	case len(args) == 0:
	case args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help":
		code = 0
	case strings.HasPrefix(args[0], "-"):
		fmt.Fprintf(stderr, "robotsdfa-beam: the command (filter or compile) comes first, then its flags and Beam's, not %q\n", args[0])
	default:
		fmt.Fprintf(stderr, "robotsdfa-beam: unknown command %q%s\n", args[0], cmdline.DidYouMean(args[0], []string{"filter", "compile"}))
	}
	fmt.Fprintln(stderr, "usage: "+usage["filter"])
	fmt.Fprintln(stderr, "       "+usage["compile"])
	os.Exit(code)
	return ""
}

// inputs are the command's arguments, its flags taken out.
var inputs []string

// parseFlags parses cmd's flags, Beam's among them, from args, wherever
// they are among the arguments ("--" ends them), as robotsdfa does. A flag
// not defined is answered with the flag most likely meant and where the
// flags are listed, rather than with the usage, whose eighty Beam flags
// would scroll the error away; exit status 2. -h writes the usage and
// exits 0.
func parseFlags(cmd string, args []string) {
	flag.CommandLine.Init("robotsdfa-beam "+cmd, flag.ContinueOnError)
	flag.CommandLine.SetOutput(io.Discard) // the messages below are the command's own
	var err error
	inputs, err = cmdline.Parse(flag.CommandLine, args)
	switch {
	case err == nil:
		return
	case errors.Is(err, flag.ErrHelp):
		printUsage(stderr, cmd)
		os.Exit(0)
	}
	cmds := func(name string) bool { return !isOwnFlag(name) || slices.Contains(ownFlags[cmd], name) }
	fmt.Fprintf(stderr, "robotsdfa-beam %s: %v%s\nusage: %s\nRun \"robotsdfa-beam %s -h\" for its flags and Beam's.\n",
		cmd, err, cmdline.FlagSlip(flag.CommandLine, err, cmds), usage[cmd], cmd)
	os.Exit(2)
}

// printUsage writes cmd's synopsis and its own flags, then Beam's
// pipeline flags (runner, project, workers: some eighty), so that -h
// shows first what this command reads rather than Beam's flags in among
// its own.
func printUsage(w io.Writer, cmd string) {
	fmt.Fprintf(w, "usage: %s\n\nflags of robotsdfa-beam %s (anywhere on the line; -- ends them):\n", usage[cmd], cmd)
	own, beams := flag.NewFlagSet(cmd, flag.ContinueOnError), flag.NewFlagSet("beam", flag.ContinueOnError)
	flag.VisitAll(func(f *flag.Flag) {
		set := beams
		if slices.Contains(ownFlags[cmd], f.Name) {
			set = own
		} else if isOwnFlag(f.Name) {
			return // the other command's
		}
		set.Var(f.Value, f.Name, f.Usage)
		set.Lookup(f.Name).DefValue = f.DefValue // not the value given before -h
	})
	own.SetOutput(w)
	own.PrintDefaults()
	fmt.Fprintf(w, "\nBeam's pipeline flags (--runner prism, the default, or direct, dataflow, flink, spark, universal):\n")
	beams.SetOutput(w)
	beams.PrintDefaults()
}

// isOwnFlag is whether name is a flag of one of this program's commands.
func isOwnFlag(name string) bool {
	for _, names := range ownFlags {
		if slices.Contains(names, name) {
			return true
		}
	}
	return false
}
