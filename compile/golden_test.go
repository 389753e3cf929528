package compile_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/robotsdfa/robotsdfa/automaton"
	"github.com/robotsdfa/robotsdfa/compile"
)

var update = flag.Bool("update", false, "rewrite the golden automaton dumps in testdata/golden")

// goldenGroups are small groups whose automata are kept as text dumps.
var goldenGroups = []struct {
	name string
	mode compile.Mode
	body string
}{
	{"prefix", compile.Google, "User-agent: *\nDisallow: /a\nAllow: /ab\n"},
	{"anchor", compile.Google, "User-agent: *\nAllow: /$\nDisallow: /\n"},
	{"star-suffix", compile.Google, "User-agent: *\nDisallow: /*.gif$\nAllow: /pub/\n"},
	{"tie", compile.Google, "User-agent: *\nAllow: /folder\nDisallow: /folder\n"},
	{"index-htm", compile.Google, "User-agent: *\nDisallow: /\nAllow: /d/index.html\n"},
	{"two-stars", compile.Google, "User-agent: *\nDisallow: /*a*b\nAllow: /x*\n"},
	{"empty-rule", compile.Google, "User-agent: *\nDisallow:\n"},
	{"disallow-star", compile.Google, "User-agent: *\nDisallow: *\nAllow: /ok$\n"},
	{"literal-dollar", compile.Google, "User-agent: *\nDisallow: /a$b\nDisallow: /c$$\n"},
	{"rfc-escapes", compile.RFC9309, "User-agent: *\nDisallow: /%7Ea\nDisallow: /b$c\nAllow: /%2A\n"},
	{"rfc-nul", compile.RFC9309, "User-agent: *\nDisallow: /a\x00b\n"},
	{"shared-prefix", compile.Google, "User-agent: *\nDisallow: /search\nDisallow: /sea*\nAllow: /search/about\nAllow: /se\n"},
}

func goldenProgram(t *testing.T, mode compile.Mode, body string) *automaton.Program {
	t.Helper()
	set := compile.Parse([]byte(body), compile.Options{Mode: mode}).CompileSet()
	if set.Global == automaton.NoRule {
		t.Fatalf("no global group in %q", body)
	}
	return set.Programs[set.Global]
}

// TestGoldenDumps: both. The automata of small groups, as text; run with
// -update to rewrite them after a deliberate change.
func TestGoldenDumps(t *testing.T) {
	for _, g := range goldenGroups {
		var buf bytes.Buffer
		if err := goldenProgram(t, g.mode, g.body).Dump(&buf); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("..", "testdata", "golden", g.name+".txt")
		if *update {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test ./compile -run Golden -update)", err)
		}
		if !bytes.Equal(buf.Bytes(), want) {
			t.Errorf("%s: dump differs from %s:\n%s", g.name, path, buf.String())
		}
	}
}
