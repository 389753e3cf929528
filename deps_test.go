package robotsdfa_test

import (
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/robotsdfa/robotsdfa"

// allowedImports is docs/DESIGN.md's import table: for each package of the
// module, the non-standard packages it may import directly. Because every
// package is checked, what a package reaches transitively is bounded too
// (runtime, which may not import compile, cannot reach it through
// automaton). A package missing from the table fails the test: add it here
// with the reason in docs/DESIGN.md, never loosen a row to make a build pass.
var allowedImports = map[string][]string{
	"":          {},
	"compile":   {"automaton", "runtime", "internal/*"},
	"automaton": {"github.com/dgryski/go-farm"},
	"runtime":   {"automaton", "github.com/dgryski/go-farm"},
	// fetch compiles identical bodies once, keyed by their fingerprint.
	"fetch": {"compile", "runtime", "internal/atomicfile", "github.com/dgryski/go-farm"},
	"store": {"runtime", "internal/atomicfile", "github.com/dgryski/go-farm", "github.com/klauspost/compress/*"},
	// The file written beside a path and renamed onto it, with the
	// permissions of one written in place: the store's and the fetch
	// cache's.
	"internal/atomicfile": {},
	"internal/reference":  {"compile", "internal/reference/refurl"},
	// The reference's URL side stands alone, so that the runtime's own
	// tests can use it (the reference needs compile, which needs runtime).
	"internal/reference/refurl": {},
	"internal/conformance":      {"compile"},
	"internal/testcorpus":       {},
	// A test's run of a command, bounded in time.
	"internal/testexec": {},
	// How filter reads a frontier's line, shared with the Beam module.
	"internal/frontier": {"runtime"},
	// How -agent is read and warned about, shared with the Beam module.
	"internal/agentchain": {"compile", "runtime"},
	// Counts as the summaries print them, shared with the Beam command.
	"internal/counts": {},
	// Whether an output is an input, asked by both commands.
	"internal/clobber": {},
	// What people read, its control bytes shown, by both commands.
	"internal/printable": {},
	// How both commands read a command line: flags anywhere, and the
	// "did you mean" of a mistyped command or flag.
	"internal/cmdline": {},
	// What a file given in the place of another is (a blob, a pack,
	// text), by its first bytes, asked by both commands.
	"internal/filekind": {"automaton"},
	// How -robots-dir and -hosts name a directory's files, shared with
	// the Beam module.
	"internal/robotsdir": {"store", "github.com/klauspost/compress/*"},
	// cmd/robotsdfa's bench subcommand runs the same workloads as the
	// benchmarks, so it shares their loader (bench/workload, which imports
	// only the library's packages, internal/robotsdir and klauspost/compress).
	"cmd/robotsdfa": {"compile", "automaton", "runtime", "fetch", "store", "internal/agentchain", "internal/atomicfile", "internal/clobber", "internal/counts", "internal/filekind", "internal/frontier", "internal/printable", "internal/robotsdir", "internal/cmdline", "bench/workload", "github.com/klauspost/compress/*"},
}

// TestImportPolicy checks every package's imports against allowedImports.
func TestImportPolicy(t *testing.T) {
	statSources(t)
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	seen := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg := strings.TrimPrefix(strings.TrimPrefix(fields[0], module), "/")
		if unpoliced(pkg) {
			continue
		}
		allowed, ok := allowedImports[pkg]
		if !ok {
			t.Errorf("package %q is not in the import table", pkg)
			continue
		}
		seen++
		for _, imp := range fields[1:] {
			if isStandard(imp) {
				continue
			}
			rel := strings.TrimPrefix(strings.TrimPrefix(imp, module), "/")
			if !permitted(allowed, imp, rel) {
				t.Errorf("%s imports %s, which the import table does not allow", fields[0], imp)
			}
		}
	}
	if seen < 3 {
		t.Fatalf("checked only %d packages", seen)
	}
}

// chosenModules are the only modules the library's go.mod requires
// directly: fingerprints, zstd and gzip, and the tests' assertions. The
// Beam SDK lives in the beam module, peers in bench/peers; anything else
// needs its reason in the commit that adds it here.
var chosenModules = []string{
	"github.com/dgryski/go-farm",
	"github.com/klauspost/compress",
	"github.com/stretchr/testify",
}

// goMod is what the tests read of a go.mod.
type goMod struct {
	Go      string
	Require []struct {
		Path     string
		Indirect bool
	}
}

