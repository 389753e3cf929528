package main

import (
	"errors"
	"fmt"
	"os"
	"sync"
)

// outFile is a filter run's output: -o's file (nil: standard output), the
// sink that writes whole lines or frames into it, the bytes it took, and
// the file's size before the run (-append).
type outFile struct {
	f       *os.File
	written *countingWriter
	sink    sink
	start   int64
}

// openOut opens the run's output: -resume first cuts -o back to where the
// stopped run left off; -append adds to -o, mending a cut a hard stop
// left (mendCut); otherwise -o is replaced.
func (ff *filterFlags) openOut(e *env, inputs []string) (*outFile, error) {
	if ff.resumeRun {
		if err := ff.resumeOut(e, inputs); err != nil {
			return nil, err
		}
	}
	o := &outFile{written: &countingWriter{w: e.stdout}}
	if ff.out != "" {
		mode := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
		if ff.appendOut {
			mode = os.O_WRONLY | os.O_CREATE | os.O_APPEND
		}
		f, err := os.OpenFile(ff.out, mode, 0o666)
		if err != nil {
			return nil, err
		}
		if st, err := f.Stat(); err == nil && ff.appendOut {
			o.start = st.Size()
			if err := appendable(ff.out, ff.compress, o.start); err != nil {
				if o.start, err = ff.mendCut(e, f, err); err != nil {
					f.Close()
					return nil, err
				}
			}
		}
		o.f, o.written.w = f, f
	}
	var err error
	// written counts the bytes the output took, so that a run whose
	// output fails knows which lines' output is whole (sink.whole).
	o.sink, err = newSink(ff.compress, o.written, ff.skip)
	if err == nil && o.start > 0 {
		err = o.sink.begin()
	}
	if err != nil {
		if o.f != nil {
			o.f.Close()
		}
		return nil, err
	}
	return o, nil
}

// close ends the output: the sink is flushed unless writing had already
// failed (err), and the file closed; it returns the first error.
func (o *outFile) close(err error) error {
	if err == nil {
		err = o.sink.close()
	}
	if o.f != nil {
		if cerr := o.f.Close(); err == nil {
			err = cerr
		}
	}
	return err
}

// failed ends a run whose output failed (a full disk): -o is cut back to
// the end of its last whole line or frame, the run says how many input
// lines are done and how to resume, and -missing-hosts' list is written
// with the hosts of every line checked (the resumed run's -append merges
// those of the lines it checks again, each once). wg is the workers'.
func (ff *filterFlags) failed(e *env, o *outFile, writeErr error, src source, keys *keyRuns, wg *sync.WaitGroup) int {
	var pe *os.PathError
	if errors.As(writeErr, &pe) {
		writeErr = pe.Err // "writing out.txt: write out.txt: ..." said once
	}
	whole := o.sink.whole(o.written.n)
	where := fmt.Sprintf("its first %d bytes", whole.bytes)
	if o.f != nil {
		if err := os.Truncate(ff.out, o.start+whole.bytes); err == nil {
			where = "cut back to its last whole " + o.sink.unit()
		}
	}
	fmt.Fprintf(e.stderr, "%s filter: writing %s: %v: the first %d input lines are done, their output written to %s (%s); once it can be written, %s\n",
		commandName, outName(ff.out), writeErr, whole.lines, outName(ff.out), where, ff.resume(whole.lines))
	if ff.missingHosts != "" {
		wg.Wait() // the workers' host lists
		if err := ff.writeHosts(e, src, keys); err != nil {
			return fail(e, "filter", err)
		}
	}
	return exitProblem
}
