package main

import (
	"fmt"
	"strings"

	"github.com/robotsdfa/robotsdfa/compile"
)

// A user-agent line commented out and the rules after it left in, as in
// "# User-agent: *" then "Disallow: /archive" (a template says to
// uncomment two lines: 5 of the corpus's files). The rules belong to no
// group, and lint names the comment that would have opened one.

// agentComment follows a file's lines in order and holds the last comment
// before the first group that reads as a user-agent line without its '#'.
type agentComment struct {
	line int32
	text string
}

// see reads the line at i.
func (c *agentComment) see(body []byte, f *compile.File, i int, opts compile.Options) {
	ln := &f.Lines[i]
	if ln.Kind != compile.CommentLine || ln.Group >= 0 {
		return
	}
	text := strings.TrimSpace(lineText(body, f, i))
	rest := strings.TrimLeft(text, "# \t")
	if len(rest) < 4 || !strings.EqualFold(rest[:4], "user") {
		return // most comments: no parse
	}
	if ls := compile.Parse([]byte(rest), opts).Lines; len(ls) > 0 && ls[0].Kind == compile.UserAgentLine {
		c.line, c.text = ln.Number, text
	}
}

// why says, for a rule outside any group, which comment was meant to open
// its group, or nothing.
func (c *agentComment) why() string {
	if c.line == 0 {
		return ""
	}
	return fmt.Sprintf(" (line %d, %q, is a comment)", c.line, c.text)
}
