package runtime_test

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/automaton"
	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/reference"
	"github.com/robotsdfa/robotsdfa/runtime"
)

var updateBlobs = flag.Bool("updateblobs", false, "write testdata/blobs/v<current version> (only when the format version is new)")

// keptBlobs are the corpus files whose blobs testdata/blobs/vN keeps, with
// the mode they were compiled in.
var keptBlobs = []struct {
	file string
	mode compile.Mode
}{
	{"www.facebook.com__ropensci.txt", compile.Google},
	{"www.orbitz.com.txt", compile.Google},
	{"www.bgsu.edu.txt", compile.RFC9309},
}

var keptPaths = []string{"/", "/index.html", "/search?q=a", "/ajax/x", "/private/", "/checkout", "/wp-admin/", "/a/b/c.php?id=1", "/%7Euser", "/robots.txt"}

// TestKeptBlobs: blobs written by an earlier build of the current format
// version still load and give the answers recorded when they were written
// (cases.tsv), which are the reference's answers; blobs of every older
// version are refused with ErrVersion, never misread.
func TestKeptBlobs(t *testing.T) {
	dirs, err := filepath.Glob("../testdata/blobs/v*")
	if err != nil {
		t.Fatal(err)
	}
	current := fmt.Sprintf("../testdata/blobs/v%d", automaton.Version)
	if *updateBlobs {
		if err := os.MkdirAll(current, 0o755); err != nil {
			t.Fatal(err)
		}
		writeKeptBlobs(t, current)
		dirs = append(dirs, current)
	}
	seen := false
	for _, dir := range dirs {
		if dir == current {
			seen = true
			keptCurrent(t, dir)
			continue
		}
		blobs, _ := filepath.Glob(filepath.Join(dir, "*.blob"))
		if len(blobs) == 0 {
			t.Errorf("%s: no blobs", dir)
		}
		for _, b := range blobs {
			blob, err := os.ReadFile(b)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := runtime.Load(blob); !errors.Is(err, automaton.ErrVersion) {
				t.Errorf("%s: an old version's blob gave %v, want ErrVersion", b, err)
			}
		}
	}
	if !seen {
		t.Fatalf("no kept blobs of the current version %d", automaton.Version)
	}
}

func keptCurrent(t *testing.T, dir string) {
	cases, err := os.Open(filepath.Join(dir, "cases.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer cases.Close()
	loaded := map[string]*runtime.Robots{}
	n := 0
	sc := bufio.NewScanner(cases)
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 5 || strings.HasPrefix(f[0], "#") {
			continue
		}
		r, ok := loaded[f[0]]
		if !ok {
			blob, err := os.ReadFile(filepath.Join(dir, f[0]))
			if err != nil {
				t.Fatal(err)
			}
			if r, err = runtime.Load(blob); err != nil {
				t.Fatalf("%s: %v", f[0], err)
			}
			loaded[f[0]] = r
		}
		res := r.Agent(f[1]).Check(f[2])
		if got := fmt.Sprintf("%v\t%d", res.Allowed, res.Line); got != f[3]+"\t"+f[4] {
			t.Errorf("%s token %s url %s: got %s, recorded %s\t%s", f[0], f[1], f[2], got, f[3], f[4])
		}
		n++
	}
	if n == 0 {
		t.Fatal("no cases")
	}
}

func writeKeptBlobs(t *testing.T, dir string) {
	var cases strings.Builder
	cases.WriteString("# blob\ttoken\turl\tallowed\tline (written by: go test ./runtime -run KeptBlobs -updateblobs)\n")
	for _, k := range keptBlobs {
		body, err := os.ReadFile(filepath.Join("../testdata/corpus/robots", k.file))
		if err != nil {
			t.Fatal(err)
		}
		f := compile.Parse(body, compile.Options{Mode: k.mode})
		blob, err := f.CompileSet().AppendBinary(nil)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimSuffix(k.file, ".txt") + "." + strings.ToLower(k.mode.String()) + ".blob"
		if err := os.WriteFile(filepath.Join(dir, name), blob, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, tok := range []string{"googlebot", "bingbot", "other"} {
			for _, p := range keptPaths {
				u := "https://example.com" + p
				ref := reference.Check(f, []string{tok}, false, u)
				fmt.Fprintf(&cases, "%s\t%s\t%s\t%v\t%s\n", name, tok, u, ref.Allowed, strconv.Itoa(int(ref.Line)))
			}
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "cases.tsv"), []byte(cases.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
