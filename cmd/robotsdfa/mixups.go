package main

import (
	"errors"
	"fmt"

	"github.com/robotsdfa/robotsdfa/internal/filekind"
	"github.com/robotsdfa/robotsdfa/store"
)

// packHint replaces a store's refusal of a file given for a pack by what
// the file is, when it is another thing users hold (a blob, a robots.txt,
// a URL list), and where that goes; other errors come back as urlHint
// gives them.
func packHint(err error, path string) error {
	if !errors.Is(err, store.ErrFormat) {
		return urlHint(err, path, "a pack")
	}
	switch filekind.Of(path) {
	case filekind.Blob:
		return fmt.Errorf("%s is a compiled blob of one robots.txt, not a pack of many hosts': it goes where a robots.txt does (filter -robots %[1]s); compile -robots-dir DIR -o PACK makes a pack", path)
	case filekind.Text:
		return fmt.Errorf("%s is text, not a pack: a robots.txt goes to -robots, a list of URLs is filter's input; compile -robots-dir DIR -o PACK makes a pack of a directory of <host>.txt files", path)
	}
	return err
}

// robotsDirError checks that -robots-dir names a directory, and says of
// a file given for it what the file is and where it goes.
func robotsDirError(path string) error {
	return filekind.DirError("-robots-dir", path, map[filekind.Kind]string{
		filekind.Pack: "a pack: it goes to -pack, or compile -from",
		filekind.Blob: "a compiled blob of one robots.txt: it goes to -robots, or check",
		filekind.Text: "one robots.txt? it goes to -robots, or compile FILE -o BLOB",
	})
}
