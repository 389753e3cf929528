// Package filekind says what a file given on a command line is, from its
// first bytes: a compiled blob, a pack, text (a robots.txt or a list of
// URLs) or something else, so that both commands can say of a file given
// in the place of another (a directory among them: DirError) what it is
// and where it goes. It reads at most 512 bytes of a regular file, and
// opens no other kind.
package filekind

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"unicode/utf8"

	"github.com/robotsdfa/robotsdfa/automaton"
)

// Kind is what a file looks like.
type Kind uint8

const (
	// Other is anything else, an empty file, or one that cannot be read.
	Other Kind = iota
	// Blob is a compiled robots.txt (automaton.Magic).
	Blob
	// Pack is a store of many hosts' (docs/FORMAT.md, "Stores").
	Pack
	// Text is UTF-8 without NUL or other control bytes but tab, CR and
	// LF, as robots.txt files and URL lists are.
	Text
)

// PackMagic begins a pack (a store file).
const PackMagic = "RDFApack"

// sniffBytes is how much of a file Of reads.
const sniffBytes = 512

// Of says what the file at path looks like.
func Of(path string) Kind {
	// Opening a FIFO waits for a writer, and a device may never end:
	// only a regular file is read.
	if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
		return Other
	}
	f, err := os.Open(path)
	if err != nil {
		return Other
	}
	defer f.Close()
	head := make([]byte, sniffBytes)
	n, _ := io.ReadFull(f, head)
	return ofBytes(head[:n], n == sniffBytes)
}

// ofBytes says what a file beginning with head looks like; more says
// whether the file goes on past head (its last rune may be cut).
func ofBytes(head []byte, more bool) Kind {
	switch {
	case bytes.HasPrefix(head, []byte(automaton.Magic)):
		return Blob
	case bytes.HasPrefix(head, []byte(PackMagic)):
		return Pack
	case len(head) == 0:
		return Other
	}
	if more {
		head = trimCutRune(head)
	}
	for _, c := range head {
		if c < 0x20 && c != '\t' && c != '\r' && c != '\n' || c == 0x7f {
			return Other
		}
	}
	if !utf8.Valid(head) {
		return Other
	}
	return Text
}

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

// DirError checks that path, given for a directory by the flag named,
// is one. Of a file it says that it is not a directory and, where hints
// has an entry for the file's kind, what the file is and where it goes.
func DirError(flag, path string, hints map[Kind]string) error {
	st, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("%s: %w", flag, err)
	}
	if st.IsDir() {
		return nil
	}
	hint := ""
	if h := hints[Of(path)]; h != "" {
		hint = " (" + h + ")"
	}
	return fmt.Errorf("%s %s: not a directory%s", flag, path, hint)
}
