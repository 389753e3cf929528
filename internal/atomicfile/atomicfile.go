// Package atomicfile creates the file that is written beside a path and
// then renamed onto it, so that a reader of the path never sees it half
// written, with the permissions a file written in place would get. The
// store's files, the fetch cache's entries and filter's merged
// -missing-hosts list are written this way.
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
)

// CreateBeside creates a new file in path's directory, named prefix and a
// random number, for the caller to write and rename to path. It is opened
// with O_EXCL and mode 0666, so that the umask applies (os.CreateTemp's
// 0600 would make it readable by its owner alone), then given the mode of
// the file at path if there is one.
func CreateBeside(path, prefix string) (*os.File, error) {
	dir := filepath.Dir(path)
	for range 100 {
		name := filepath.Join(dir, fmt.Sprintf("%s%d", prefix, rand.Uint64()))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() {
			if err := f.Chmod(st.Mode().Perm()); err != nil {
				f.Close()
				os.Remove(name)
				return nil, err
			}
		}
		return f, nil
	}
	return nil, fmt.Errorf("no free name beside %s", path)
}
