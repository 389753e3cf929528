//go:build ignore

// mutant runs, by hand, the mutants a gremlins run could not: those it
// lists as NOT COVERED because they sit in a tagless switch's case
// expressions, which Go's coverage blocks leave out (docs/MUTATION.md).
// Each mutant is the change gremlins would make at its position, given to
// go test through -overlay (the work tree is left alone); the package's
// tests then run.
//
//	go run .ci/mutant.go PKGDIR FILE:LINE:COL KIND [go test flag...]
//	go run .ci/mutant.go -log GREMLINS.LOG -status 'NOT COVERED' PKGDIR [go test flag...]
//
// -tests names other packages whose tests run instead of PKGDIR's (the
// whole module's suite catches what a package's own tests may not).
//
// It prints KILLED (a test failed), SURVIVED or NOT VIABLE (the mutant
// does not build) for each, stops if go test fails without a verdict,
// and exits 1 if one survived. Run it from the repository's root.
//
// The mutants build in a cache of the run's own, emptied when it passes
// cacheLimit and removed at the end: every mutant's objects, and those of
// the packages above it, differ from the last, and kept in go's own
// cache they filled this machine's disk (77 GB over one session's runs).
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// cacheLimit bounds the run's build cache: past it, the cache is emptied
// before the next mutant, which then builds the standard library again
// (15–40 s here, against 10–60 s for a mutant's tests).
const cacheLimit = 4 << 30

// cache is the run's build cache (GOCACHE for its go test runs).
var cache string

// replacements: gremlins v0.6.0's mutators, by the operator at the position,
// and two kinds named as gremlins names them that its runs here left out:
// && and || swapped, and bitwise operators inverted.
var replacements = map[string]map[string]string{
	"CONDITIONALS_BOUNDARY": {"<": "<=", "<=": "<", ">": ">=", ">=": ">"},
	"CONDITIONALS_NEGATION": {"==": "!=", "!=": "==", "<": ">=", "<=": ">", ">": "<=", ">=": "<"},
	"ARITHMETIC_BASE":       {"+": "-", "-": "+", "*": "/", "/": "*", "%": "*"},
	"INCREMENT_DECREMENT":   {"++": "--", "--": "++"},
	"INVERT_NEGATIVES":      {"-": "+"},
	"INVERT_LOGICAL":        {"&&": "||", "||": "&&"},
	"INVERT_BITWISE":        {"&": "|", "|": "&", "^": "&", "&^": "&", "<<": ">>", ">>": "<<"},
}

// operators, longest first, so that "<=" is not read as "<", nor "&&" as "&".
var operators = []string{"++", "--", "<=", ">=", "==", "!=", "&&", "||", "&^", "<<", ">>", "<", ">", "+", "-", "*", "/", "%", "&", "|", "^"}

type mutant struct {
	file, kind string
	line, col  int
}

func main() {
	log := flag.String("log", "", "a gremlins log: run its mutants of the given -status")
	status := flag.String("status", "NOT COVERED", "with -log, the status whose mutants run")
	tests := flag.String("tests", "", "the packages whose tests run, comma-separated (default PKGDIR)")
	flag.Parse()
	args := flag.Args()
	var ms []mutant
	if *log != "" {
		if len(args) < 1 {
			usage()
		}
		ms = fromLog(*log, *status)
	} else {
		if len(args) < 3 {
			usage()
		}
		ms = []mutant{parse(args[1], args[2])}
		args = append(args[:1], args[3:]...)
	}
	pkg, testFlags := args[0], args[1:]
	testPkgs := []string{"./" + pkg}
	if *tests != "" {
		testPkgs = nil
		for _, t := range strings.Split(*tests, ",") {
			testPkgs = append(testPkgs, "./"+strings.TrimPrefix(t, "./"))
		}
	}
	var err error
	if cache, err = os.MkdirTemp("", "mutant-cache"); err != nil {
		fatal(err)
	}
	defer os.RemoveAll(cache)
	lived := 0
	for _, m := range ms {
		if cacheBytes() > cacheLimit {
			if err := os.RemoveAll(cache); err != nil {
				fatal(err)
			}
		}
		verdict := run(pkg, m, testPkgs, testFlags)
		if verdict == "SURVIVED" {
			lived++
		}
		fmt.Printf("%-11s %s %s:%d:%d\n", verdict, m.kind, m.file, m.line, m.col)
	}
	if lived > 0 {
		os.RemoveAll(cache)
		os.Exit(1)
	}
}

