package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/robotsdfa/robotsdfa/internal/counts"
)

// -resume: where a stopped run's -o leaves off, whatever stopped it (an
// interrupt, a full disk, a kill, the machine), worked out from the file
// itself: a compressed -o by its last mark (outmark.go), one written with
// -verdicts by its whole lines (a line each input line), and a plain one,
// the allowed lines alone, by finding its whole lines in the inputs in
// order. A line's verdict depends on its bytes alone, so the earliest
// input line equal to the next output line is the one that wrote it (an
// equal line before it would have been written too): the input lines up
// to the last one found are done, and those after it, if any were
// checked, were disallowed and are checked again.

// resumePoint is what of -o a resumed run keeps: its first end bytes, the
// output of the first lines input lines; unit is what end ends ("line",
// "frame"), and size the file's size before it is cut.
type resumePoint struct {
	end, lines, size int64
	unit             string
}

// resumePoint works out where -o leaves off.
func (ff *filterFlags) resumePoint(e *env, inputs []string) (resumePoint, error) {
	p := resumePoint{unit: "line"}
	fi, err := os.Stat(ff.out)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return p, nil // nothing done
	case err != nil:
		return p, err
	case !fi.Mode().IsRegular():
		return p, fmt.Errorf("-resume: %s is not a regular file: what it holds cannot be read back", ff.out)
	case fi.Size() == 0:
		return p, nil
	}
	p.size = fi.Size()
	switch {
	case ff.compress != "":
		p.unit = "frame"
		var ok bool
		p.end, p.lines, ok, err = lastMark(ff.out, ff.compress)
		if err == nil && !ok && errors.Is(appendable(ff.out, ff.compress, fi.Size()), errCutFrame) {
			return p, nil // cut inside its first frame: nothing is whole
		}
		if err == nil && !ok {
			err = fmt.Errorf("-resume: %s holds no mark of a whole frame (a run cut in its first frame, or another program's file): nothing in it says which input lines are done; remove it to run from the start", ff.out)
		}
	case ff.verdicts: // and -explain, which implies it
		p.end, p.lines, err = wholeLines(ff.out)
	default:
		p.end, p.lines, err = findOutput(e, ff.out, inputs)
	}
	return p, err
}

// findOutput finds the whole lines of the plain output at path, in order,
// among the lines of the inputs (each without its line end and a '\r'
// before it, as filter writes them): the bytes of those lines, and the
// number of input lines up to the last one found.
func findOutput(e *env, path string, inputs []string) (end, lines int64, err error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	out := bufio.NewReaderSize(f, 1<<16)
	var want []byte
	var k int64 // output lines found
	var n int64 // input lines read
	// next reads the next whole output line into want: false at the end
	// (a last line without its end is not whole).
	next := func() (bool, error) {
		want = want[:0]
		for {
			b, err := out.ReadSlice('\n')
			want = append(want, b...)
			switch {
			case err == nil:
				want = want[:len(want)-1]
				return true, nil
			case errors.Is(err, bufio.ErrBufferFull):
			case err == io.EOF:
				return false, nil
			default:
				return false, err
			}
		}
	}
	more, err := next()
	for i := 0; more && err == nil && i < len(inputs); i++ {
		name := inputs[i]
		if fi, serr := os.Stat(name); name == "-" || serr == nil && !fi.Mode().IsRegular() {
			if name == "-" {
				name = "standard input"
			}
			return 0, 0, fmt.Errorf("-resume: the lines of %s are the allowed URLs alone, which are found among the input lines to know how many are done; %s cannot be read twice for them: give the inputs as files, or -skip N (an interrupted run named N; after a kill, write -verdicts or a compressed -o, which say it)", path, name)
		}
		var in *input
		if in, err = openInput(e, name, nil); err != nil {
			break
		}
		r := bufio.NewReaderSize(in.r, 1<<16)
		var line []byte
		for more && err == nil {
			var ok bool
			line, ok, err = readLineUpTo(r, line[:0], len(want)+2)
			if !ok {
				break
			}
			n++
			if bytes.Equal(line, want) {
				k++
				end += int64(len(want)) + 1
				lines = n
				more, err = next()
			}
		}
		if cerr := in.close(); err == nil {
			err = cerr
		}
		if err != nil {
			err = fmt.Errorf("-resume: reading %s: %w", in.name, err)
		}
	}
	if err == nil && more {
		err = fmt.Errorf("-resume: line %d of %s, %q, is not among the input lines after line %d: it is not this input's output (another input, -field, -agent or robots.txt?)",
			k+1, path, clip(want), lines)
	}
	if err != nil {
		return 0, 0, err
	}
	return end, lines, nil
}

// readLineUpTo reads the next line of r into buf, without its end and a
// '\r' before it, keeping at most max bytes of it (a longer line is read
// through, and returned cut: no output line it could equal is that long);
// false at the end of r.
func readLineUpTo(r *bufio.Reader, buf []byte, max int) ([]byte, bool, error) {
	read := false
	for {
		b, err := r.ReadSlice('\n')
		read = read || len(b) > 0
		if room := max - len(buf); room > 0 {
			buf = append(buf, b[:min(len(b), room)]...)
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err == io.EOF:
			if !read {
				return buf, false, nil
			}
		case err != nil:
			return buf, false, err
		}
		buf = bytes.TrimSuffix(buf, []byte{'\n'})
		return bytes.TrimSuffix(buf, []byte{'\r'}), true, nil
	}
}

// clip is the start of a long line, for a message.
func clip(b []byte) string {
	if len(b) > shownPrefix {
		return string(b[:shownPrefix]) + "..."
	}
	return string(b)
}

// resumeOut starts -resume: -o cut back to what the stopped run finished,
// and -skip set past its input lines.
func (ff *filterFlags) resumeOut(e *env, inputs []string) error {
	p, err := ff.resumePoint(e, inputs)
	if err != nil {
		return err
	}
	if p.size > p.end {
		if err := os.Truncate(ff.out, p.end); err != nil {
			return fmt.Errorf("-resume: cutting %s back to its last whole %s: %w", ff.out, p.unit, err)
		}
	}
	// A killed run never wrote its -missing-hosts list: the hosts of its
	// lines are looked up again, and merged with the list there, if any.
	ff.skip, ff.appendOut, ff.relist = p.lines, true, ff.missingHosts != ""
	switch {
	case ff.quiet:
		return nil
	case p.end == 0 && p.size > 0:
		fmt.Fprintf(e.stderr, "%s filter: -resume: %s holds no whole %s (%s, cut inside its first): emptied, the run goes from line 1\n",
			commandName, ff.out, p.unit, count(p.size, "byte"))
		return nil
	case p.end == 0:
		return nil
	}
	fmt.Fprintf(e.stderr, "%s filter: -resume: %s holds the output of the first %s (%s, to its last whole %s): going on from line %s\n",
		commandName, ff.out, count(p.lines, "input line"), count(p.end, "byte"), p.unit, counts.Group3(p.lines+1))
	return nil
}
