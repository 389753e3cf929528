package main

import (
	"bytes"
	"io"
	"sync"
)

// The filter pipeline: one reader cuts the inputs into chunks of whole
// lines, workers check the chunks' URLs in parallel, and one writer puts
// the chunks' output back in input order. At most inflight chunks exist at
// once, so memory stays bounded whatever the input's size.

// chunkSize is the size of a chunk's buffer. (A variable, so that tests
// put many chunks through the pipeline with a small input.)
var chunkSize = 1 << 20

// shownPrefix is how much of an over-long line a report shows.
const shownPrefix = 200

type chunk struct {
	seq   int
	input int
	data  []byte
	// overlong is set on a chunk that stands for one line longer than
	// -max-line: data holds its first bytes, overlong its length.
	overlong int64
	// last: the input's final chunk (its line count closes the input).
	last bool
	// skip is the number of lines at its start that -skip passes over.
	skip int

	// Filled by a worker.
	out                           []byte
	lines, skipped                int
	allowed, disallowed, unusable int
	errs                          []lineError
	unshown                       int  // unusable lines counted, not in errs
	problem                       bool // a robots.txt or over-long line: exit 2
}

// lineError is an unusable line of a chunk: its index in the chunk.
type lineError struct {
	rel    int
	text   []byte // escaped, possibly shortened
	reason string
}

// chunkPool recycles chunk buffers.
var chunkPool = sync.Pool{New: func() any { b := make([]byte, 0, chunkSize); return &b }}

func getBuf() []byte {
	if b := *chunkPool.Get().(*[]byte); cap(b) == chunkSize {
		return b[:0]
	}
	return make([]byte, 0, chunkSize)
}

func putBuf(b []byte) {
	if cap(b) == chunkSize {
		chunkPool.Put(&b)
	}
}

// reader cuts one input into chunks and sends them.
type reader struct {
	maxLine int
	send    func(*chunk) bool // false: stop (the writer failed, or an interrupt)
	seq     int
	// skip is the number of lines still to pass over (-skip), counted
	// across the inputs in order.
	skip int64
	// eager sends the whole lines of every read on at once (a terminal's
	// input, whose reads end at a line typed).
	eager bool
}

// pushback reads pending bytes before its reader's.
type pushback struct {
	pending []byte
	r       io.Reader
}

func (p *pushback) Read(b []byte) (int, error) {
	if len(p.pending) > 0 {
		n := copy(b, p.pending)
		p.pending = p.pending[n:]
		return n, nil
	}
	return p.r.Read(b)
}

func (rd *reader) read(in int, r io.Reader) error {
	src := &pushback{r: r}
	buf := getBuf()
	for {
		if len(buf) == cap(buf) {
			// No line end in a full buffer: a line longer than the
			// buffer. Grow, up to -max-line.
			if len(buf) > rd.maxLine {
				last, err := rd.skipLong(in, buf, src)
				if err != nil || last {
					return err
				}
				buf = getBuf()
				continue
			}
			// At most -max-line and the one byte more that tells a
			// longer line, written so that the largest -max-line
			// cannot wrap.
			nb := make([]byte, len(buf), min(2*cap(buf)-1, rd.maxLine)+1)
			copy(nb, buf)
			putBuf(buf)
			buf = nb
		}
		n, err := src.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return rd.emit(&chunk{input: in, data: buf, last: true})
		}
		if err != nil {
			return rd.failed(in, buf, err)
		}
		if nl := bytes.LastIndexByte(buf, '\n'); nl >= 0 && (len(buf) == cap(buf) || cap(buf) > chunkSize || rd.eager) {
			next := append(getBuf(), buf[nl+1:]...)
			if err := rd.emit(&chunk{input: in, data: buf[:nl+1]}); err != nil {
				return err
			}
			buf = next
		}
	}
}

// skipLong reports the line that fills buf (longer than -max-line) as a
// chunk of its own and discards the rest of it, up to the next line end;
// what follows is pushed back onto src. last is true when the input ended
// inside the line.
func (rd *reader) skipLong(in int, buf []byte, src *pushback) (last bool, err error) {
	total := int64(len(buf))
	prefix := append(getBuf(), buf[:shownPrefix]...)
	scratch := buf[:cap(buf)]
	for {
		n, err := src.Read(scratch)
		if nl := bytes.IndexByte(scratch[:n], '\n'); nl >= 0 {
			total += int64(nl)
			src.pending = append([]byte(nil), scratch[nl+1:n]...)
			return false, rd.emit(&chunk{input: in, data: prefix, overlong: total})
		}
		total += int64(n)
		if err == io.EOF {
			return true, rd.emit(&chunk{input: in, data: prefix, overlong: total, last: true})
		}
		if err != nil {
			putBuf(prefix)
			return true, &readError{err: err, cut: total}
		}
	}
}

var errStopped = io.ErrClosedPipe

// readError is an input that failed part way (a compressed file cut
// short, a disk error): the whole lines before the failure were sent on,
// and the cut bytes of the line it broke off are not checked.
type readError struct {
	err error
	cut int64
}

func (e *readError) Error() string { return e.err.Error() }
func (e *readError) Unwrap() error { return e.err }

// failed sends the whole lines of buf, read before err, and returns err
// as a readError.
func (rd *reader) failed(in int, buf []byte, err error) error {
	whole := bytes.LastIndexByte(buf, '\n') + 1
	cut := int64(len(buf) - whole)
	if whole == 0 {
		putBuf(buf)
	} else if serr := rd.emit(&chunk{input: in, data: buf[:whole]}); serr != nil {
		return serr
	}
	return &readError{err: err, cut: cut}
}

func (rd *reader) emit(c *chunk) error {
	if rd.skip > 0 {
		n := int64(1)
		if c.overlong == 0 {
			n = int64(bytes.Count(c.data, []byte{'\n'}))
			if len(c.data) > 0 && c.data[len(c.data)-1] != '\n' {
				n++
			}
		}
		k := min(n, rd.skip)
		c.skip, rd.skip = int(k), rd.skip-k
	}
	c.seq = rd.seq
	rd.seq++
	if !rd.send(c) {
		return errStopped
	}
	return nil
}
