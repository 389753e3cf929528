package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/klauspost/compress/zstd"
	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/counts"
	"github.com/robotsdfa/robotsdfa/internal/robotsdir"
	"github.com/robotsdfa/robotsdfa/internal/testexec"
	"github.com/robotsdfa/robotsdfa/store"
	"github.com/stretchr/testify/require"
)

// exe is the command; cli is robotsdfa, whose compile and filter it is
// held to.
var exe, cli string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "robotsdfa-beam-cmd")
	if err != nil {
		panic(err)
	}
	exe = filepath.Join(dir, "robotsdfa-beam")
	if out, err := exec.Command("go", "build", "-o", exe, ".").CombinedOutput(); err != nil {
		panic(string(out))
	}
	cli = filepath.Join(dir, "robotsdfa")
	if out, err := exec.Command("go", "build", "-o", cli, "github.com/robotsdfa/robotsdfa/cmd/robotsdfa").CombinedOutput(); err != nil {
		panic(string(out))
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// runCmd runs the command; it returns its exit code and standard error.
func runCmd(t *testing.T, args ...string) (int, string) {
	t.Helper()
	return runIn(t, "", args...)
}

// runIn runs the command in dir ("": this test's).
func runIn(t *testing.T, dir string, args ...string) (int, string) {
	t.Helper()
	var stderr bytes.Buffer
	cmd, stopped := testexec.Command(t, exe, args...)
	cmd.Dir, cmd.Stderr = dir, &stderr
	err := cmd.Run()
	if stopped() {
		t.Fatalf("%s: still running after %v; its goroutines when stopped:\n%s", testexec.Line(exe, args), testexec.Bound, stderr.String())
	}
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), stderr.String()
	}
	require.NoError(t, err, stderr.String())
	return 0, stderr.String()
}

// TestAgentAsGiven (google): -agent's tokens are compared as given, as
// robotsdfa filter compares them and Google's reference does: a token
// with a space before it is warned about and does not get googlebot's
// group, nor does one with a digit, which no group can be written for;
// an empty token in the chain is refused before any pipeline runs.
func TestAgentAsGiven(t *testing.T) {
	dir := t.TempDir()
	pack := hostStore(t, filepath.Join(dir, "h.store"), "User-agent: googlebot\nDisallow: /g\n", compile.Google)
	in := filepath.Join(dir, "in.txt")
	require.NoError(t, os.WriteFile(in, []byte("https://h.example/g\n"), 0o644))

	code, stderr := runCmd(t, "filter", "-pack", pack, "-agent", "googlebot,,other", "--output", filepath.Join(dir, "refused"), in)
	require.Equal(t, 2, code, stderr)
	require.Contains(t, stderr, `robotsdfa-beam filter: empty product token in agent "googlebot,,other"`)
	require.NoFileExists(t, filepath.Join(dir, "refused-00000-of-00001"))

	for agent, want := range map[string]struct{ verdict, warning string }{
		"googlebot":  {"disallowed", ""},
		" googlebot": {"allowed", `warning: product token " googlebot" has whitespace around it`},
		"googlebot2": {"allowed", `warning: product token "googlebot2" is not one RFC 9309 allows ([A-Za-z_-]+); it is compared as given, and in google mode it has no group of its own`},
	} {
		out := filepath.Join(dir, "out")
		code, stderr := runCmd(t, "filter", "-pack", pack, "-agent", agent, "-verdicts", "--shards", "1", "--output", out, in)
		require.Equal(t, 0, code, stderr)
		got, err := os.ReadFile(out + "-00000-of-00001")
		require.NoError(t, err)
		require.Equal(t, want.verdict+"\thttps://h.example/g\n", string(got), "agent %q", agent)
		if want.warning == "" {
			require.NotContains(t, stderr, "warning", "agent %q", agent)
		} else {
			require.Contains(t, stderr, want.warning, "agent %q", agent)
		}
	}
}

