package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
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

// refuseInside is the error for a flag whose file would be written inside
// dir, a -robots-dir (nil when it is elsewhere): the directory's files are
// read as hosts' robots.txt, filter's only when their host first comes
// up, so an output there could replace one before it is read, or be read
// as one ("filter -robots-dir rd -o rd/a.example.txt" emptied
// a.example.txt, then allowed every URL of a.example).
func refuseInside(flag, out, dir string) error {
	if out == "" || out == "-" || dir == "" || !inside(out, dir) {
		return nil
	}
	return fmt.Errorf("%s %s is inside -robots-dir %s, whose files are read as hosts' robots.txt: write it elsewhere", flag, out, dir)
}

// inside reports whether path, which need not exist, is in dir's tree,
// links resolved.
func inside(path, dir string) bool {
	d, err := resolved(dir)
	if err != nil {
		return false
	}
	p, err := resolved(path)
	if err != nil {
		// Not there yet: where its directory is.
		if p, err = resolved(filepath.Dir(path)); err != nil {
			return false
		}
		p = filepath.Join(p, filepath.Base(path))
	}
	rel, err := filepath.Rel(d, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// resolved is path made absolute with its links followed.
func resolved(path string) (string, error) {
	p, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", err
	}
	return filepath.Abs(p)
}
