package robotsbeam

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// beamImports is docs/DESIGN.md's row for this module: for each of its
// packages, the packages outside the standard library it may import, a
// trailing "/*" allowing a whole tree. The library's own go.mod holds no
// Beam; this module holds no more of the library than it needs.
var beamImports = map[string][]string{
	"github.com/robotsdfa/robotsdfa/beam": {
		"github.com/apache/beam/sdks/v2/*",
		"github.com/dgryski/go-farm", // identical bodies compiled once, by fingerprint
		"github.com/klauspost/compress/*",
		"github.com/robotsdfa/robotsdfa/compile", // the Compile transform
		"github.com/robotsdfa/robotsdfa/runtime",
		"github.com/robotsdfa/robotsdfa/store",
		"github.com/robotsdfa/robotsdfa/internal/frontier",
	},
	"github.com/robotsdfa/robotsdfa/beam/cmd/robotsdfa-beam": {
		"github.com/apache/beam/sdks/v2/*",
		"github.com/robotsdfa/robotsdfa/beam",
		"github.com/robotsdfa/robotsdfa/runtime",
		"github.com/robotsdfa/robotsdfa/store",
		"github.com/robotsdfa/robotsdfa/internal/agentchain",
		"github.com/robotsdfa/robotsdfa/internal/clobber",
		"github.com/robotsdfa/robotsdfa/internal/cmdline",
		"github.com/robotsdfa/robotsdfa/internal/counts",
		"github.com/robotsdfa/robotsdfa/internal/filekind",
		"github.com/robotsdfa/robotsdfa/internal/printable",
		"github.com/robotsdfa/robotsdfa/internal/robotsdir",
	},
}

// TestImportPolicy checks the module's packages' imports against
// beamImports; a package not in it fails.
func TestImportPolicy(t *testing.T) {
	// Each Go file stat'd, so that go test's cache, which does not see
	// what go list reads, reruns the test when one changes.
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, ".go") {
			_, err = os.Stat(path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	seen := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		allowed, ok := beamImports[fields[0]]
		if !ok {
			t.Errorf("package %s is not in the import table", fields[0])
			continue
		}
		seen++
		for _, imp := range fields[1:] {
			if first, _, _ := strings.Cut(imp, "/"); !strings.Contains(first, ".") {
				continue // the standard library
			}
			if !beamPermitted(allowed, imp) {
				t.Errorf("%s imports %s, which the import table does not allow", fields[0], imp)
			}
		}
	}
	if seen != len(beamImports) {
		t.Errorf("checked %d packages, the table holds %d", seen, len(beamImports))
	}
}

func beamPermitted(allowed []string, imp string) bool {
	for _, a := range allowed {
		if imp == a || (strings.HasSuffix(a, "/*") && strings.HasPrefix(imp, strings.TrimSuffix(a, "*"))) {
			return true
		}
	}
	return false
}