// TestCompileCommand: robotsdfa-beam compile makes, from a directory and
// its host table, and from JSON records of the same hosts' files, a store
// that answers the sample frontier as robotsdfa compile's does; filter
// -robots-dir compiles one beside its output first and writes filter's
// lines.
func TestCompileCommand(t *testing.T) {
	dir := t.TempDir()
	robots, hosts := "../../../testdata/corpus/robots", "../../../testdata/corpus/hosts.tsv"
	frontier := "../../../testdata/frontier/urls.txt.zst"
	cliStore := filepath.Join(dir, "cli.store")
	runCLI(t, "compile", "-robots-dir", robots, "-hosts", hosts, "-o", cliStore)
	want := runCLI(t, "filter", "-pack", cliStore, "-agent", "googlebot", "-explain", "-q", frontier)
	byHost, _, err := robotsdir.HostFiles(robots, hosts)
	require.NoError(t, err)

	fromDir := filepath.Join(dir, "dir.store")
	code, stderr := runCmd(t, "compile", "-o", fromDir, "-robots-dir", robots, "-hosts", hosts)
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stderr, "hosts_stored "+counts.Group3(len(byHost)))

	var records bytes.Buffer
	for host, name := range byHost {
		body, err := os.ReadFile(filepath.Join(robots, name))
		require.NoError(t, err)
		// A body that is not UTF-8 would lose bytes in a JSON string.
		field, value := "body", string(body)
		if !utf8.Valid(body) {
			field, value = "body_base64", base64.StdEncoding.EncodeToString(body)
		}
		line, err := json.Marshal(map[string]string{"host": host, field: value})
		require.NoError(t, err)
		records.Write(append(line, '\n', '\n'))
	}
	jsonl := filepath.Join(dir, "records.jsonl")
	require.NoError(t, os.WriteFile(jsonl, records.Bytes(), 0o644))
	fromRecords := filepath.Join(dir, "records.store")
	code, stderr = runCmd(t, "compile", "-o", fromRecords, jsonl)
	require.Equal(t, 0, code, stderr)

	for _, st := range []string{fromDir, fromRecords} {
		got := runCLI(t, "filter", "-pack", st, "-agent", "googlebot", "-explain", "-q", frontier)
		if got != want {
			w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
			for i := range min(len(w), len(g)) {
				if w[i] != g[i] {
					t.Fatalf("%s: line %d: %q, want %q", st, i+1, g[i], w[i])
				}
			}
			t.Fatalf("%s: %d lines, want %d", st, len(g), len(w))
		}
	}

	// Compressed shards, by --output's name, and the hosts to fetch next.
	out, todo := filepath.Join(dir, "out.zst"), filepath.Join(dir, "todo.txt")
	code, stderr = runCmd(t, "filter", "-robots-dir", robots, "-hosts", hosts, "-agent", "googlebot", "-explain", "--shards", "2", "-missing-hosts", todo, "--output", out, frontier)
	require.Equal(t, 0, code, stderr)
	verdictsOf := map[string]int{}
	for _, line := range strings.Split(strings.TrimSuffix(want, "\n"), "\n") {
		verdictsOf[strings.Split(line, "\t")[0]]++
	}
	require.Greater(t, verdictsOf["allowed"], 999)
	require.Contains(t, stderr, fmt.Sprintf("allowed %s, disallowed %s,", counts.Group3(verdictsOf["allowed"]), counts.Group3(verdictsOf["disallowed"])))
	cliTodo := filepath.Join(dir, "cli-todo.txt")
	runCLI(t, "filter", "-pack", cliStore, "-agent", "googlebot", "-q", "-o", os.DevNull, "-missing-hosts", cliTodo, frontier)
	wantTodo, err := os.ReadFile(cliTodo)
	require.NoError(t, err)
	require.NotEmpty(t, wantTodo)
	gotTodo, err := os.ReadFile(todo)
	require.NoError(t, err)
	require.Equal(t, string(wantTodo), string(gotTodo))
	require.FileExists(t, out+".store")
	var got []string
	for i := range 2 {
		f, err := os.Open(filepath.Join(dir, fmt.Sprintf("out-%05d-of-00002.zst", i)))
		require.NoError(t, err)
		defer f.Close()
		d, err := zstd.NewReader(f)
		require.NoError(t, err)
		b, err := io.ReadAll(d)
		d.Close()
		require.NoError(t, err)
		got = append(got, strings.SplitAfter(string(b), "\n")...)
	}
	wantLines := strings.SplitAfter(want, "\n")
	slices.Sort(got)
	slices.Sort(wantLines)
	require.Equal(t, slices.DeleteFunc(wantLines, func(s string) bool { return s == "" }), slices.DeleteFunc(got, func(s string) bool { return s == "" }))

	// A records line that is not a record fails the run, naming it.
	bad := filepath.Join(dir, "bad.jsonl")
	require.NoError(t, os.WriteFile(bad, []byte("{\"host\": \"a.example\"}\n"), 0o644))
	code, stderr = runCmd(t, "compile", "-o", filepath.Join(dir, "bad.store"), bad)
	require.NotEqual(t, 0, code)
	require.Contains(t, stderr, `not a {\"host\", \"body\" or \"body_base64\"} record`)
	require.NoFileExists(t, filepath.Join(dir, "bad.store"))
}