// cacheBytes is the size of the run's build cache's files.
func cacheBytes() int64 {
	var n int64
	filepath.WalkDir(cache, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if info, err := d.Info(); err == nil {
				n += info.Size()
			}
		}
		return nil
	})
	return n
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: go run .ci/mutant.go [-log FILE -status S] [-tests PKG,...] PKGDIR [FILE:LINE:COL KIND] [go test flag...]")
	os.Exit(2)
}

func parse(pos, kind string) mutant {
	f := strings.Split(pos, ":")
	if len(f) != 3 {
		usage()
	}
	line, err1 := strconv.Atoi(f[1])
	col, err2 := strconv.Atoi(f[2])
	if err1 != nil || err2 != nil || replacements[kind] == nil {
		usage()
	}
	return mutant{f[0], kind, line, col}
}

// fromLog reads lines such as " NOT COVERED CONDITIONALS_BOUNDARY at x.go:3:7".
func fromLog(path, status string) []mutant {
	f, err := os.Open(path)
	if err != nil {
		fatal(err)
	}
	defer f.Close()
	var ms []mutant
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), status+" ")
		if !ok {
			continue
		}
		if kind, pos, ok := strings.Cut(rest, " at "); ok {
			ms = append(ms, parse(pos, kind))
		}
	}
	if err := sc.Err(); err != nil {
		fatal(err)
	}
	return ms
}

// run applies m to a copy of its file, put in place of the file by go's
// -overlay (the work tree is not touched), and runs the tests of
// testPkgs.
func run(pkg string, m mutant, testPkgs, testFlags []string) string {
	tmp, err := os.MkdirTemp("", "mutant")
	if err != nil {
		fatal(err)
	}
	defer os.RemoveAll(tmp)
	// Open to every user: the command's tests of file permissions run its
	// binary as user nobody from under TMPDIR, and skip when nobody cannot
	// reach it there (MkdirTemp's 0700 kept those tests from every run).
	if err := os.Chmod(tmp, 0o755); err != nil {
		fatal(err)
	}
	target, err := filepath.Abs(filepath.Join(pkg, m.file))
	if err != nil {
		fatal(err)
	}
	src, err := os.ReadFile(target)
	if err != nil {
		fatal(err)
	}
	lines := strings.Split(string(src), "\n")
	if m.line < 1 || m.line > len(lines) || m.col < 1 || m.col > len(lines[m.line-1]) {
		fatal(fmt.Errorf("%s:%d:%d: no such position", m.file, m.line, m.col))
	}
	l, at := lines[m.line-1], m.col-1
	for _, op := range operators {
		if strings.HasPrefix(l[at:], op) {
			to, ok := replacements[m.kind][op]
			if !ok {
				fatal(fmt.Errorf("%s:%d:%d: %s does not apply to %q", m.file, m.line, m.col, m.kind, op))
			}
			lines[m.line-1] = l[:at] + to + l[at+len(op):]
			break
		}
	}
	if lines[m.line-1] == l {
		fatal(fmt.Errorf("%s:%d:%d: no operator at %q", m.file, m.line, m.col, l[at:]))
	}
	mutated := filepath.Join(tmp, filepath.Base(m.file))
	if err := os.WriteFile(mutated, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		fatal(err)
	}
	overlay, err := json.Marshal(map[string]map[string]string{"Replace": {target: mutated}})
	if err != nil {
		fatal(err)
	}
	overlayPath := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(overlayPath, overlay, 0o644); err != nil {
		fatal(err)
	}
	// Through GOFLAGS, so that a go build run by the tests themselves (the
	// command's tests build its binary) sees the mutant too.
	cmd := exec.Command("go", append(append([]string{"test", "-count=1"}, testFlags...), testPkgs...)...)
	// The tests' temporary files go in tmp, removed with it: a mutant
	// that loops writing output until the test times out leaves nothing
	// behind (one left 19 GB in /tmp and filled the disk).
	testTmp := filepath.Join(tmp, "tmp")
	if err := os.Mkdir(testTmp, 0o755); err != nil {
		fatal(err)
	}
	cmd.Env = append(os.Environ(), "GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -overlay="+overlayPath), "TMPDIR="+testTmp, "GOCACHE="+cache)
	out, err := cmd.CombinedOutput()
	switch {
	case strings.Contains(string(out), "[build failed]") || strings.Contains(string(out), "[setup failed]"):
		return "NOT VIABLE"
	case err != nil && strings.Contains(string(out), "FAIL"):
		return "KILLED"
	case err != nil: // go itself failed: no verdict
		fatal(fmt.Errorf("%s:%d:%d: go test: %v\n%s", m.file, m.line, m.col, err, out))
	}
	return "SURVIVED"
}

func fatal(err error) {
	if cache != "" {
		os.RemoveAll(cache)
	}
	fmt.Fprintln(os.Stderr, "mutant:", err)
	os.Exit(2)
}
