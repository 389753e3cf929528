package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/robotsdfa/robotsdfa/internal/atomicfile"
)

// How a filter run that stops early (an interrupt, an input or the
// output failing part way) says where it stopped and how to finish: the
// number of input lines done, whose output is written whole, and the
// -skip that passes over them.

// resume is the instruction that finishes a run whose first n input lines
// are done: the same command with -skip n, its output added to this
// one's (-append for -o and -missing-hosts, >> for standard output).
func (ff *filterFlags) resume(n int64) string {
	hint := fmt.Sprintf("run the same command with -skip %d", n)
	if ff.out != "" || ff.missingHosts != "" {
		hint += " -append"
	}
	if ff.out == "" {
		hint += ", adding its output to this one's (>>)"
	}
	return hint
}

// readErrorAt says where an input failed part way: after its line n, and
// the bytes of the line it cut; nothing for an input that did not open.
func readErrorAt(err error, n int64) string {
	var re *readError
	switch {
	case !errors.As(err, &re):
		return ""
	case re.cut > 0:
		return fmt.Sprintf(" after line %d (and %d bytes of the line it cut, not checked)", n, re.cut)
	default:
		return fmt.Sprintf(" after line %d", n)
	}
}

// writeHosts writes the hosts without a robots.txt to path, one per line,
// sorted, each once (- : standard output); with merge (-append), together
// with those the file lists already, and in a file that replaces it whole
// once written.
func (ff *filterFlags) writeHosts(e *env, src source, keys *keyRuns) error {
	path, merge := ff.missingHosts, ff.appendOut
	src.addMissing(keys)
	if merge && path != "-" {
		if err := keys.addFile(path); err != nil {
			return err
		}
	}
	var err error
	switch {
	case path == "-":
		err = putKeys(e.stdout, keys)
	case listReplaced(path, merge):
		err = replaceFile(path, func(w io.Writer) error { return putKeys(w, keys) })
	default:
		var f *os.File
		if f, err = createList(path); err == nil {
			err = errors.Join(putKeys(f, keys), f.Close())
		}
	}
	if err == nil && keys.err != nil && !ff.quiet {
		fmt.Fprintf(e.stderr, "%s filter: warning: -missing-hosts: %v: its hosts were kept in memory\n", commandName, keys.err)
	}
	return err
}

// putKeys writes keys to w, one per line.
func putKeys(w io.Writer, keys *keyRuns) error {
	bw := bufio.NewWriter(w)
	if err := keys.each(func(k []byte) error {
		bw.Write(k)
		return bw.WriteByte('\n')
	}); err != nil {
		return err
	}
	return bw.Flush()
}

// replaceFile writes a file beside path, with path's mode, with put, then
// renames it to path: path is whole, the old or the new, whatever stops
// the run.
func replaceFile(path string, put func(io.Writer) error) error {
	f, err := atomicfile.CreateBeside(path, "."+filepath.Base(path)+".")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name()) // after the rename, nothing by that name
	if err := errors.Join(put(f), f.Close()); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// mendCut answers -append on an -o that a hard stop cut part way
// (appendErr, from appendable), where the run stopped could say nothing:
// a compressed one, whose marks say how many input lines its whole frames
// hold (outmark.go), or a plain one written with -verdicts, whose whole
// lines are its input lines'. Given the -skip that count names, f is cut
// back to it and the run goes on from there; otherwise the error says
// which -skip resumes it. It returns f's size once mended.
func (ff *filterFlags) mendCut(e *env, f *os.File, appendErr error) (int64, error) {
	var end, lines int64
	var ok bool
	var err error
	unit := "frame"
	switch {
	case errors.Is(appendErr, errCutFrame):
		end, lines, ok, err = lastMark(ff.out, ff.compress)
	case !errors.Is(appendErr, errCutLine) || ff.compress != "":
		return 0, appendErr // whole frames whose last line has no end: another program's
	case ff.verdicts:
		unit = "line"
		end, lines, err = wholeLines(ff.out)
		ok = err == nil
	default:
		return 0, fmt.Errorf("%w; its lines are the allowed URLs alone, which do not say how many input lines were done: run the same command with -resume in place of -skip and -append, which finds them among the input lines", appendErr)
	}
	if err != nil || !ok {
		return 0, appendErr
	}
	if ff.skip != lines {
		return 0, fmt.Errorf("-append: %s was cut part way by a hard stop (killed, or the machine stopped); its whole %ss hold the output of the first %s: run the same command with -skip %d -append, which cuts it back to them", ff.out, unit, count(lines, "input line"), lines)
	}
	if err := f.Truncate(end); err != nil {
		return 0, fmt.Errorf("-append: cutting %s back to its last whole %s: %w", ff.out, unit, err)
	}
	if ff.quiet {
		return end, nil
	}
	fmt.Fprintf(e.stderr, "%s filter: -append: %s was cut part way by a hard stop: cut back to its last whole %s (%s), the output of the first %s\n",
		commandName, ff.out, unit, count(end, "byte"), count(lines, "input line"))
	if ff.missingHosts != "" {
		fmt.Fprintf(e.stderr, "%s filter: warning: the stopped run never wrote -missing-hosts' list: %s lacks the hosts without a robots.txt that only its first %s name (filter over those lines with -missing-hosts %s -append lists them)\n",
			commandName, ff.missingHosts, count(lines, "input line"), ff.missingHosts)
	}
	return end, nil
}

// wholeLines is where the file at path's last whole line ends, and how
// many whole lines it holds, read in one pass.
func wholeLines(path string) (end, lines int64, err error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	buf := make([]byte, 256<<10)
	var at int64
	for {
		n, err := f.Read(buf)
		lines += int64(bytes.Count(buf[:n], []byte{'\n'}))
		if i := bytes.LastIndexByte(buf[:n], '\n'); i >= 0 {
			end = at + int64(i) + 1
		}
		at += int64(n)
		if err == io.EOF {
			return end, lines, nil
		}
		if err != nil {
			return 0, 0, err
		}
	}
}