// hostStore writes a store at path holding h.example's robots.txt body,
// compiled in mode; it returns path.
func hostStore(t *testing.T, path, body string, mode compile.Mode) string {
	t.Helper()
	blob, err := compile.Compile([]byte(body), compile.Options{Mode: mode}).AppendBinary(nil)
	require.NoError(t, err)
	w, err := store.Create(path)
	require.NoError(t, err)
	require.NoError(t, w.Add("h.example", blob))
	require.NoError(t, w.Close())
	return path
}

// runCLI runs robotsdfa; it returns its standard output.
func runCLI(t *testing.T, args ...string) string {
	t.Helper()
	var out, stderr bytes.Buffer
	cmd, _ := testexec.Command(t, cli, args...)
	cmd.Stdout, cmd.Stderr = &out, &stderr
	require.NoError(t, cmd.Run(), stderr.String())
	return out.String()
}

// TestFlagsRefused: a flag of the other command, a -mode or -shards no
// pipeline runs with, -hosts without -robots-dir, a filter without its
// output, and a local input that names no file (which Beam would read as
// no lines, exit 0) are refused with exit 2 before any pipeline runs: nothing
// is written, not even the store filter -robots-dir compiles first.
func TestFlagsRefused(t *testing.T) {
	dir := t.TempDir()
	robots, hosts := "../../../testdata/corpus/robots", "../../../testdata/corpus/hosts.tsv"
	robots, err := filepath.Abs(robots)
	require.NoError(t, err)
	hosts, err = filepath.Abs(hosts)
	require.NoError(t, err)
	in := filepath.Join(dir, "in.txt")
	require.NoError(t, os.WriteFile(in, []byte("https://en.wikipedia.org/w/\n"), 0o644))
	out := filepath.Join(dir, "out")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"filter", "-robots-dir", robots, "-agent", "googlebot", "-o", out + ".store", "--output", out, in},
			"robotsdfa-beam filter: -o is a flag of robotsdfa-beam compile, not of filter"},
		{[]string{"compile", "-robots-dir", robots, "-agent", "googlebot", "-o", out + ".store"},
			"robotsdfa-beam compile: -agent is a flag of robotsdfa-beam filter, not of compile"},
		{[]string{"compile", "-robots-dir", robots, "--shards", "2", "-o", out + ".store"},
			"robotsdfa-beam compile: -shards is a flag of robotsdfa-beam filter, not of compile"},
		{[]string{"filter", "-robots-dir", robots, "-agent", "googlebot", "-mode", "RFC9309", "--output", out, in},
			`robotsdfa-beam filter: -mode is google or rfc, not "RFC9309"`},
		{[]string{"compile", "-robots-dir", robots, "-mode", "", "-o", out + ".store"},
			`robotsdfa-beam compile: -mode is google or rfc, not ""`},
		{[]string{"filter", "-pack", out + ".store", "-hosts", hosts, "-agent", "googlebot", "--output", out, in},
			"robotsdfa-beam filter: -hosts goes with -robots-dir"},
		{[]string{"filter", "-robots-dir", robots, "-agent", "googlebot", "-missing", "deny", "--output", out, in},
			`robotsdfa-beam filter: -missing is allow or disallow, not "deny"`},
		{[]string{"filter", "-robots-dir", robots, "-agent", "googlebot", "--shards", "0", "--output", out, in},
			"robotsdfa-beam filter: -shards is the number of output files, at least 1, not 0"},
		{[]string{"filter", "-robots-dir", robots, "-agent", "googlebot", "--shards", "1000000000000", "--output", out, in},
			"robotsdfa-beam filter: -shards is at most 99999 (five digits in a shard's name), not 1000000000000"},
		{[]string{"filter", "-robots-dir", robots, "-agent", "googlebot", in},
			"robotsdfa-beam filter: --output is required\n"},
		{[]string{"filter", "-robots-dir", robots, in},
			"robotsdfa-beam filter: -agent and --output are required\n"},
		{[]string{"filter", in},
			"robotsdfa-beam filter: -pack (or -robots-dir), -agent and --output are required\n"},
		{[]string{"filter", "-agent", "googlebot", "--output", out, in},
			"robotsdfa-beam filter: -pack (or -robots-dir) is required\n"},
		{[]string{"filter", "-robots-dir", robots, "-agent", "googlebot", "--output", out},
			"robotsdfa-beam filter: want at least one INPUT"},
		{[]string{"filter", "-robots-dir", robots, "-pack", out + ".store", "-agent", "googlebot", "--output", out, in},
			"robotsdfa-beam filter: want -pack or -robots-dir, not both"},
		{[]string{"filter", "-pack", dir, "-agent", "googlebot", "--output", out, in},
			"robotsdfa-beam filter: " + dir + ": is a directory, not a store"},
		{[]string{"filter", "-pack", out + ".nostore", "-agent", "googlebot", "--output", out, in},
			out + ".nostore: no such file or directory"},
		{[]string{"filter", "-robots-dir", robots, "-agent", "googlebot", "--output", out, in, filepath.Join(dir, "nosuch.txt")},
			"robotsdfa-beam filter: stat " + filepath.Join(dir, "nosuch.txt") + ": no such file or directory"},
		{[]string{"filter", "-robots-dir", robots, "-agent", "googlebot", "--output", out, filepath.Join(dir, "day-*.txt")},
			"robotsdfa-beam filter: INPUT " + filepath.Join(dir, "day-*.txt") + " matches no file"},
		{[]string{"compile", "-o", out + ".store", filepath.Join(dir, "records.jsonl")},
			"robotsdfa-beam compile: stat " + filepath.Join(dir, "records.jsonl") + ": no such file or directory"},
	} {
		code, stderr := runIn(t, dir, c.args...)
		require.Equal(t, 2, code, "%q: %s", c.args, stderr)
		require.Contains(t, stderr, c.want, "%q", c.args)
		entries, err := os.ReadDir(dir)
		require.NoError(t, err)
		require.Len(t, entries, 1, "%q wrote a file", c.args)
	}
}

