package runtime_test

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/reference"
	"github.com/robotsdfa/robotsdfa/runtime"
)

var updateBlobs = flag.Bool("updateblobs", false, "rewrite testdata/blobs/v1 (only when the format version is new)")

// keptBlobs are the corpus files whose blobs testdata/blobs/v1 keeps, with
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

// TestKeptBlobs: blobs written by an earlier build still load and give the
// answers recorded when they were written (cases.tsv), which are the
// reference's answers.
func TestKeptBlobs(t *testing.T) {
	dir := "../testdata/blobs/v1"
	if *updateBlobs {
		writeKeptBlobs(t, dir)
	}
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
		blob, err := compile.Compile(f, compile.CompileOptions{}).AppendBinary(nil)
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
