package main

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/internal/testexec"
	"github.com/stretchr/testify/require"
)

// readmeCommandLine is the README, and its section on the command line.
func readmeCommandLine(t *testing.T) (readme, section string) {
	t.Helper()
	b, err := os.ReadFile(repo("README.md"))
	require.NoError(t, err)
	s := string(b)
	start, end := strings.Index(s, "\n## The command line\n"), strings.Index(s, "\n## Guarantees\n")
	require.True(t, start >= 0 && end > start, "README.md has no section \"The command line\" before \"Guarantees\"")
	return s, s[start:end]
}

// flagsOf is the set of flags a command's -h lists, and -h.
func flagsOf(t *testing.T, name string) map[string]bool {
	t.Helper()
	r := robotsdfa(t, nil, name, "-h")
	flags := map[string]bool{"-h": true}
	for _, m := range regexp.MustCompile(`(?m)^  (-[a-z][a-z0-9-]*)`).FindAllStringSubmatch(r.stdout, -1) {
		flags[m[1]] = true
	}
	return flags
}

// flagWord is a word of a command line that names a flag: "-o", "-field".
var flagWord = regexp.MustCompile(`^-[a-z][a-z0-9-]*$`)

// quoted is a span of Markdown code: `-o -`.
var quoted = regexp.MustCompile("`([^`]+)`")

// codeBlock is a Markdown code block's lines.
var codeBlock = regexp.MustCompile("(?s)```\n(.*?)```")

// blocksAndRows are a section's code blocks and table rows.
var blocksAndRows = regexp.MustCompile("(?s)```.*?```|\n\\|[^\n]*")

// TestREADMECommandLine: what the README's section on the command line
// tells a user, and the set-up's main command, are what the command does.
// Its table has a row for each command and no other; each flag a row, a
// quoted command line or a command of its code blocks names is one its
// command's -h lists (a flag named alone is one some command lists); and
// each "$ robotsdfa" line runs as printed, from the repository's root,
// and prints the lines shown under it.
func TestREADMECommandLine(t *testing.T) {
	readme, section := readmeCommandLine(t)
	var names []string
	flags := map[string]map[string]bool{}
	anyFlag := map[string]bool{}
	for _, c := range commands() {
		names = append(names, c.name)
		flags[c.name] = flagsOf(t, c.name)
		for f := range flags[c.name] {
			anyFlag[f] = true
		}
	}
	// checkFlags holds the flags of a command line to its command's (named
	// first, or after "robotsdfa"), or, when it names none, to any
	// command's.
	checked := 0
	checkFlags := func(where, line string) {
		words := strings.Fields(line)
		cmd := ""
		for i, w := range words {
			if (i == 0 || strings.HasSuffix(words[i-1], "robotsdfa")) && slices.Contains(names, w) {
				cmd, words = w, words[i+1:]
				break
			}
		}
		for _, w := range words {
			if !flagWord.MatchString(w) {
				continue
			}
			checked++
			if cmd == "" {
				require.True(t, anyFlag[w], "%s: %q names %s, which no command lists", where, line, w)
				continue
			}
			require.True(t, flags[cmd][w], "%s: %q names %s, which robotsdfa %s -h does not list", where, line, w, cmd)
		}
	}

	for _, line := range strings.Split(readme, "\n") {
		if strings.HasPrefix(line, "go run ./cmd/robotsdfa ") {
			checkFlags("the set-up", line)
		}
	}
	var rows []string
	inBlock := false
	for _, line := range strings.Split(section, "\n") {
		if strings.HasPrefix(line, "```") {
			inBlock = !inBlock
			continue
		}
		switch {
		case inBlock && strings.HasPrefix(line, "robotsdfa "):
			checkFlags("a code block", line)
		case !inBlock && strings.HasPrefix(line, "| `"):
			cells := strings.Split(line, "|")
			name := strings.Fields(strings.Trim(cells[1], " `"))[0]
			rows = append(rows, name)
			for _, m := range quoted.FindAllStringSubmatch(cells[2], -1) {
				if w := strings.Fields(m[1]); !slices.Contains(names, w[0]) {
					m[1] = name + " " + m[1]
				}
				checkFlags("the row of "+name, m[1])
			}
		}
	}
	require.ElementsMatch(t, names, rows, "the README's table of commands")
	for _, m := range quoted.FindAllStringSubmatch(blocksAndRows.ReplaceAllString(section, ""), -1) {
		checkFlags("the text", m[1])
	}
	require.Greater(t, checked, 20, "the flags found in the README: the reading of its section no longer matches it")

	ran := 0
	for _, block := range codeBlock.FindAllStringSubmatch(section, -1) {
		for _, ex := range parseExamples(block[1]) {
			checkFlags("an example", ex.command)
			cmd, _ := testexec.Command(t, "sh", "-c", strings.Replace(ex.command, "robotsdfa ", exe+" ", 1))
			cmd.Dir = repo()
			out, err := cmd.Output()
			if err != nil {
				require.Equal(t, exitFound, cmd.ProcessState.ExitCode(), "%s: %v", ex.command, err)
			}
			require.Equal(t, strings.Join(ex.output, "\n")+"\n", string(out), ex.command)
			ran++
		}
	}
	t.Logf("%d flags checked, %d examples run", checked, ran)
	require.Equal(t, 1, ran, "the README's \"$ robotsdfa\" examples")
}