// TestModeChecked: filter -mode is held to the mode a local store's
// robots.txt were compiled in, as robotsdfa filter -pack holds it, and
// the pipeline does not run with the other.
func TestModeChecked(t *testing.T) {
	dir := t.TempDir()
	pack := hostStore(t, filepath.Join(dir, "google.store"), "User-agent: *\nDisallow: /g\n", compile.Google)
	in := filepath.Join(dir, "in.txt")
	require.NoError(t, os.WriteFile(in, []byte("https://h.example/g\n"), 0o644))
	out := filepath.Join(dir, "out")

	code, stderr := runCmd(t, "filter", "-pack", pack, "-mode", "rfc", "-agent", "bot", "--output", out, in)
	require.Equal(t, 2, code, stderr)
	require.Contains(t, stderr, "robotsdfa-beam filter: "+pack+": its robots.txt were compiled in the other mode; -mode rfc does not apply to them")
	require.NoFileExists(t, out+"-00000-of-00004")

	// The store's own mode runs; -missing disallow disallows a host the
	// store does not hold.
	require.NoError(t, os.WriteFile(in, []byte("https://h.example/g\nhttps://none.example/g\n"), 0o644))
	code, stderr = runCmd(t, "filter", "-pack", pack, "-mode", "google", "-agent", "bot", "-verdicts", "-missing", "disallow", "--shards", "1", "--output", out, in)
	require.Equal(t, 0, code, stderr)
	got, err := os.ReadFile(out + "-00000-of-00001")
	require.NoError(t, err)
	require.ElementsMatch(t, []string{"disallowed\thttps://h.example/g", "disallowed\thttps://none.example/g"}, strings.Split(strings.TrimSuffix(string(got), "\n"), "\n"))

	// Without -mode, a store of either mode runs as it was compiled.
	rfcPack := hostStore(t, filepath.Join(dir, "rfc.store"), "User-agent: *\nDisallow: /g\n", compile.RFC9309)
	code, stderr = runCmd(t, "filter", "-pack", rfcPack, "-agent", "bot", "-verdicts", "--shards", "1", "--output", out, in)
	require.Equal(t, 0, code, stderr)
}

