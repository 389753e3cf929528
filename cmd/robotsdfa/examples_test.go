package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/internal/testexec"
	"github.com/stretchr/testify/require"
)

// TestHelpExamplesRun: every "$ robotsdfa ..." line of every command's -h
// runs as printed, from a directory holding the repository's testdata (so
// that the files it writes land there), and prints the output shown under
// it, times and rates aside. The examples that name a live host
// (https://www.example.com/) run against a loopback server in its place;
// the one that needs the shared corpus runs only where it is.
func TestHelpExamplesRun(t *testing.T) {
	dir := t.TempDir()
	testdata, err := filepath.Abs(repo("testdata"))
	require.NoError(t, err)
	require.NoError(t, os.Symlink(testdata, filepath.Join(dir, "testdata")))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			w.Write([]byte("User-agent: *\nDisallow: /private/\nCrawl-delay: 2\nSitemap: https://www.example.com/sitemap.xml\n"))
			return
		}
		http.NotFound(w, r)
	}))
	defer srv.Close()
	figures := regexp.MustCompile(`\d+\.\d+s|\([\d,]+ lines/s\)|took [\d.]+s`)
	ran := 0
	for _, c := range commands() {
		r := robotsdfa(t, nil, c.name, "-h")
		example := r.stdout[strings.Index(r.stdout, "\nexample:\n")+len("\nexample:\n"):]
		for _, ex := range parseExamples(example) {
			if strings.Contains(ex.command, "../shared/corpus") {
				if testing.Short() {
					t.Logf("%s: not run with -short", ex.command)
					continue
				}
				if _, err := os.Stat(filepath.Join(testdata, "..", "..", "shared", "corpus")); err != nil {
					t.Logf("%s: not run here: no shared corpus", ex.command)
					continue
				}
				ex.command = strings.ReplaceAll(ex.command, "../shared/corpus", filepath.Join(testdata, "..", "..", "shared", "corpus"))
			}
			cmdline := strings.ReplaceAll(ex.command, "https://www.example.com", srv.URL)
			cmd, _ := testexec.Command(t, "sh", "-c", strings.Replace(cmdline, "robotsdfa ", exe+" ", 1))
			cmd.Dir = dir
			out, err := cmd.CombinedOutput()
			if err != nil {
				code := cmd.ProcessState.ExitCode()
				require.True(t, code == exitFound && (c.name == "check" || c.name == "fetch" || c.name == "lint"), "%s: exit %d: %s", ex.command, code, out)
			}
			for _, want := range ex.output {
				want = strings.ReplaceAll(want, "https://www.example.com", srv.URL)
				require.Contains(t, figures.ReplaceAllString(string(out), "#"), figures.ReplaceAllString(want, "#"), ex.command)
			}
			ran++
		}
	}
	require.Greater(t, ran, 10)
}

type helpExample struct {
	command string   // the command line, continuation lines joined
	output  []string // the lines shown under it
}

// parseExamples reads an example block: "  $ command \" lines, their
// continuations, and the output lines under them.
func parseExamples(block string) []helpExample {
	var exs []helpExample
	cont := false
	for _, l := range strings.Split(strings.TrimRight(block, "\n"), "\n") {
		l = strings.TrimPrefix(l, "  ")
		switch {
		case cont:
			exs[len(exs)-1].command += " " + strings.TrimSpace(strings.TrimSuffix(l, "\\"))
		case strings.HasPrefix(l, "$ "):
			exs = append(exs, helpExample{command: strings.TrimSuffix(strings.TrimPrefix(l, "$ "), "\\")})
		case len(exs) > 0 && strings.TrimSpace(l) != "":
			exs[len(exs)-1].output = append(exs[len(exs)-1].output, l)
		}
		cont = strings.HasSuffix(l, "\\")
	}
	return exs
}
