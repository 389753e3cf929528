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

// semanticsCite is a citation of docs/SEMANTICS.md by number, as comments
// and the conformance files write it: "SEMANTICS 4.1", "SEMANTICS 2.3,
// 2.4", "SEMANTICS 3.3-3.4", "SEMANTICS 5, 7", "SEMANTICS 2.4 and 2.5".
var semanticsCite = regexp.MustCompile(`SEMANTICS ([0-9]+(?:\.[0-9]+)?(?:(?:, | and |[-–/])[0-9]+(?:\.[0-9]+)?)*)`)

// citedNumber is one number of such a citation.
var citedNumber = regexp.MustCompile(`[0-9]+(?:\.[0-9]+)?`)

// rfcCite is a citation of RFC 9309 by section: "RFC 9309 2.3.1.3".
var rfcCite = regexp.MustCompile(`RFC 9309,? (?:section |§ ?)?([0-9]+(?:\.[0-9]+)+)`)

// rfc9309Sections are the numbered sections of RFC 9309, which does not
// change.
var rfc9309Sections = strings.Fields(`1 1.1 2 2.1 2.2 2.2.1 2.2.2 2.2.3 2.2.4 2.3 2.3.1
	2.3.1.1 2.3.1.2 2.3.1.3 2.3.1.4 2.3.1.5 2.4 2.5 3 4 5 5.1 5.2 6 6.1 6.2`)

// TestSemanticsCitations checks that every numbered citation of
// docs/SEMANTICS.md names a section ("## N.") or a numbered rule of one,
// and every citation of RFC 9309 one of the RFC's sections. A rule
// renumbered or moved otherwise leaves the cases and comments that cite
// it pointing at another rule.
func TestSemanticsCitations(t *testing.T) {
	body, err := os.ReadFile("docs/SEMANTICS.md")
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for _, s := range rfc9309Sections {
		known["RFC 9309 "+s] = true
	}
	section := ""
	for _, line := range strings.Split(string(body), "\n") {
		if n, ok := strings.CutPrefix(line, "## "); ok {
			if num, _, ok := strings.Cut(n, ". "); ok {
				section = num
				known["SEMANTICS "+section] = true
			}
			continue
		}
		if num, rest, ok := strings.Cut(line, ". "); ok && section != "" && strings.HasPrefix(rest, "**") && strings.Trim(num, "0123456789") == "" {
			known["SEMANTICS "+section+"."+num] = true
		}
	}
	if !known["SEMANTICS 4.1"] || !known["SEMANTICS 7"] {
		t.Fatal("docs/SEMANTICS.md's sections and rules were not found: the reading of its headings no longer matches it")
	}
	cited := 0
	check := func(path string) error {
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		text := wrap.ReplaceAllString(string(b), " ")
		for _, m := range semanticsCite.FindAllStringSubmatch(text, -1) {
			for _, n := range citedNumber.FindAllString(m[1], -1) {
				cited++
				if !known["SEMANTICS "+n] {
					t.Errorf("%s cites SEMANTICS %s (in %q): docs/SEMANTICS.md has no such section or rule", path, n, m[0])
				}
			}
		}
		for _, m := range rfcCite.FindAllStringSubmatch(text, -1) {
			cited++
			if !known["RFC 9309 "+m[1]] {
				t.Errorf("%s cites RFC 9309 %s: the RFC has no such section", path, m[1])
			}
		}
		return nil
	}
	walkSources(t, check, ".go", ".md")
	cases, err := filepath.Glob("testdata/conformance/*.txt")
	if err != nil || len(cases) == 0 {
		t.Fatalf("no testdata/conformance/*.txt: %v", err)
	}
	for _, path := range cases {
		if err := check(path); err != nil {
			t.Fatal(err)
		}
	}
	if cited < 100 {
		t.Fatalf("%d citations found, fewer than the repository holds: the patterns no longer match how it cites", cited)
	}
}
