package main

import (
	"bufio"
	"bytes"
	"container/heap"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync"
)

// The keys of the hosts without a robots.txt that a filter run met, for
// -missing-hosts, whose list is sorted, each key once, and may hold more
// keys than memory does. Each worker appends the keys it met first
// to its own list, a slab of bytes and their spans; a list past runBytes
// is sorted and written to a temporary file as a run, and the lists and
// runs are merged as they are written out. Memory: a list per worker, up
// to runBytes each, and a read buffer a run (docs/PERFORMANCE.md,
// "filter: the missing hosts' keys").

// runBytes is how many bytes of keys and spans a list holds before it is
// written out as a run.
var runBytes = 8 << 20 // a variable for the tests

// runReadBytes is a run's read buffer while they are merged.
const runReadBytes = 16 << 10

// maxKeyBytes bounds a key read back from a run: no line is longer.
const maxKeyBytes = 1 << 30

// keyList is keys in one slab, in the order added, or sorted.
type keyList struct {
	buf   []byte
	spans []keySpan
}

type keySpan struct {
	off int // a list the temporary file failed may pass 4 GiB
	n   uint32
}

func (l *keyList) add(k []byte) {
	l.spans = append(l.spans, keySpan{len(l.buf), uint32(len(k))})
	l.buf = append(l.buf, k...)
}

func (l *keyList) key(s keySpan) []byte { return l.buf[s.off : s.off+int(s.n)] }

// size is the list's bytes: its keys and their spans.
func (l *keyList) size() int { return len(l.buf) + 16*len(l.spans) }

func (l *keyList) sort() {
	slices.SortFunc(l.spans, func(a, b keySpan) int { return bytes.Compare(l.key(a), l.key(b)) })
}

// keyRuns is the lists of a run, and the runs written out of them.
type keyRuns struct {
	dir string // where the temporary file goes
	mu  sync.Mutex
	// lists are the lists handed over (closed: no key is added).
	lists []*keyList
	f     *os.File
	end   int64
	runs  []section
	// err is the temporary file's failure: the lists are kept in
	// memory from then on, and the output says so.
	err error
}

type section struct{ off, n int64 }

// add appends k to l, and writes l out as a run when it is full.
func (r *keyRuns) add(l *keyList, k []byte) {
	l.add(k)
	if l.size() >= runBytes {
		r.spill(l)
	}
}

// spill writes l out sorted, as a run, and empties it; if the temporary
// file fails, l stays as it is.
func (r *keyRuns) spill(l *keyList) {
	l.sort() // outside the lock: each worker sorts its own
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.err != nil {
		return
	}
	if r.f == nil {
		f, err := os.CreateTemp(r.dir, "robotsdfa-missing-hosts-*.tmp")
		if err != nil {
			r.err = err
			return
		}
		// Unix lets a file opened go on without its name: a run killed
		// leaves nothing behind. Elsewhere close removes it.
		os.Remove(f.Name())
		r.f = f
	}
	w := bufio.NewWriterSize(io.NewOffsetWriter(r.f, r.end), runReadBytes)
	var n [binary.MaxVarintLen64]byte
	var size int64
	for _, s := range l.spans {
		m := binary.PutUvarint(n[:], uint64(s.n))
		w.Write(n[:m])
		w.Write(l.key(s))
		size += int64(m) + int64(s.n)
	}
	if err := w.Flush(); err != nil {
		r.err = fmt.Errorf("writing %s: %w", r.f.Name(), err)
		return
	}
	r.runs = append(r.runs, section{r.end, size})
	r.end += size
	l.buf, l.spans = l.buf[:0], l.spans[:0]
}

// newKeyRuns is the runs of a -missing-hosts list written to path: their
// temporary file goes where the list will (on the disk that must hold
// it), or to the system's temporary directory for standard output.
func newKeyRuns(path string) *keyRuns {
	if path == "-" {
		return &keyRuns{}
	}
	return &keyRuns{dir: filepath.Dir(path)}
}

// addFile adds the words of the file at path, if there is one: the list a
// run stopped earlier wrote, which -append adds to.
func (r *keyRuns) addFile(path string) error {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, maxWordBytes)
	sc.Split(bufio.ScanWords)
	l := &keyList{}
	for sc.Scan() {
		r.add(l, sc.Bytes())
	}
	r.hand(l)
	switch err := sc.Err(); {
	case errors.Is(err, bufio.ErrTooLong):
		return fmt.Errorf("reading %s: a word longer than %d bytes: not a list of hosts", path, maxWordBytes)
	case err != nil:
		return fmt.Errorf("reading %s: %w", path, err)
	}
	return nil
}

// maxWordBytes bounds a word of a list read back: a host name has 253.
const maxWordBytes = 1 << 20

// hand gives the run a worker's list once it adds no more.
func (r *keyRuns) hand(l *keyList) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.lists = append(r.lists, l)
}

// close removes the temporary file.
func (r *keyRuns) close() {
	if r.f != nil {
		r.f.Close()
		os.Remove(r.f.Name())
		r.f = nil
	}
}

// each calls yield with every key of the lists and runs in order, each
// once; the slice is valid during the call only.
func (r *keyRuns) each(yield func([]byte) error) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	var h cursors
	for _, l := range r.lists {
		l.sort()
		if c := (&cursor{list: l}); c.next() {
			h = append(h, c)
		}
	}
	for _, s := range r.runs {
		c := &cursor{run: bufio.NewReaderSize(io.NewSectionReader(r.f, s.off, s.n), runReadBytes), name: r.f.Name()}
		if c.next() {
			h = append(h, c)
		}
		if c.err != nil {
			return c.err
		}
	}
	heap.Init(&h)
	var last []byte
	for i := 0; len(h) > 0; i++ {
		c := h[0]
		if i == 0 || !bytes.Equal(c.key, last) {
			if err := yield(c.key); err != nil {
				return err
			}
			last = append(last[:0], c.key...)
		}
		if c.next() {
			heap.Fix(&h, 0)
		} else {
			if c.err != nil {
				return c.err
			}
			heap.Pop(&h)
		}
	}
	return nil
}

// cursor is the next key of a sorted list or of a run.
type cursor struct {
	key []byte
	// a list's
	list *keyList
	i    int
	// a run's
	run  *bufio.Reader
	name string
	buf  []byte
	err  error
}

// next moves to the next key, false at the end or on an error (err).
func (c *cursor) next() bool {
	if c.list != nil {
		if c.i == len(c.list.spans) {
			return false
		}
		c.key = c.list.key(c.list.spans[c.i])
		c.i++
		return true
	}
	n, err := binary.ReadUvarint(c.run)
	if err == io.EOF {
		return false
	}
	if err == nil && n > maxKeyBytes {
		err = fmt.Errorf("a key of %d bytes", n)
	}
	if err == nil {
		c.buf = slices.Grow(c.buf[:0], int(n))[:n]
		_, err = io.ReadFull(c.run, c.buf)
	}
	if err != nil {
		c.err = fmt.Errorf("reading %s: %w", c.name, err)
		return false
	}
	c.key = c.buf
	return true
}

// cursors is a heap of cursors, the least key first.
type cursors []*cursor

func (h cursors) Len() int           { return len(h) }
func (h cursors) Less(i, j int) bool { return bytes.Compare(h[i].key, h[j].key) < 0 }
func (h cursors) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *cursors) Push(x any)        { *h = append(*h, x.(*cursor)) }
func (h *cursors) Pop() any {
	old := *h
	c := old[len(old)-1]
	*h = old[:len(old)-1]
	return c
}
