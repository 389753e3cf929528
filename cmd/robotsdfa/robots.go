package main

import (
	"fmt"
	"io"
	"os"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/runtime"
)

// readBody reads a robots.txt file, no more of it than opts.MaxBytes (plus
// one byte, so that the parser sees the cut). A directory, or a file that
// cannot be read, is an error naming the file.
func readBody(path string, opts compile.Options) ([]byte, error) {
	f, _, err := openRegular(path, "a robots.txt file")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	limit := int64(opts.MaxBytes)
	switch {
	case limit == 0:
		limit = compile.DefaultMaxBytes
	case limit < 0:
		limit = compile.MaxBodyBytes
	}
	body, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return body, nil
}

// compiled is one robots.txt, parsed (for explanations) and loaded from
// its blob (for verdicts), as a crawler that stores blobs would run it.
type compiled struct {
	path   string
	file   *compile.File
	robots *runtime.Robots
}

// compileFile reads, parses, compiles, serialises and loads a robots.txt.
func compileFile(path string, opts compile.Options) (*compiled, error) {
	body, err := readBody(path, opts)
	if err != nil {
		return nil, err
	}
	return compileBody(path, body, opts)
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
	return &compiled{path: path, file: f, robots: r}, nil
}

// warnEmpty tells the user when a file has no group at all: every URL is
// then allowed, which for a file full of junk is worth saying.
func warnEmpty(e *env, cmd string, c *compiled) {
	if len(c.file.Groups) == 0 {
		fmt.Fprintf(e.stderr, "%s %s: warning: %s has no user-agent line (%d lines read); every URL is allowed\n",
			commandName, cmd, c.path, len(c.file.Lines))
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
		return nil, nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if st.IsDir() {
		f.Close()
		return nil, nil, fmt.Errorf("%s: is a directory, not %s", path, what)
	}
	return f, st, nil
}
