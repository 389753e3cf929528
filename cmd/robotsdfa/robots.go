package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/robotsdfa/robotsdfa/automaton"
	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/counts"
	"github.com/robotsdfa/robotsdfa/internal/filekind"
	"github.com/robotsdfa/robotsdfa/internal/robotsdir"
	"github.com/robotsdfa/robotsdfa/runtime"
	"github.com/robotsdfa/robotsdfa/store"
)

// The commands that read one robots.txt or blob take "-" for standard
// input, as filter does for its URL lists: curl … | robotsdfa lint -.

// readInput reads what a command was given as a robots.txt or a blob: the
// file at path, or stdin for "-". Of a robots.txt it reads limit+1 bytes
// at most (so that the parser sees the cut); a blob, known by its magic,
// whole, up to maxBlobBytes. A directory, or a file that cannot be
// read, is an error naming the file (inputName).
func readInput(stdin io.Reader, path, what string, limit int64) (data []byte, blob bool, err error) {
	r := stdin
	if path != "-" || stdin == nil {
		f, _, err := openRegular(path, what)
		if err != nil {
			return nil, false, err
		}
		defer f.Close()
		r = f
	}
	name := inputName(path)
	data, err = io.ReadAll(io.LimitReader(r, max(limit+1, int64(len(automaton.Magic)))))
	if err != nil {
		return nil, false, fmt.Errorf("%s: %w", name, err)
	}
	if !bytes.HasPrefix(data, []byte(automaton.Magic)) {
		return data, false, nil
	}
	rest, err := io.ReadAll(io.LimitReader(r, maxBlobBytes+1-int64(len(data))))
	if err != nil {
		return nil, false, fmt.Errorf("%s: %w", name, err)
	}
	if data = append(data, rest...); int64(len(data)) > maxBlobBytes {
		return nil, false, fmt.Errorf("%s: a blob of more than %d bytes (a store's bound, store.DefaultMaxBlobBytes)", name, maxBlobBytes)
	}
	return data, true, nil
}

// stdinTwice reports whether "-" is among args more than once: the second
// would read what the first left, nothing.
func stdinTwice(args []string) bool {
	n := 0
	for _, a := range args {
		if a == "-" {
			n++
		}
	}
	return n > 1
}

// maxBlobBytes bounds a blob: one a command reads whole, and one compile
// or fetch -hosts writes, so that every command (and a store opened with
// the default Options) reads what they write. A variable for the tests.
var maxBlobBytes int64 = store.DefaultMaxBlobBytes

// blobTooLarge is the error for a robots.txt that compiles to a blob of n
// bytes, over maxBlobBytes.
func blobTooLarge(n int) error {
	return fmt.Errorf("compiles to a blob of %s, over the %s a blob may have (store.DefaultMaxBlobBytes): read less of it (-max-bytes)",
		count(n, "byte"), count(maxBlobBytes, "byte"))
}

// readBody reads a robots.txt (readInput), refusing a blob (errBlob) and
// the other files that are not one (notRobotsTxt).
func readBody(stdin io.Reader, path string, opts compile.Options) ([]byte, error) {
	body, _, err := readInput(stdin, path, "a robots.txt file", int64(opts.BodyLimit()))
	if err != nil {
		return nil, err
	}
	if err := notRobotsTxt(body); err != nil {
		return nil, fmt.Errorf("%s: %w", inputName(path), err)
	}
	return body, nil
}

// errBlob is a file given as a robots.txt that is a compiled blob:
// compileFile uses its rules, the commands that need the source refuse it.
var errBlob = errors.New("is a compiled blob (robotsdfa compile), not a robots.txt")

// notRobotsTxt recognises, by their magic bytes, the files that are not a
// robots.txt but would parse as one with no rules (and so allow
// everything): a blob (errBlob), a store, a compressed file.
func notRobotsTxt(body []byte) error {
	switch {
	case bytes.HasPrefix(body, []byte(automaton.Magic)):
		return errBlob
	case bytes.HasPrefix(body, []byte(filekind.PackMagic)):
		return errors.New("is a store of compiled robots.txt (robotsdfa compile -robots-dir), not a robots.txt: give it to filter -pack, records -pack or inspect")
	case bytes.HasPrefix(body, []byte{0x28, 0xb5, 0x2f, 0xfd}):
		return errors.New("is zstd-compressed (a version 1 pack, or a compressed file), not a robots.txt: decompress it first, or give a pack to inspect")
	case bytes.HasPrefix(body, []byte{0x1f, 0x8b}):
		return errors.New("is gzip-compressed, not a robots.txt: decompress it first")
	}
	return nil
}

// compiled is one robots.txt, parsed (for explanations) and loaded from
// its blob (for verdicts), as a crawler that stores blobs would run it.
type compiled struct {
	path   string
	file   *compile.File // nil for a blob
	robots *runtime.Robots
	// utf16 is the byte order of a file that begins with a UTF-16
	// byte-order mark (utf16Order), "" for none.
	utf16 string
}

