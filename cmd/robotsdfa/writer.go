package main

import (
	"bufio"
	"fmt"
	"io"
	"sync/atomic"
)

// maxReported is how many unusable lines are reported one by one on
// standard error (without -verdicts); the rest are counted.
const maxReported = 20

// writer writes chunks' output in input order and keeps the counts and
// line numbers.
type writer struct {
	out      *bufio.Writer
	e        *env
	inputs   []string
	verdicts bool
	quiet    bool // -q: no report of unusable lines
	// lineOf is the number of lines of each input written so far.
	lineOf   []int64
	t        totals
	reported int
	// shown is set once the unusable lines shown are all that will be
	// (the workers' cue to stop writing their reports).
	shown *atomic.Bool
	prog  *progressLine
	// sent is the output's bytes given to out so far; pending marks the
	// end of each chunk's output past those out has written, safe the
	// last chunk's end it has (whole).
	sent    int64
	pending []mark
	safe    mark
}

// mark is where a chunk's output ends: the output's bytes up to its end,
// and the input lines done with it.
type mark struct{ bytes, lines int64 }

// countingWriter counts the bytes its writer took, those of a write that
// failed part way included.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(b []byte) (int, error) {
	k, err := c.w.Write(b)
	c.n += int64(k)
	return k, err
}

func (w *writer) write(c *chunk) error {
	for _, le := range c.errs {
		w.reported++
		if w.reported <= maxReported && !w.quiet {
			fmt.Fprintf(w.e.stderr, "%s filter: %s:%d: %s: %s\n", commandName, inputName(w.inputs[c.input]),
				w.lineOf[c.input]+int64(le.rel)+1, le.reason, le.text)
		}
	}
	w.reported += c.unshown
	if w.reported >= maxReported {
		w.shown.Store(true)
	}
	w.lineOf[c.input] += int64(c.lines + c.skipped)
	w.t.lines += int64(c.lines)
	w.t.skipped += int64(c.skipped)
	w.t.allowed += int64(c.allowed)
	w.t.disallowed += int64(c.disallowed)
	w.t.unusable += int64(c.unusable)
	w.t.problem = w.t.problem || c.problem
	w.prog.add(int64(c.lines))
	_, err := w.out.Write(c.out)
	n := len(c.out)
	putBuf(c.out)
	if err != nil {
		return err
	}
	w.sent += int64(n)
	w.pending = append(w.pending, mark{w.sent, w.t.lines + w.t.skipped})
	flushed := w.sent - int64(w.out.Buffered())
	k := 0
	for k < len(w.pending) && w.pending[k].bytes <= flushed {
		k++
	}
	if k > 0 {
		w.safe = w.pending[k-1]
		w.pending = append(w.pending[:0], w.pending[k:]...)
	}
	return nil
}

// whole is the end of the last chunk whose output is whole in the first
// n bytes the output took.
func (w *writer) whole(n int64) mark {
	m := w.safe
	for _, p := range w.pending {
		if p.bytes > n {
			break
		}
		m = p
	}
	return m
}

// reportMoreErrors says how many unusable lines were not shown.
func (w *writer) reportMoreErrors() {
	if more := w.reported - maxReported; more > 0 && !w.quiet {
		fmt.Fprintf(w.e.stderr, "%s filter: ... and %s (-verdicts shows every one in place)\n", commandName, count(more, "more unusable line"))
	}
}

func inputName(s string) string {
	if s == "-" {
		return "standard input"
	}
	return s
}
