package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"unicode/utf8"

	"github.com/robotsdfa/robotsdfa/automaton"
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
	switch sniff(path) {
	case "blob":
		return fmt.Errorf("%s is a compiled blob of one robots.txt, not a pack of many hosts': it goes where a robots.txt does (filter -robots %[1]s); compile -robots-dir DIR -o PACK makes a pack", path)
	case "text":
		return fmt.Errorf("%s is text, not a pack: a robots.txt goes to -robots, a list of URLs is filter's input; compile -robots-dir DIR -o PACK makes a pack of a directory of <host>.txt files", path)
	}
	return err
}

// robotsDirError checks that a -robots-dir names a directory, and says of
// a file given for it what the file is and where it goes.
func robotsDirError(path string) error {
	st, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("-robots-dir: %w", err)
	}
	if st.IsDir() {
		return nil
	}
	var hint string
	switch sniff(path) {
	case "pack":
		hint = " (a pack: it goes to -pack, or compile -from)"
	case "blob":
		hint = " (a compiled blob of one robots.txt: it goes to -robots, or check)"
	case "text":
		hint = " (one robots.txt? it goes to -robots, or compile FILE -o BLOB)"
	}
	return fmt.Errorf("-robots-dir %s: not a directory%s", path, hint)
}

// sniff says what the first bytes of a file look like: "blob", "pack", "text"
// (UTF-8 without NUL or other control bytes but tab, CR and LF, as
// robots.txt files and URL lists are), or "" for anything else or a file
// it cannot read.
func sniff(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	head := make([]byte, sniffBytes)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	switch {
	case bytes.HasPrefix(head, []byte(automaton.Magic)):
		return "blob"
	case bytes.HasPrefix(head, []byte(storeMagic)):
		return "pack"
	}
	if n == 0 {
		return ""
	}
	if n == sniffBytes {
		head = trimCutRune(head) // the read may end inside a rune
	}
	for _, c := range head {
		if c < 0x20 && c != '\t' && c != '\r' && c != '\n' || c == 0x7f {
			return ""
		}
	}
	if !utf8.Valid(head) {
		return ""
	}
	return "text"
}

// sniffBytes is how much of a file sniff reads.
const sniffBytes = 512

// trimCutRune drops an incomplete rune at the end of b.
func trimCutRune(b []byte) []byte {
	i := len(b) - 1
	for i > 0 && i > len(b)-utf8.UTFMax && !utf8.RuneStart(b[i]) {
		i--
	}
	if i >= 0 && !utf8.FullRune(b[i:]) {
		return b[:i]
	}
	return b
}
