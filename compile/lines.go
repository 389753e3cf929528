package compile

import "bytes"

// utf8BOM is the byte-order mark. Google's reference compares the first
// bytes against a C string of it, terminator included, so in Google mode a
// NUL right after a whole BOM is skipped as well.
var utf8BOM = [4]byte{0xEF, 0xBB, 0xBF, 0x00}

// skipBOM returns how many leading bytes are a (possibly partial) byte-order
// mark (SEMANTICS 1.2).
func skipBOM(data []byte, mode Mode) int {
	n := 3
	if mode == Google {
		n = 4
	}
	i := 0
	for i < n && i < len(data) && data[i] == utf8BOM[i] {
		i++
	}
	return i
}

// lineScanner cuts a body into lines ending at LF, CR or CRLF (SEMANTICS
// 1.3). Every line end starts a new line; the text after the last line end
// is the last line.
type lineScanner struct {
	data []byte
	pos  int
	done bool
}

// next returns the next line's offset and bytes (without its line end), or
// ok == false after the last line. A body that ends with a line end has no
// further (empty) line, and an empty body has no line at all.
func (s *lineScanner) next() (off int, line []byte, ok bool) {
	if s.done {
		return 0, nil, false
	}
	rest := s.data[s.pos:]
	if len(rest) == 0 {
		s.done = true
		return 0, nil, false
	}
	off = s.pos
	lf := bytes.IndexByte(rest, '\n')
	seg := rest
	if lf >= 0 {
		seg = rest[:lf]
	}
	if cr := bytes.IndexByte(seg, '\r'); cr >= 0 {
		line = rest[:cr]
		if cr+1 == lf {
			s.pos += cr + 2 // CRLF is one line end
		} else {
			s.pos += cr + 1
		}
		return off, line, true
	}
	if lf < 0 {
		s.pos = len(s.data)
		s.done = true
		return off, rest, true
	}
	s.pos += lf + 1
	return off, seg, true
}
