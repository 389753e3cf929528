package main

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// listedFlag is a flag as -h lists it: "  -agent string".
var listedFlag = regexp.MustCompile(`(?m)^  (-[a-z][a-z0-9_-]*)`)

// namedFlag is a word of a command line that names a flag, with one dash
// or two and perhaps a value after '=': "-o", "--runner", "--worker=true".
var namedFlag = regexp.MustCompile(`^--?([a-z][a-z0-9_-]*)(=.*)?$`)

// quoted is a span of Markdown code: `-o -`.
var quoted = regexp.MustCompile("`([^`\n]+)`")

// bulletOf is the start of a command's bullet.
var bulletOf = regexp.MustCompile("^- `robotsdfa-beam (filter|compile)")

// commandLine is a command and the words after it: robotsdfa's
// ("robotsdfa compile ...") or this one's ("robotsdfa-beam filter ...",
// or "filter -pack" alone).
var commandLine = regexp.MustCompile(`(?:(robotsdfa(?:-beam)?) |^)(filter|compile)\b(.*)`)

// TestREADMEFlags: each flag beam/README.md names is one the command
// takes. A flag in the bullet of a command, or after "robotsdfa-beam CMD"
// on a line, is one CMD's -h lists (its own or Beam's); one named
// elsewhere (a span that begins with a flag), one that either command
// lists. Flags of robotsdfa's own commands (after "robotsdfa CMD") and of
// other programs (go test's) are left alone.
func TestREADMEFlags(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	// Join each bullet, paragraph and continued command line into one line.
	text := regexp.MustCompile(`\\?\n[ \t]+`).ReplaceAllString(string(b), " ")

	flags := map[string]map[string]bool{"": {}}
	for cmd := range ownFlags {
		code, stderr := runCmd(t, cmd, "-h")
		require.Equal(t, 0, code, stderr)
		flags[cmd] = map[string]bool{}
		for _, m := range listedFlag.FindAllStringSubmatch(stderr, -1) {
			flags[cmd][m[1]], flags[""][m[1]] = true, true
		}
	}
	checked := 0
	check := func(cmd, where, words string) {
		for _, w := range strings.Fields(words) {
			m := namedFlag.FindStringSubmatch(strings.Trim(w, "[](),"))
			if m == nil {
				continue
			}
			checked++
			lists := "robotsdfa-beam " + cmd + " -h does not list"
			if cmd == "" {
				lists = "neither command's -h lists"
			}
			require.True(t, flags[cmd]["-"+m[1]], "beam/README.md: %q names %s, which %s", where, w, lists)
		}
	}
	for _, line := range strings.Split(text, "\n") {
		bullet := ""
		if m := bulletOf.FindStringSubmatch(line); m != nil {
			bullet = m[1]
		}
		spans := quoted.FindAllStringSubmatch(line, -1)
		if spans == nil {
			spans = [][]string{{line, line}} // a code block's line
		}
		for _, q := range spans {
			m := commandLine.FindStringSubmatch(q[1])
			switch {
			case m == nil && namedFlag.MatchString(strings.Fields(q[1] + " x")[0]):
				check(bullet, q[1], q[1])
			case m != nil && m[1] != "robotsdfa":
				check(m[2], q[1], m[3])
			}
		}
	}
	t.Logf("%d flags checked", checked)
	require.Greater(t, checked, 30, "the flags found in beam/README.md: the reading of it no longer matches it")
}
