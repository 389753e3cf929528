package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/robotsdfa/robotsdfa/internal/atomicfile"
)

// writableAtEnd fails, naming flag, for a file a run writes only when it
// ends (filter -missing-hosts, fetch -unreachable) and could not write
// then: a directory, a path whose directory does not exist, a file or a
// directory the user may not write. A run of hours must not end by
// losing its list. merge says the run merges into the list
// (filter -missing-hosts -append or -resume): a regular file is then
// written beside path and renamed onto it (listReplaced), which needs the
// directory only. A path that is not a regular file, such as
// /dev/stdout or a named pipe, is left alone: opened, a pipe's reader
// would see its end.
func writableAtEnd(flag, path string, merge bool) error {
	if path == "-" {
		return nil
	}
	fi, err := os.Stat(path)
	switch {
	case err == nil && fi.IsDir():
		return fmt.Errorf("%s %s is a directory", flag, path)
	case err == nil && !fi.Mode().IsRegular():
		return nil
	case err == nil:
		if listReplaced(path, merge) {
			break // the directory takes the new file
		}
		// Written in place, through a symbolic link too.
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return fmt.Errorf("%s: %w", flag, err)
		}
		return f.Close()
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s: %w", flag, err)
	}
	dir := filepath.Dir(path)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return fmt.Errorf("%s %s: no directory %s", flag, path, dir)
	}
	f, err := atomicfile.CreateBeside(path, "."+filepath.Base(path)+".")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("%s %s: cannot write in %s: %w", flag, path, dir, err)
	}
	f.Close()
	return os.Remove(f.Name())
}

// listReplaced reports whether a list at path that a run merges into
// (merge: -append, -resume) is written beside it and renamed onto it: a
// regular file is; a symbolic link (written through) and anything else
// are written in place.
func listReplaced(path string, merge bool) bool {
	fi, err := os.Lstat(path)
	return merge && err == nil && fi.Mode().IsRegular()
}

// createList creates or truncates the file at path for a list, as
// os.Create does, but opened for writing only: a named pipe then waits
// for its reader, where os.Create's read-write open did not, and a list
// written with no reader there was lost (or, past the pipe's buffer,
// blocked for ever).
func createList(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666)
}
