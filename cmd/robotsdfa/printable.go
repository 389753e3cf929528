package main

import "io"

// printable writes what people read (standard error, and the reports of
// explain, records, lint and inspect) with each control byte but tab and
// newline, and DEL, as \xHH. Those reports quote robots.txt files, blobs,
// servers' answers and file names, all untrusted: raw, an escape sequence
// in a Sitemap line would recolour, retitle or rewrite the terminal of
// whoever reads it (SECURITY.md). A backslash is left as it is, so a
// report stays as readable as its source; the tab-separated outputs
// escape their fields with frontier.AppendEscaped instead.
type printable struct{ w io.Writer }

func (p printable) Write(b []byte) (int, error) {
	i := 0
	for i < len(b) && !unprintable(b[i]) {
		i++
	}
	if i == len(b) {
		return p.w.Write(b)
	}
	const hex = "0123456789abcdef"
	buf := make([]byte, i, len(b)+16)
	copy(buf, b[:i])
	for _, c := range b[i:] {
		if unprintable(c) {
			buf = append(buf, '\\', 'x', hex[c>>4], hex[c&15])
		} else {
			buf = append(buf, c)
		}
	}
	if _, err := p.w.Write(buf); err != nil {
		return 0, err
	}
	return len(b), nil
}

// unprintable reports whether a terminal would act on c rather than show it.
func unprintable(c byte) bool {
	return (c < 0x20 && c != '\t' && c != '\n') || c == 0x7f
}
