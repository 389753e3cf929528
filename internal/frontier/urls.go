// Package frontier reads the lines of a URL frontier as robotsdfa filter
// and its Beam pipeline both read them: which lines are URLs that can be
// checked, why the others are not, and how an unusable line is shown.
package frontier

import (
	"bytes"
	"fmt"
	"strings"
	"unsafe"

	"github.com/robotsdfa/robotsdfa/runtime"
)

// Problem says why a line is not a URL the command can check, or ""
// when it is one: an absolute URL with a host ("https://host/p",
// "//host/p"), or, when needHost is false, a path starting with '/'.
// Bytes are taken as they are: invalid UTF-8 is checked like any other
// byte, but control bytes (a NUL, a tab inside the line) make the line
// unusable, since no URL carries them and the output is tab-separated.
func Problem(u []byte, needHost bool) string {
	if len(u) == 0 {
		return "empty line"
	}
	for i, c := range u {
		if c < 0x20 || c == 0x7f {
			return fmt.Sprintf("control byte 0x%02x at byte %d", c, i)
		}
	}
	s := unsafe.String(unsafe.SliceData(u), len(u))
	if _, _, ok := runtime.Host(s); ok {
		if needHost {
			if why := runtime.HostKeyProblem(s); why != "" {
				return "no host: " + why
			}
		}
		return ""
	}
	if hasAuthority(u) {
		return "no host"
	}
	if u[0] == '/' {
		if needHost {
			return "no host: a path, but -robots-dir and -pack need absolute URLs"
		}
		return ""
	}
	return "neither an absolute URL nor a path starting with '/'"
}

// Plain reports whether a line is non-empty and free of control bytes,
// the first condition of Problem. It reads eight bytes at a time, the
// last word overlapping the one before when the length is not a multiple
// of eight: a byte x below 0x80 gets its top bit set in x - 0x20 exactly
// when x < 0x20, and in (x ^ 0x7f) - 1 exactly when x == 0x7f; masking
// with ^x keeps the bytes of 0x80 and above (allowed) from counting. A
// borrow from the byte below comes only after a true hit there, so the
// word's answer is exact.
func Plain(u string) bool {
	n := len(u)
	if n < 8 {
		for i := 0; i < n; i++ {
			if c := u[i]; c < 0x20 || c == 0x7f {
				return false
			}
		}
		return n > 0
	}
	for i := 0; i < n-8; i += 8 {
		if controls(word(u[i:])) {
			return false
		}
	}
	// The last eight bytes, which may overlap the words before.
	return !controls(word(u[n-8:]))
}

// word reads s's first eight bytes, little-endian (one load: the hint
// spares a bounds check per byte).
func word(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// controls reports whether a word holds a byte below 0x20 or 0x7f.
func controls(w uint64) bool {
	const ones, tops = 0x0101010101010101, 0x8080808080808080
	del := w ^ 0x7f*ones
	return ((w-0x20*ones)|(del-ones))&^w&tops != 0
}

// IsPath reports whether a line without an authority is a path.
func IsPath(u string) bool {
	return u[0] == '/' && !strings.HasPrefix(u, "//")
}

// hasAuthority reports whether u is written with an authority part
// ("scheme://" or a leading "//"), whatever follows.
func hasAuthority(u []byte) bool {
	if bytes.HasPrefix(u, []byte("//")) {
		return true
	}
	i := bytes.Index(u, []byte("://"))
	return i >= 0 && !bytes.ContainsAny(u[:i], "/?;")
}

// AppendEscaped appends a line as an error report shows it: control bytes
// as \xHH and a backslash as \\, so that the report stays one
// tab-separated line whatever the input held.
func AppendEscaped[T string | []byte](dst []byte, line T) []byte {
	const hex = "0123456789abcdef"
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case c < 0x20 || c == 0x7f:
			dst = append(dst, '\\', 'x', hex[c>>4], hex[c&15])
		case c == '\\':
			dst = append(dst, '\\', '\\')
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// Field is the nth tab-separated field of a line (1 is the first), as
// filter -field reads a frontier of URLs with other fields beside them
// (cut -f's default delimiter), and false when the line has fewer. The
// field is a subslice of line.
func Field(line []byte, n int) ([]byte, bool) {
	for ; n > 1; n-- {
		tab := bytes.IndexByte(line, '\t')
		if tab < 0 {
			return nil, false
		}
		line = line[tab+1:]
	}
	if tab := bytes.IndexByte(line, '\t'); tab >= 0 {
		line = line[:tab]
	}
	return line, true
}

// NoField says why a line has no field n, as filter reports it.
func NoField(line []byte, n int) string {
	return fmt.Sprintf("no field %d: the line has %d (tab-separated)", n, bytes.Count(line, []byte{'\t'})+1)
}
