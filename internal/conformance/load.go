// Package conformance loads the conformance cases in testdata/conformance
// and runs them through any implementation (the reference, the automaton,
// a blob round trip, the command line). It is a test helper.
//
// The case format is described in testdata/conformance/README.md.
package conformance

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/robotsdfa/robotsdfa/compile"
)

// Label says which mode a case belongs to.
type Label uint8

const (
	// Both: the case holds in Google and RFC mode.
	Both Label = iota
	// GoogleOnly: Google mode only.
	GoogleOnly
	// RFCOnly: RFC mode only.
	RFCOnly
)

// Modes returns the modes a label covers.
func (l Label) Modes() []compile.Mode {
	switch l {
	case GoogleOnly:
		return []compile.Mode{compile.Google}
	case RFCOnly:
		return []compile.Mode{compile.RFC9309}
	}
	return []compile.Mode{compile.Google, compile.RFC9309}
}

// Test is one robots.txt body with its cases.
type Test struct {
	// Source is "file:line" of the robots.txt section.
	Source string
	Robots []byte
	// MaxBytes is the parse limit the cases assume (0: default).
	MaxBytes int
	Cases    []Case
}

// Case is one expectation.
type Case struct {
	Source string // "file:line"
	Label  Label
	// Agents are the crawler's product tokens; Union says whether they are
	// merged (the reference's multi-agent call) rather than a fallback chain.
	Agents []string
	Union  bool
	URL    string
	// Allowed is the expected verdict; Line the expected deciding line
	// (0: no rule decides).
	Allowed bool
	Line    int
}

// LoadDir reads every *.txt file of dir except README files, in name order.
func LoadDir(dir string) ([]Test, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var all []Test
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		tests, err := Parse(filepath.Base(name), data)
		if err != nil {
			return nil, err
		}
		all = append(all, tests...)
	}
	return all, nil
}

// maxCaseLine bounds a case file's line (a body's longer lines are
// written quoted, with a repeat count).
const maxCaseLine = 16 << 20

// Parse reads one case file. Sections start with a line "-- NAME --":
// "robots.txt" (raw body, optionally followed by the words "quoted" and
// "max-bytes=N") starts a test, and "cases" holds its expectations up to
// the next blank line. Text outside sections is commentary.
func Parse(name string, data []byte) ([]Test, error) {
	var (
		tests   []Test
		section string // "", "robots", "cases"
		quoted  bool
		body    bytes.Buffer
	)
	flush := func() error {
		if section == "robots" {
			b := body.Bytes()
			if quoted {
				var err error
				if b, err = unquoteBody(string(b)); err != nil {
					return fmt.Errorf("%s: %v", tests[len(tests)-1].Source, err)
				}
			}
			tests[len(tests)-1].Robots = append([]byte(nil), b...)
		}
		body.Reset()
		return nil
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<16), maxCaseLine)
	num := 1
	for ; sc.Scan(); num++ {
		line := sc.Text()
		where := fmt.Sprintf("%s:%d", name, num)
		if strings.HasPrefix(line, "-- ") && strings.HasSuffix(line, " --") && len(line) > 6 {
			if err := flush(); err != nil {
				return nil, err
			}
			words := strings.Fields(line[3 : len(line)-3])
			switch words[0] {
			case "robots.txt":
				t := Test{Source: where}
				quoted = false
				for _, w := range words[1:] {
					switch {
					case w == "quoted":
						quoted = true
					case strings.HasPrefix(w, "max-bytes="):
						n, err := strconv.Atoi(strings.TrimPrefix(w, "max-bytes="))
						if err != nil {
							return nil, fmt.Errorf("%s: bad %q", where, w)
						}
						t.MaxBytes = n
					default:
						return nil, fmt.Errorf("%s: unknown option %q", where, w)
					}
				}
				tests = append(tests, t)
				section = "robots"
			case "cases":
				if len(tests) == 0 {
					return nil, fmt.Errorf("%s: cases before any robots.txt", where)
				}
				section = "cases"
			default:
				return nil, fmt.Errorf("%s: unknown section %q", where, words[0])
			}
			continue
		}
		switch section {
		case "robots":
			body.WriteString(line)
			body.WriteByte('\n')
		case "cases":
			if strings.TrimSpace(line) == "" {
				section = "" // a blank line ends the cases; commentary may follow
				continue
			}
			if strings.HasPrefix(strings.TrimSpace(line), "#") {
				continue
			}
			c, err := parseCase(line)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", where, err)
			}
			c.Source = where
			t := &tests[len(tests)-1]
			t.Cases = append(t.Cases, c)
		}
	}
	if err := sc.Err(); errors.Is(err, bufio.ErrTooLong) {
		return nil, fmt.Errorf("%s:%d: a line over %d MiB", name, num, maxCaseLine>>20)
	} else if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if err := flush(); err != nil {
		return nil, err
	}
	for _, t := range tests {
		if len(t.Cases) == 0 {
			return nil, fmt.Errorf("%s: robots.txt without cases", t.Source)
		}
	}
	return tests, nil
}