// compileFile reads, parses, compiles, serialises and loads a robots.txt
// (readInput). A compiled blob given in its place is loaded as it is
// (file is nil); a -mode given (modeSet) that is not the blob's own is
// refused.
func compileFile(stdin io.Reader, path string, opts compile.Options, modeSet bool) (*compiled, error) {
	data, blob, err := readInput(stdin, path, "a robots.txt file", int64(opts.BodyLimit()))
	if err != nil {
		return nil, err
	}
	name := inputName(path)
	if blob {
		return loadBlob(name, data, opts.Mode, modeSet)
	}
	if err := notRobotsTxt(data); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return compileBody(name, data, opts)
}

// loadBlob loads a blob as a compiled robots.txt.
func loadBlob(name string, blob []byte, mode compile.Mode, modeSet bool) (*compiled, error) {
	r, err := runtime.Load(blob)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if modeSet && r.RFC() != (mode == compile.RFC9309) {
		return nil, fmt.Errorf("%s: a blob compiled in %s mode; -mode %s does not apply to it", name, modeOf(r), mode)
	}
	return &compiled{path: name, robots: r}, nil
}

// notCompiledFor is the error for a blob compiled for other product
// tokens than the crawler's (compile -agent): its answers for them could
// lack their own groups (runtime.Robots.CompiledFor). Nil when it answers.
func notCompiledFor(name string, r *runtime.Robots, tokens []string) error {
	if r.CompiledFor(tokens...) {
		return nil
	}
	var not []string
	for _, t := range tokens {
		if !r.CompiledFor(t) {
			not = append(not, t)
		}
	}
	return fmt.Errorf("%s: a blob compiled for %s only (compile -agent), so not for %s: the groups of a token it was not compiled for may have been left out",
		name, strings.Join(r.CompiledTokens(), ", "), strings.Join(not, ", "))
}

// noteBlob says, once, that a blob given as the robots.txt is used as the
// rules.
func noteBlob(e *env, cmd string, c *compiled) {
	if c.file == nil {
		fmt.Fprintf(e.stderr, "%s %s: %s is a compiled blob (%s mode): its rules are used as they are\n", commandName, cmd, c.path, modeOf(c.robots))
	}
}

func compileBody(path string, body []byte, opts compile.Options) (*compiled, error) {
	f := compile.Parse(body, opts)
	blob, err := f.Compile().AppendBinary(nil)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	r, err := runtime.Load(blob)
	if err != nil {
		return nil, fmt.Errorf("%s: compiled blob does not load (a bug): %w", path, err)
	}
	return &compiled{path: path, file: f, robots: r, utf16: utf16Order(body)}, nil
}

// warnFile tells the user what a verdict alone does not show about a
// robots.txt: that it begins with a byte-order mark crawlers do not skip
// (warnMarks), that it has no group at all (every URL is then allowed,
// which for a file full of junk is worth saying), or that -max-bytes cut
// it.
func warnFile(e *env, cmd string, c *compiled) {
	warnMarks(e, cmd, c)
	warnNoGroups(e, cmd, c.path, c.file)
	warnCutFile(e, cmd, c)
}

// warnLostAgent says, when no group of a robots.txt names the agent, that
// a line no crawler reads was surely meant to name one of its tokens
// ("User_agent: Bingbot", lostAgentLine): the verdicts are then the '*'
// groups', or everything allowed, as for Google.
func warnLostAgent(e *env, cmd string, c *compiled, tokens []string) {
	if c.file == nil {
		return // a blob keeps no lines
	}
	if c.file.SelectChain(tokens...).Named() {
		return
	}
	for _, t := range tokens {
		if why := lostAgentLine(c.file, t); why != "" {
			fmt.Fprintf(e.stderr, "%s %s: warning: %s: no group names %q%s\n", commandName, cmd, c.path, t, why)
			return
		}
	}
}

// warnNoGroups says that a robots.txt f (nil: none parsed) has no
// user-agent line: every URL is then allowed, which for a web page or junk
// served as the file is worth saying.
func warnNoGroups(e *env, cmd, name string, f *compile.File) {
	if f != nil && len(f.Groups) == 0 {
		fmt.Fprintf(e.stderr, "%s %s: warning: %s has no user-agent line (%s read); every URL is allowed\n",
			commandName, cmd, name, count(len(f.Lines), "line"))
	}
}

// warnMarks says that a robots.txt begins with a byte-order mark crawlers
// do not skip: a UTF-16 one (the file is not UTF-8), or a UTF-8 one encoded
// twice (bomTwice), which hides the first line. The verdicts and explain's
// groups show them only by their effect.
func warnMarks(e *env, cmd string, c *compiled) {
	if c.utf16 != "" {
		fmt.Fprintf(e.stderr, "%s %s: warning: %s begins with a UTF-16 byte-order mark (%s), but crawlers read a robots.txt as UTF-8 (robotsdfa lint says more)\n",
			commandName, cmd, c.path, c.utf16)
	}
	if c.file != nil && markedKey(c.file) != "" {
		fmt.Fprintf(e.stderr, "%s %s: warning: %s: line %d begins with %q, a byte-order mark encoded twice, which crawlers do not skip: they ignore the line (robotsdfa lint says more)\n",
			commandName, cmd, c.path, c.file.Lines[0].Number, bomTwice)
	}
}

