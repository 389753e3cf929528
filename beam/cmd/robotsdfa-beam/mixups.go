package main

import (
	"errors"
	"fmt"

	"github.com/robotsdfa/robotsdfa/internal/filekind"
	"github.com/robotsdfa/robotsdfa/store"
)

// storeHint replaces a store's refusal of a local file given for -pack by
// what the file is, when it is another of the project's files (a blob, a
// robots.txt, a URL list), and where that goes.
func storeHint(err error, path string) error {
	if !errors.Is(err, store.ErrFormat) {
		return err
	}
	switch filekind.Of(path) {
	case filekind.Blob:
		return fmt.Errorf("%s is a compiled blob of one robots.txt, not a store of many hosts': robotsdfa-beam compile -robots-dir DIR -o STORE makes a store (robotsdfa filter -robots %[1]s applies one blob to every URL)", path)
	case filekind.Text:
		return fmt.Errorf("%s is text, not a store: a list of URLs is filter's input; robotsdfa-beam compile -robots-dir DIR -o STORE makes a store of a directory of <host>.txt files", path)
	}
	return err
}

// robotsDirError checks that -robots-dir names a directory, and says of
// a file given for it what the file is and where it goes.
func robotsDirError(path string) error {
	return filekind.DirError("-robots-dir", path, map[filekind.Kind]string{
		filekind.Pack: "a store: it goes to filter -pack",
		filekind.Blob: "a compiled blob of one robots.txt: robotsdfa filter -robots applies it to every URL",
		filekind.Text: "one robots.txt? robotsdfa filter -robots applies it to every URL",
	})
}
