package main

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
)

// How a filter run that stops early (an interrupt, an input or the
// output failing part way) says where it stopped and how to finish: the
// number of input lines done, whose output is written whole, and the
// -skip that passes over them.

// resume is the instruction that finishes a run whose first n input lines
// are done: the same command with -skip n, its output added to this
// one's (-append for -o and -missing-hosts, >> for standard output).
func (ff *filterFlags) resume(n int64) string {
	hint := fmt.Sprintf("run the same command with -skip %d", n)
	if ff.out != "" || ff.missingHosts != "" {
		hint += " -append"
	}
	if ff.out == "" {
		hint += ", adding its output to this one's (>>)"
	}
	return hint
}

// readErrorAt says where an input failed part way: after its line n, and
// the bytes of the line it cut; nothing for an input that did not open.
func readErrorAt(err error, n int64) string {
	var re *readError
	switch {
	case !errors.As(err, &re):
		return ""
	case re.cut > 0:
		return fmt.Sprintf(" after line %d (and %d bytes of the line it cut, not checked)", n, re.cut)
	default:
		return fmt.Sprintf(" after line %d", n)
	}
}

// writeHosts writes the hosts without a robots.txt to path, one per line
// (- : standard output); with merge (-append), together with those the
// file lists already, sorted, each once.
func writeHosts(e *env, path string, hosts []string, merge bool) error {
	if path == "-" {
		return putLines(e.stdout, hosts)
	}
	if merge {
		old, err := os.ReadFile(path)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		if len(old) > 0 {
			all := append(strings.Fields(string(old)), hosts...)
			slices.Sort(all)
			hosts = slices.Compact(all)
		}
	}
	return writeLines(path, hosts)
}