// warnCutFile is warnCut for a parsed file -max-bytes cut (none for a
// blob, which keeps no source).
func warnCutFile(e *env, cmd string, c *compiled) {
	if c.file != nil && c.file.Truncated() {
		warnCut(e, cmd, c.path, c.file.Read)
	}
}

// bodyRead is how much of body opts reads, and whether that cuts it: what
// compile.File.Truncated says, for a caller that compiles without parsing
// (compile.Compile keeps no lines).
func bodyRead(body []byte, opts compile.Options) (read int, cut bool) {
	return min(len(body), opts.BodyLimit()), len(body) > opts.BodyLimit()
}

// warnCut says that -max-bytes cut the file after its first read bytes
// (as a crawler reading 500 KiB cuts it): its rules past the cut do not
// apply.
func warnCut(e *env, cmd, name string, read int) {
	fmt.Fprintf(e.stderr, "%s %s: warning: %s is longer than %s bytes (-max-bytes): the rest of it is ignored\n",
		commandName, cmd, name, counts.Group3(read))
}

// warnSkipped warns, for cmd, about the entries of a directory of
// robots.txt that no reader of it takes as a host's file.
func warnSkipped(e *env, cmd, dir string, skipped []robotsdir.Skipped) {
	if len(skipped) > 0 {
		fmt.Fprintf(e.stderr, "%s %s: warning: %s: %s\n", commandName, cmd, dir, robotsdir.Describe(skipped))
	}
}

// decidingLine describes the rule that decided res, as check -explain and
// filter -explain print it: "line 12: Disallow: /x", or "no matching rule".
// With the source at hand the value is shown as written; from a blob alone
// (which keeps no patterns), the kind and priority.
func decidingLine(f *compile.File, res runtime.Result) string {
	if res.Line == 0 {
		return "no matching rule"
	}
	key := "Allow"
	if res.Kind == runtime.Disallow {
		key = "Disallow"
	}
	if f != nil && int(res.Line) <= len(f.Lines) {
		ln := &f.Lines[res.Line-1]
		s := fmt.Sprintf("line %d: %s: %s", res.Line, key, ln.Value)
		if len(ln.Pattern()) != int(res.Priority) {
			s += fmt.Sprintf(" (the rule it implies, priority %d)", res.Priority)
		}
		return s
	}
	return fmt.Sprintf("line %d: %s, priority %d", res.Line, key, res.Priority)
}

// openRegular opens a file the command reads, refusing a directory with an
// error that says what was expected ("a robots.txt file", "a pack").
func openRegular(path, what string) (*os.File, os.FileInfo, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, urlHint(err, path, what)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if st.IsDir() {
		f.Close()
		return nil, nil, fmt.Errorf("%s: %w, not %s", path, errIsDirectory, what)
	}
	return f, st, nil
}

// errIsDirectory marks a directory given where a file is wanted, so that a
// command can name the flag that reads a directory (dirHint).
var errIsDirectory = errors.New("is a directory")

// dirHint adds to err, when a directory of <host>.txt files was given for
// one robots.txt, the command that reads such a directory: a new user's
// first try is often "compile DIR" or "check DIR".
func dirHint(err error, cmd, dir string) error {
	if !errors.Is(err, errIsDirectory) {
		return err
	}
	var how string
	switch cmd {
	case "compile":
		how = "a pack of its <host>.txt files: robotsdfa compile -robots-dir %s -o PACK"
	case "filter":
		how = "its <host>.txt files, one per host, are read with -robots-dir %s"
	case "check":
		how = "for its <host>.txt files, one per host: robotsdfa filter -robots-dir %s -agent AGENT -verdicts, URLs on standard input"
	case "explain":
		how = "for its <host>.txt files, one per host: robotsdfa filter -robots-dir %s -agent AGENT -explain, URLs on standard input"
	default:
		return err
	}
	return fmt.Errorf("%w (%s)", err, fmt.Sprintf(how, dir))
}

// urlHint adds to an error opening path, when path was not found and is
// an http or https URL, where such a URL belongs.
func urlHint(err error, path, what string) error {
	if errors.Is(err, fs.ErrNotExist) && isHTTPURL(path) {
		return fmt.Errorf("%w (%s)", err, urlForFile(what))
	}
	return err
}

// isHTTPURL reports whether a name the command could not open is an http
// or https URL, which users give where a file is wanted.
func isHTTPURL(name string) bool {
	for _, scheme := range []string{"http://", "https://"} {
		if len(name) > len(scheme) && strings.EqualFold(name[:len(scheme)], scheme) {
			return true
		}
	}
	return false
}

// urlForFile says where a URL given for a file belongs.
func urlForFile(what string) string {
	switch {
	case what == urlListWhat:
		return "a URL, not a file: filter reads URLs from files or standard input, one a line"
	case strings.Contains(what, "robots.txt"):
		return `a URL, not a file: give its body as "-" on standard input (curl -s URL | robotsdfa ... -), or use robotsdfa fetch, which fetches as a crawler does`
	}
	return "a URL, not a file: this command reads local files"
}
