package filekind

import (
	"bytes"
	"testing"
	"unicode/utf8"

	"github.com/robotsdfa/robotsdfa/automaton"
)

// FuzzKind: any first bytes are read without a panic, and what they are
// called holds of them: a blob or a pack begins with its magic, text is
// valid UTF-8 (but for a rune the read cut) without control bytes other
// than tab, CR and LF; text stays text when the read is said to go on.
func FuzzKind(f *testing.F) {
	for _, s := range []string{"User-agent: *\nDisallow: /\n", "RDFAblob\x03", PackMagic + "\x00", "caf\xc3", "a\x00", "\xef\xbb\xbfhttps://e.com/\r\n"} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	f.Fuzz(func(t *testing.T, head []byte, more bool) {
		if len(head) > sniffBytes {
			head = head[:sniffBytes]
		}
		k := ofBytes(head, more)
		switch k {
		case Blob:
			if !bytes.HasPrefix(head, []byte(automaton.Magic)) {
				t.Fatalf("%q: a blob without its magic", head)
			}
		case Pack:
			if !bytes.HasPrefix(head, []byte(PackMagic)) {
				t.Fatalf("%q: a pack without its magic", head)
			}
		case Text:
			body := head
			if more {
				body = trimCutRune(head)
				if len(head)-len(body) >= utf8.UTFMax {
					t.Fatalf("%q: %d bytes trimmed as a cut rune", head, len(head)-len(body))
				}
			}
			if !utf8.Valid(body) || bytes.ContainsAny(body, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\x7f") {
				t.Fatalf("%q: called text", head)
			}
			if !more && ofBytes(head, true) != Text {
				t.Fatalf("%q: text only while the read ends the file", head)
			}
		}
	})
}
