package main

import (
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
	out      sink
	e        *env
	inputs   []string
	verdicts bool
	quiet    bool  // -q: no report of unusable lines
	skip     int64 // -skip: input lines done before the run
	// lineOf is the number of lines of each input written so far.
	lineOf   []int64
	t        totals
	reported int
	// shown is set once the unusable lines shown are all that will be
	// (the workers' cue to stop writing their reports).
	shown *atomic.Bool
	prog  *progressLine
}

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
	err := w.out.put(c.out, w.done())
	putBuf(c.out)
	return err
}

// done is the input lines done: those of the run that wrote before it
// (-skip) until this one has passed over them all, then those and this
// one's. A resumed run stopped while it passes over lines says -skip as
// it was given, not the lines it had passed over yet.
func (w *writer) done() int64 { return max(w.t.skipped+w.t.lines, w.skip) }

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
