package robotsdfa_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// citation is a pointer into the record, as comments and documents write
// it: docs/PERFORMANCE.md, "The store" (the quoted title may wrap onto a
// comment's next line).
var citation = regexp.MustCompile(`docs/([A-Z]+\.md),\s*"([^"]+)"`)

// wrap joins a line to the next, dropping the next line's indent and "//".
var wrap = regexp.MustCompile(`\n[ \t]*(// ?)?`)

// TestDocCitations checks that every section a comment or document cites
// is still there: a heading or a bullet of the cited file begins with the
// quoted text (a bullet's bold marks aside). A renamed section otherwise
// leaves the pointers to it dangling.
func TestDocCitations(t *testing.T) {
	titles := map[string][]string{}
	docs, err := filepath.Glob("docs/*.md")
	if err != nil || len(docs) == 0 {
		t.Fatalf("no docs/*.md: %v", err)
	}
	for _, d := range docs {
		body, err := os.ReadFile(d)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(d)
		for _, line := range strings.Split(string(body), "\n") {
			switch {
			case strings.HasPrefix(line, "#"):
				titles[name] = append(titles[name], strings.TrimSpace(strings.TrimLeft(line, "#")))
			case strings.HasPrefix(line, "- "):
				titles[name] = append(titles[name], strings.TrimPrefix(line[2:], "**"))
			}
		}
	}
	cited := 0
	walkSources(t, func(path string) error {
		body, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range citation.FindAllStringSubmatch(wrap.ReplaceAllString(string(body), " "), -1) {
			cited++
			if !slices.ContainsFunc(titles[m[1]], func(h string) bool { return strings.HasPrefix(h, m[2]) }) {
				t.Errorf("%s cites docs/%s, %q: no heading or bullet of that file begins so", path, m[1], m[2])
			}
		}
		return nil
	}, ".go", ".md")
	if cited == 0 {
		t.Fatal("no citation found: the pattern no longer matches how the repository cites its docs")
	}
}