// parseCase reads "LABEL AGENT URL VERDICT LINE".
func parseCase(line string) (Case, error) {
	f, err := fields(line)
	if err != nil {
		return Case{}, err
	}
	if len(f) != 5 {
		return Case{}, fmt.Errorf("want 5 fields (label agent url verdict line), have %d", len(f))
	}
	var c Case
	switch f[0].text {
	case "both":
		c.Label = Both
	case "google":
		c.Label = GoogleOnly
	case "rfc":
		c.Label = RFCOnly
	default:
		return c, fmt.Errorf("label %q: want both, google or rfc", f[0].text)
	}
	switch a := f[1]; {
	case a.quoted:
		c.Agents = []string{a.text}
	case strings.Contains(a.text, "+"):
		c.Agents, c.Union = strings.Split(a.text, "+"), true
	default:
		c.Agents = strings.Split(a.text, ",")
	}
	c.URL = f[2].text
	switch f[3].text {
	case "allowed":
		c.Allowed = true
	case "disallowed":
	default:
		return c, fmt.Errorf("verdict %q: want allowed or disallowed", f[3].text)
	}
	if c.Line, err = strconv.Atoi(f[4].text); err != nil || c.Line < 0 {
		return c, fmt.Errorf("line %q: want a number, 0 for no deciding rule", f[4].text)
	}
	return c, nil
}

type field struct {
	text   string
	quoted bool
}

// fields splits on whitespace; a field starting with '"' is a Go string
// literal.
func fields(line string) ([]field, error) {
	var out []field
	for {
		line = strings.TrimLeft(line, " \t")
		if line == "" {
			return out, nil
		}
		if line[0] == '"' {
			q, err := strconv.QuotedPrefix(line)
			if err != nil {
				return nil, fmt.Errorf("bad quoted field at %q", line)
			}
			s, _ := strconv.Unquote(q)
			out = append(out, field{s, true})
			line = line[len(q):]
			continue
		}
		end := strings.IndexAny(line, " \t")
		if end < 0 {
			end = len(line)
		}
		out = append(out, field{line[:end], false})
		line = line[end:]
	}
}

// unquoteBody decodes a quoted robots.txt section: line breaks in the case
// file are dropped, and \n \r \t \0 \\ \xHH stand for their bytes; \{N}
// repeats the following (possibly escaped) byte N times.
func unquoteBody(s string) ([]byte, error) {
	s = strings.ReplaceAll(s, "\n", "")
	var out []byte
	repeat := 1
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' {
			if i+1 >= len(s) {
				return nil, fmt.Errorf("quoted body ends with a backslash")
			}
			i++
			switch s[i] {
			case 'n':
				c = '\n'
			case 'r':
				c = '\r'
			case 't':
				c = '\t'
			case '0':
				c = 0
			case '\\':
				c = '\\'
			case 'x':
				if i+2 >= len(s) {
					return nil, fmt.Errorf("short \\x escape")
				}
				v, err := strconv.ParseUint(s[i+1:i+3], 16, 8)
				if err != nil {
					return nil, fmt.Errorf("bad \\x escape %q", s[i+1:i+3])
				}
				c = byte(v)
				i += 2
			case '{':
				end := strings.IndexByte(s[i:], '}')
				if end < 0 {
					return nil, fmt.Errorf("unterminated \\{N}")
				}
				n, err := strconv.Atoi(s[i+1 : i+end])
				if err != nil || n < 0 || n > 1<<24 {
					return nil, fmt.Errorf("bad repeat count %q", s[i+1:i+end])
				}
				repeat = n
				i += end
				continue
			default:
				return nil, fmt.Errorf("unknown escape \\%c", s[i])
			}
		}
		for ; repeat > 0; repeat-- {
			out = append(out, c)
		}
		repeat = 1
	}
	return out, nil
}