// readGoMod reads the go.mod at path through the go command. The file is
// opened here too, so that go test's cache, which does not see what the
// go command reads, reruns the test when it changes.
func readGoMod(t *testing.T, path string) goMod {
	t.Helper()
	if _, err := os.ReadFile(path); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("go", "mod", "edit", "-json", path).Output()
	if err != nil {
		t.Fatalf("go mod edit -json %s: %v", path, err)
	}
	var mod goMod
	if err := json.Unmarshal(out, &mod); err != nil {
		t.Fatal(err)
	}
	return mod
}

// TestModuleRequirements checks go.mod's direct requirements against
// chosenModules: the import policy sees what packages import, not what
// tests import or what go.mod pulls in.
func TestModuleRequirements(t *testing.T) {
	var direct []string
	for _, r := range readGoMod(t, "go.mod").Require {
		if !r.Indirect {
			direct = append(direct, r.Path)
		}
	}
	slices.Sort(direct)
	if !slices.Equal(direct, chosenModules) {
		t.Errorf("go.mod requires %q directly, want %q", direct, chosenModules)
	}
}

// TestGoVersions checks that each module's README gives the go version
// its go.mod needs ("Go 1.25 or later"), as users must have it: the
// library's, and the Beam module's (Beam's own minimum).
func TestGoVersions(t *testing.T) {
	for _, dir := range []string{".", "beam"} {
		mod := readGoMod(t, filepath.Join(dir, "go.mod"))
		readme, err := os.ReadFile(filepath.Join(dir, "README.md"))
		if err != nil {
			t.Fatal(err)
		}
		if claim := "Go " + mod.Go + " or later"; !strings.Contains(string(readme), claim) {
			t.Errorf("%s/go.mod says go %s, and %s/README.md does not say %q", dir, mod.Go, dir, claim)
		}
	}
}

// backticked is a name in code type, as DESIGN.md's table writes a package.
var backticked = regexp.MustCompile("`([^`]+)`")

// TestDesignTable checks that docs/DESIGN.md's table of packages names
// the packages allowedImports holds, and no other but those the policy
// leaves free (bench, fuzz and the Beam module): the table is the policy's
// reasons, and a package added to one and not the other is unexplained.
func TestDesignTable(t *testing.T) {
	body, err := os.ReadFile("docs/DESIGN.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(body), "\n## The packages\n")
	section, _, _ = strings.Cut(section, "\n## ")
	named := map[string]bool{}
	for _, line := range strings.Split(section, "\n") {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		first, _, _ := strings.Cut(line[2:], " |")
		for _, m := range backticked.FindAllStringSubmatch(first, -1) {
			named[m[1]] = true
		}
	}
	if len(named) < 3 {
		t.Fatalf("DESIGN.md's table of packages names %d packages: the section or its rows are no longer where this test looks", len(named))
	}
	for pkg := range allowedImports {
		if pkg != "" && !named[pkg] {
			t.Errorf("%s is in the import policy and not in DESIGN.md's table of packages", pkg)
		}
	}
	for pkg := range named {
		if _, ok := allowedImports[pkg]; !ok && pkg != "beam" && !unpoliced(pkg) {
			t.Errorf("DESIGN.md's table of packages names %s, which the import policy does not hold", pkg)
		}
	}
}

// unpoliced reports whether the package may import anything: bench and
// fuzz, whose benchmarks and fuzz targets reach across the module.
func unpoliced(pkg string) bool {
	return pkg == "bench" || strings.HasPrefix(pkg, "bench/") || strings.HasPrefix(pkg, "fuzz")
}

func isStandard(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

func permitted(allowed []string, imp, rel string) bool {
	for _, a := range allowed {
		for _, p := range []string{imp, rel} {
			if p == a || (strings.HasSuffix(a, "/*") && strings.HasPrefix(p, strings.TrimSuffix(a, "*"))) {
				return true
			}
		}
	}
	return false
}

// statSources stats every Go file of the module, so that go test's cache,
// which does not see what go list reads, reruns this test when one changes.
func statSources(t *testing.T) {
	walkSources(t, func(path string) error {
		_, err := os.Stat(path)
		return err
	}, ".go")
}

// walkSources calls visit with the path of each file of the repository
// whose name ends with one of suffixes, hidden directories and testdata
// left out; an error fails the test.
func walkSources(t *testing.T, visit func(path string) error, suffixes ...string) {
	t.Helper()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		for _, s := range suffixes {
			if !d.IsDir() && strings.HasSuffix(path, s) {
				return visit(path)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
