package main

import (
	"flag"
	"fmt"
	"io"
	"slices"
)

// printUsage writes cmd's synopsis and its own flags, then Beam's
// pipeline flags (runner, project, workers: some eighty), so that -h
// shows first what this command reads rather than Beam's flags in among
// its own.
func printUsage(w io.Writer, cmd string) {
	fmt.Fprintf(w, "usage: %s\n\nflags of robotsdfa-beam %s:\n", usage[cmd], cmd)
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
