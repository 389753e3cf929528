// Package clobber says whether a file a command writes is one it reads,
// or lies in a directory it reads, so that the command can refuse the
// run before it touches anything: "filter -o urls.txt urls.txt" emptied
// the frontier before reading it. robotsdfa and robotsdfa-beam ask it
// alike.
package clobber

import (
	"fmt"
	"io/fs"
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
// dir, a -robots-dir, or is another name of one of its files (nil when it
// is elsewhere, or when out or dir is "" or not a local path): the
// directory's files are read as hosts' robots.txt, filter's only when
// their host first comes up, so an output there could replace one before
// it is read, or be read as one ("filter -robots-dir rd -o
// rd/a.example.txt" emptied a.example.txt, then allowed every URL of
// a.example).
func InsideError(flag, out, dir string) error {
	if out == "" || dir == "" {
		return nil
	}
	if Inside(out, dir) {
		return fmt.Errorf("%s %s is inside -robots-dir %s, whose files are read as hosts' robots.txt: write it elsewhere", flag, out, dir)
	}
	if name := nameIn(out, dir); name != "" {
		return fmt.Errorf("%s %s is %s of -robots-dir %s under another name (a link), read as a host's robots.txt: write it elsewhere", flag, out, name, dir)
	}
	return nil
}

// readBatch is how many of a directory's names nameIn reads at once: a
// directory of millions of files is not held whole.
var readBatch = 1024

// nameIn is the entry of dir that out is another name of, a hard link
// to it or a symbolic link in dir that leads to it, or "": writing out
// would rewrite that entry, though out lies elsewhere. It reads dir's
// entries only when out exists, and stats a regular one only when out has
// more than one name.
func nameIn(out, dir string) string {
	ost, err := os.Stat(out)
	if err != nil || !ost.Mode().IsRegular() {
		return ""
	}
	d, err := os.Open(dir)
	if err != nil {
		return ""
	}
	defer d.Close()
	linked := mayHaveLinks(ost)
	for {
		entries, err := d.ReadDir(readBatch)
		for _, e := range entries {
			if e.Type()&fs.ModeSymlink == 0 && (!linked || !e.Type().IsRegular()) {
				continue
			}
			if st, err := os.Stat(filepath.Join(dir, e.Name())); err == nil && os.SameFile(ost, st) {
				return e.Name()
			}
		}
		if err != nil {
			return ""
		}
	}
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
