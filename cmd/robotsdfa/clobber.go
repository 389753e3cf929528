package main

import (
	"fmt"
	"os"
	"path/filepath"
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
	ost, oerr := os.Stat(out)
	for _, in := range inputs {
		switch {
		case in == "":
			continue
		case in == "-":
			if f, ok := e.stdin.(*os.File); ok && oerr == nil && ost.Mode().IsRegular() {
				if st, err := f.Stat(); err == nil && os.SameFile(ost, st) {
					return "standard input", true
				}
			}
			continue
		}
		if oerr == nil {
			if st, err := os.Stat(in); err == nil && os.SameFile(ost, st) {
				return in, true
			}
		} else if samePath(out, in) {
			return in, true
		}
	}
	return "", false
}

// samePath reports whether a and b name one path (neither need exist).
func samePath(a, b string) bool {
	a, aerr := filepath.Abs(a)
	b, berr := filepath.Abs(b)
	return aerr == nil && berr == nil && a == b
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