// TestCompileDirectoryAsCommandLine: robotsdfa-beam compile reads a
// directory's files as robotsdfa compile does: a host's file spelt
// otherwise (capitals, an IPv6 host's '_'), its own name winning over
// another spelling, and a warning naming the entries that are no host's.
func TestCompileDirectoryAsCommandLine(t *testing.T) {
	dir := t.TempDir()
	robots := filepath.Join(dir, "robots")
	require.NoError(t, os.Mkdir(robots, 0o755))
	for name, body := range map[string]string{
		"Spelt.example.txt": "user-agent: *\ndisallow: /\n",
		"own.example.txt":   "user-agent: *\ndisallow: /a\n",
		"Own.example.txt":   "user-agent: *\ndisallow: /b\n",
		"[__1]_8080.txt":    "user-agent: *\ndisallow: /c\n",
		"notes.md":          "",
	} {
		require.NoError(t, os.WriteFile(filepath.Join(robots, name), []byte(body), 0o644))
	}
	cliPack, beamStore := filepath.Join(dir, "cli.pack"), filepath.Join(dir, "beam.store")
	runCLI(t, "compile", "-robots-dir", robots, "-o", cliPack)
	code, stderr := runCmd(t, "compile", "-robots-dir", robots, "-o", beamStore)
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stderr, `robotsdfa-beam compile: warning: `+robots+`: 2 entries not read as a host's robots.txt: "Own.example.txt" (host own.example's file is also own.example.txt, read instead), "notes.md" (not a <host>.txt file)`)
	frontier := filepath.Join(dir, "urls.txt")
	require.NoError(t, os.WriteFile(frontier, []byte("https://spelt.example/x\nhttps://own.example/a\nhttps://own.example/b\nhttp://[::1]:8080/c\n"), 0o644))
	want := "disallowed\thttps://spelt.example/x\ndisallowed\thttps://own.example/a\nallowed\thttps://own.example/b\ndisallowed\thttp://[::1]:8080/c\n"
	require.Equal(t, want, runCLI(t, "filter", "-pack", cliPack, "-agent", "bot", "-verdicts", frontier))
	require.Equal(t, want, runCLI(t, "filter", "-pack", beamStore, "-agent", "bot", "-verdicts", frontier))
}

// TestTemporaryDirectoryLeftEmpty: a run on the default runner (Prism, in
// loopback mode) leaves nothing in the temporary directory; Beam itself
// leaves an empty file there at each pipeline run.
func TestTemporaryDirectoryLeftEmpty(t *testing.T) {
	dir, tmp := t.TempDir(), t.TempDir()
	pack := hostStore(t, filepath.Join(dir, "h.store"), "User-agent: *\nDisallow: /p\n", compile.Google)
	in := filepath.Join(dir, "in.txt")
	require.NoError(t, os.WriteFile(in, []byte("https://h.example/p\nhttps://h.example/q\n"), 0o644))
	var stderr bytes.Buffer
	cmd, _ := testexec.Command(t, exe, "filter", "-pack", pack, "-agent", "googlebot", "--output", filepath.Join(dir, "out"), in)
	cmd.Env, cmd.Stderr = append(os.Environ(), tempVariable()+"="+tmp), &stderr
	require.NoError(t, cmd.Run(), stderr.String())
	left, err := os.ReadDir(tmp)
	require.NoError(t, err)
	require.Empty(t, left)
}

// TestHelp: -h shows a command's synopsis and its own flags before Beam's
// pipeline flags, and not the other command's, exiting 0 with nothing
// written.
func TestHelp(t *testing.T) {
	for cmd, own := range ownFlags {
		dir := t.TempDir()
		code, stderr := runIn(t, dir, cmd, "-mode", "rfc", "-h")
		require.Equal(t, 0, code, stderr)
		require.True(t, strings.HasPrefix(stderr, "usage: robotsdfa-beam "+cmd+" "), stderr)
		require.Contains(t, stderr, "\n\nflags of robotsdfa-beam "+cmd+" (anywhere on the line; -- ends them):\n")
		beams := strings.Index(stderr, "\nBeam's pipeline flags")
		require.Positive(t, beams, stderr)
		for _, name := range own {
			at := strings.Index(stderr, "\n  -"+name+" ")
			if at < 0 {
				at = strings.Index(stderr, "\n  -"+name+"\n")
			}
			require.True(t, at > 0 && at < beams, "-%s among %s's own flags:\n%s", name, cmd, stderr)
		}
		require.Greater(t, strings.Index(stderr, "\n  -runner "), beams)
		require.Contains(t, stderr, `(default "google")`, "the default, not the value given")
		for other, names := range ownFlags {
			for _, name := range names {
				if other != cmd && !slices.Contains(own, name) {
					require.NotContains(t, stderr, "\n  -"+name+" ", "%s's flag -%s", other, name)
					require.NotContains(t, stderr, "\n  -"+name+"\n", "%s's flag -%s", other, name)
				}
			}
		}
		entries, err := os.ReadDir(dir)
		require.NoError(t, err)
		require.Empty(t, entries)
	}
}

