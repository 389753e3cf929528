// Package printable holds the writer through which the command line and
// the Beam command write what people read. A Writer is as safe for
// concurrent use as the writer under it, allocates only for a write that
// holds a control to escape, and does not panic.
package printable

import "io"

// Writer writes what people read (standard error, and the reports of
// explain, records, lint and inspect) with each control byte but tab and
// newline, DEL, and the C1 controls in UTF-8 (U+0080 to U+009F, which
// some terminals obey as ESC sequences) as \xHH. Those reports quote
// robots.txt files, blobs, servers' answers and file names, all
// untrusted: raw, an escape sequence in a Sitemap line would recolour,
// retitle or rewrite the terminal of whoever reads it (SECURITY.md). A
// backslash is left as it is, so a report stays as readable as its
// source; the tab-separated outputs escape their fields with
// frontier.AppendEscaped instead. A C1 control is seen only whole within
// one Write, so a Writer goes above any buffer, never under it.
type Writer struct{ W io.Writer }

// Write writes b to W, escaped; it reports len(b) written when W took
// the escaped bytes whole.
func (p Writer) Write(b []byte) (int, error) {
	i := 0
	for i < len(b) && unprintable(b, i) == 0 {
		i++
	}
	if i == len(b) {
		return p.W.Write(b)
	}
	const hex = "0123456789abcdef"
	buf := make([]byte, i, len(b)+16)
	copy(buf, b[:i])
	for i < len(b) {
		n := unprintable(b, i)
		if n == 0 {
			buf = append(buf, b[i])
			i++
			continue
		}
		for _, c := range b[i : i+n] {
			buf = append(buf, '\\', 'x', hex[c>>4], hex[c&15])
		}
		i += n
	}
	if _, err := p.W.Write(buf); err != nil {
		return 0, err
	}
	return len(b), nil
}

// unprintable is the length of the control at b[i] that a terminal would
// act on rather than show (1, or 2 for a C1 control in UTF-8), 0 for none.
func unprintable(b []byte, i int) int {
	switch c := b[i]; {
	case c < 0x20 && c != '\t' && c != '\n', c == 0x7f:
		return 1
	case c == 0xc2 && i+1 < len(b) && 0x80 <= b[i+1] && b[i+1] <= 0x9f:
		return 2
	}
	return 0
}
