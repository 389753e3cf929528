package main

import (
	"fmt"
	"os"

	"github.com/robotsdfa/robotsdfa/internal/clobber"
)

// An output file that is also an input would be emptied before it is
// read: "filter -o urls.txt urls.txt" lost the whole frontier and exited
// 0, and "-o" on an open store truncates the file it maps. Commands that
// write files refuse such a run before touching anything.

// clobbered is the first of inputs that writing out would overwrite: the
// same file under another name or through a link, or the same path. ""
// is no file, and "-" standard input (the same file when it is redirected
// from out).
func clobbered(e *env, out string, inputs ...string) (string, bool) {
	if out == "" {
		return "", false
	}
	for _, in := range inputs {
		switch {
		case in == "":
			continue
		case in == "-":
			if f, ok := e.stdin.(*os.File); ok {
				if ost, err := os.Stat(out); err == nil && ost.Mode().IsRegular() {
					if st, err := f.Stat(); err == nil && os.SameFile(ost, st) {
						return "standard input", true
					}
				}
			}
			continue
		}
		if clobber.Same(out, in) {
			return in, true
		}
	}
	return "", false
}

// refuseClobber is the error for a flag whose file is also one of inputs
// (nil when it is none), said as the flag's name and what it would
// overwrite.
func refuseClobber(e *env, flag, out string, inputs ...string) error {
	in, ok := clobbered(e, out, inputs...)
	if !ok {
		return nil
	}
	if in != "standard input" {
		in = "the input " + in
	}
	return fmt.Errorf("%s %s would overwrite %s before it is read", flag, out, in)
}