// TestFlagsAnywhere: as robotsdfa's, the command's flags (and Beam's) may
// follow its inputs, and "--" ends them, so that an input may begin with
// '-'.
func TestFlagsAnywhere(t *testing.T) {
	dir := t.TempDir()
	pack := hostStore(t, filepath.Join(dir, "h.store"), "User-agent: googlebot\nDisallow: /g\n", compile.Google)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "in.txt"), []byte("https://h.example/g\nhttps://h.example/a\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "-odd.txt"), []byte("https://h.example/b\n"), 0o644))
	code, stderr := runIn(t, dir, "filter", "in.txt", "-pack", pack, "-agent", "googlebot", "--runner", "direct",
		"-verdicts", "--output", "out", "--shards", "1", "--", "-odd.txt")
	require.Equal(t, 0, code, stderr)
	got, err := os.ReadFile(filepath.Join(dir, "out-00000-of-00001"))
	require.NoError(t, err)
	require.ElementsMatch(t, []string{"disallowed\thttps://h.example/g", "allowed\thttps://h.example/a", "allowed\thttps://h.example/b"},
		strings.Split(strings.TrimSuffix(string(got), "\n"), "\n"))
}

// TestEmptyInput: an input with no line runs, writes empty shards and says
// that nothing was read, rather than a summary with nothing after its
// colon.
func TestEmptyInput(t *testing.T) {
	dir := t.TempDir()
	pack := hostStore(t, filepath.Join(dir, "h.store"), "User-agent: *\nDisallow: /g\n", compile.Google)
	in := filepath.Join(dir, "empty.txt")
	require.NoError(t, os.WriteFile(in, nil, 0o644))
	code, stderr := runCmd(t, "filter", "-pack", pack, "-agent", "bot", "--shards", "1", "--output", filepath.Join(dir, "out"), in)
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stderr, "robotsdfa-beam filter: nothing read\n")
	got, err := os.ReadFile(filepath.Join(dir, "out-00000-of-00001"))
	require.NoError(t, err)
	require.Empty(t, got)
}

// TestLogLevel: on the local runners Beam's INFO lines are left out by
// default, so that the summary is what a run prints; -log-level brings
// them back, and a level Beam does not know is refused before any
// pipeline runs.
func TestLogLevel(t *testing.T) {
	dir := t.TempDir()
	pack := hostStore(t, filepath.Join(dir, "h.store"), "User-agent: *\nDisallow: /g\n", compile.Google)
	in := filepath.Join(dir, "in.txt")
	require.NoError(t, os.WriteFile(in, []byte("https://h.example/g\nhttps://h.example/a\n"), 0o644))
	args := []string{"filter", "-pack", pack, "-agent", "bot", "--shards", "1", "--output", filepath.Join(dir, "out"), in}
	summary := "robotsdfa-beam filter: allowed 1, disallowed 1, hosts_in_store 1\n"
	for _, runner := range []string{"", "prism", "direct"} {
		a := args
		if runner != "" {
			a = append(a, "--runner", runner)
		}
		code, stderr := runCmd(t, a...)
		require.Equal(t, 0, code, stderr)
		require.Equal(t, summary, stderr, "runner %q", runner)
		code, stderr = runCmd(t, append(a, "-log-level", "info")...)
		require.Equal(t, 0, code, stderr)
		require.Contains(t, stderr, "level=INFO", "runner %q", runner)
		require.True(t, strings.HasSuffix(stderr, summary), stderr)
	}
	code, stderr := runCmd(t, append(args, "-log-level", "loud")...)
	require.Equal(t, 2, code)
	require.Contains(t, stderr, `robotsdfa-beam filter: -log-level is debug, info, warn or error, not "loud"`)
	require.NotContains(t, stderr, "level=")
}
