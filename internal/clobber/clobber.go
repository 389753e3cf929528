// Package clobber says whether a file a command writes is one it reads,
// or lies in a directory it reads, so that the command can refuse the
// run before it touches anything: "filter -o urls.txt urls.txt" emptied
// the frontier before reading it. robotsdfa and robotsdfa-beam ask it
// alike.
package clobber

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Same reports whether writing out would overwrite in: the same file
// under another name or through a link, or, when out does not exist yet,
// the same path.
func Same(out, in string) bool {
	ost, err := os.Stat(out)
	if err != nil {
		return samePath(out, in)
	}
	st, err := os.Stat(in)
	return err == nil && os.SameFile(ost, st)
}

// samePath reports whether a and b name one path (neither need exist).
func samePath(a, b string) bool {
	a, aerr := filepath.Abs(a)
	b, berr := filepath.Abs(b)
	return aerr == nil && berr == nil && a == b
}

// InsideError is the error for a flag whose file would be written inside
// dir, a -robots-dir (nil when it is elsewhere, or when out or dir is
// "" or not a local path): the directory's files are read as hosts'
// robots.txt, filter's only when their host first comes up, so an output
// there could replace one before it is read, or be read as one ("filter
// -robots-dir rd -o rd/a.example.txt" emptied a.example.txt, then allowed
// every URL of a.example).
func InsideError(flag, out, dir string) error {
	if out == "" || dir == "" || !Inside(out, dir) {
		return nil
	}
	return fmt.Errorf("%s %s is inside -robots-dir %s, whose files are read as hosts' robots.txt: write it elsewhere", flag, out, dir)
}

// Inside reports whether path, which need not exist, is in dir's tree,
// links resolved.
func Inside(path, dir string) bool {
	d, err := resolved(dir)
	if err != nil {
		return false
	}
	p, err := resolved(path)
	if err != nil {
		// Not there yet: inside when its directory is (dir itself exists,
		// so a new name in dir's parent is not dir).
		if p, err = resolved(filepath.Dir(path)); err != nil {
			return false
		}
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
