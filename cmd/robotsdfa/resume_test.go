package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/internal/testexec"
	"github.com/stretchr/testify/require"
)

// An output that fails part way (a file size limit standing in for a
// full disk) loses no line: -o is cut back to the end of its last whole
// chunk, the run says how many input lines that holds and how to resume,
// and resuming as it says gives the full run's output and hosts lists
// exactly. On standard output, which cannot be cut back, it says how many
// of the bytes written are whole.
func TestFilterOutputFailsPartWay(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh for ulimit")
	}
	dir := t.TempDir()
	base := sampleFrontier(t)
	// Hosts without a robots.txt that only the first line names (the
	// resumed run does not see it, and -append keeps it in the list) and
	// only the last (the run cut short does not see it, and the resumed
	// run adds it).
	var in strings.Builder
	in.WriteString("https://first-line-only.example/\n")
	for range 10 {
		for _, u := range base {
			in.WriteString(u + "\n")
		}
	}
	in.WriteString("https://last-line-only.example/\n")
	input := writeTemp(t, "urls.txt", []byte(in.String()))
	args := []string{"filter", "-pack", samplePack(t), "-agent", "googlebot", "-verdicts", "-workers", "2"}
	full := filepath.Join(dir, "full.txt")
	fullHosts := filepath.Join(dir, "full.hosts")
	r := robotsdfa(t, nil, append(args, "-o", full, "-missing-hosts", fullHosts, input)...)
	require.Equal(t, exitOK, r.code, r.stderr)
	want, err := os.ReadFile(full)
	require.NoError(t, err)
	wantHosts, err := os.ReadFile(fullHosts)
	require.NoError(t, err)
	require.Contains(t, string(wantHosts), "first-line-only.example\n")
	require.Contains(t, string(wantHosts), "last-line-only.example\n")
	require.Greater(t, len(want), 8<<20, "an output the limit cuts")

	// limited runs the command under a file size limit of blocks (of 512
	// or 1024 bytes, as the shell counts them).
	// Standard output goes to a file, which the limit holds too.
	limited := func(blocks int, args ...string) (stdout []byte, stderr string, code int) {
		cmd, _ := testexec.Command(t, "sh", append([]string{"-c", `ulimit -f ` + strconv.Itoa(blocks) + ` && exec "$0" "$@"`, exe}, args...)...)
		o, err := os.Create(filepath.Join(dir, "stdout"))
		require.NoError(t, err)
		defer o.Close()
		var e bytes.Buffer
		cmd.Stdout, cmd.Stderr = o, &e
		cmd.Run()
		stdout, err = os.ReadFile(o.Name())
		require.NoError(t, err)
		return stdout, e.String(), cmd.ProcessState.ExitCode()
	}

	out := filepath.Join(dir, "out.txt")
	hosts := filepath.Join(dir, "out.hosts")
	// A list from an earlier run, which a run without -append replaces
	// even when its output stops.
	require.NoError(t, os.WriteFile(hosts, []byte("stale.example\n"), 0o644))
	_, stderr, code := limited(4096, append(args, "-o", out, "-missing-hosts", hosts, input)...)
	require.Equal(t, exitProblem, code, stderr)
	// That message alone: the hosts list is written without a word.
	m := regexp.MustCompile(`^\S+ filter: writing \S+out.txt: file too large: the first (\d+) input lines are done, their output written to \S+out.txt ` +
		`\(cut back to its last whole line\); once it can be written, run the same command with -skip (\d+) -append\n$`).FindStringSubmatch(stderr)
	require.NotNil(t, m, stderr)
	require.Equal(t, m[1], m[2])
	done, _ := strconv.Atoi(m[1])
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	require.Greater(t, done, 0)
	require.Less(t, done, 10*len(base)+1)
	require.Equal(t, done, bytes.Count(got, []byte{'\n'}), "-verdicts: a line out for each line done")
	require.True(t, bytes.HasPrefix(want, got), "the output is the full run's first lines")
	// The resumed run's output fails too, further on: -o is cut back to
	// what the first run left plus the second's whole lines.
	_, stderr, code = limited(8192, append(args, "-o", out, "-missing-hosts", hosts, "-skip", m[2], "-append", input)...)
	require.Equal(t, exitProblem, code, stderr)
	m = regexp.MustCompile(`the first (\d+) input lines are done, their output written to \S+out.txt ` +
		`\(cut back to its last whole line\); once it can be written, run the same command with -skip (\d+) -append\n$`).FindStringSubmatch(stderr)
	require.NotNil(t, m, stderr)
	more, _ := strconv.Atoi(m[1])
	require.Greater(t, more, done)
	got, err = os.ReadFile(out)
	require.NoError(t, err)
	require.Equal(t, more, bytes.Count(got, []byte{'\n'}), "the lines of both runs, whole")
	require.True(t, bytes.HasPrefix(want, got), "the output is the full run's first lines")
	r = robotsdfa(t, nil, append(args, "-o", out, "-missing-hosts", hosts, "-skip", m[2], "-append", input)...)
	require.Equal(t, exitOK, r.code, r.stderr)
	got, err = os.ReadFile(out)
	require.NoError(t, err)
	require.True(t, bytes.Equal(want, got), "resumed: %d bytes against %d", len(got), len(want))
	gotHosts, err := os.ReadFile(hosts)
	require.NoError(t, err)
	require.Equal(t, string(wantHosts), string(gotHosts), "-append merges the hosts lists")

	// Compressed (about 480 KB a frame here), under a limit of 512 KB or
	// 1 MB: cut back to its last whole frame, which decompresses to the
	// lines done, and resumed by adding frames.
	out = filepath.Join(dir, "out.txt.zst")
	_, stderr, code = limited(1024, append(args, "-o", out, input)...)
	require.Equal(t, exitProblem, code, stderr)
	m = regexp.MustCompile(`writing \S+out.txt.zst: file too large: the first (\d+) input lines are done, their output written to \S+out.txt.zst ` +
		`\(cut back to its last whole frame\); once it can be written, run the same command with -skip (\d+) -append\n`).FindStringSubmatch(stderr)
	require.NotNil(t, m, stderr)
	got = readOutput(t, out)
	done, _ = strconv.Atoi(m[1])
	require.Greater(t, done, 0)
	require.Less(t, done, 10*len(base)+1)
	require.Equal(t, done, bytes.Count(got, []byte{'\n'}))
	require.True(t, bytes.HasPrefix(want, got), "the output is the full run's first lines")
	r = robotsdfa(t, nil, append(args, "-o", out, "-skip", m[2], "-append", input)...)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.True(t, bytes.Equal(want, readOutput(t, out)), "resumed")

	// Standard output, the allowed URLs alone: chunks' output smaller than
	// the writer's buffer, so that the failure finds whole chunks in it.
	var allowed []string // the full run's, by input line
	for _, l := range lines(string(want)) {
		u, ok := strings.CutPrefix(l, "allowed\t")
		if !ok {
			u = ""
		}
		allowed = append(allowed, u)
	}
	stdout, stderr, code := limited(4096, append(args[:len(args)-3], "-workers", "2", input)...)
	require.Equal(t, exitProblem, code, stderr)
	m = regexp.MustCompile(`writing standard output: file too large: the first (\d+) input lines are done, their output written to standard output ` +
		`\(its first (\d+) bytes\); once it can be written, run the same command with -skip (\d+), adding its output to this one's \(>>\)\n`).FindStringSubmatch(stderr)
	require.NotNil(t, m, stderr)
	done, _ = strconv.Atoi(m[1])
	n, _ := strconv.Atoi(m[2])
	require.Equal(t, m[1], m[3])
	require.LessOrEqual(t, n, len(stdout))
	require.Greater(t, len(stdout), n, "the limit cut a line")
	var first strings.Builder
	for _, u := range allowed[:done] {
		if u != "" {
			first.WriteString(u + "\n")
		}
	}
	require.Equal(t, first.String(), string(stdout[:n]), "the first bytes are the first lines' output, whole")
}

// -append needs a file to add to, which must end in a whole line.
func TestFilterAppendUsage(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("user-agent: *\ndisallow: /private\n"))
	r := robotsdfa(t, []byte("https://example.com/a\n"), "filter", "-robots", robots, "-agent", "bot", "-append")
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "-append goes with -o or -missing-hosts")
	// With -o it adds to the file, which need not exist.
	out := filepath.Join(t.TempDir(), "out.txt")
	for range 2 {
		r = robotsdfa(t, []byte("https://example.com/a\nhttps://example.com/private\n"), "filter", "-robots", robots, "-agent", "bot", "-append", "-o", out)
		require.Equal(t, exitOK, r.code, r.stderr)
	}
	requireFile(t, out, []byte("https://example.com/a\nhttps://example.com/a\n"))
	// Not to a file whose last line has no end: the first line added
	// would be glued to it.
	cut := writeTemp(t, "cut.txt", []byte("https://example.com/a\nhttps://exa"))
	r = robotsdfa(t, []byte("https://example.com/a\n"), "filter", "-robots", robots, "-agent", "bot", "-append", "-o", cut)
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "-append: "+cut+" ends in a cut line")
	requireFile(t, cut, []byte("https://example.com/a\nhttps://exa"))
}

// A -skip past the input's end (a resume given another input) is warned
// about; one at its end is not (a run stopped after its last line).
func TestFilterSkipPastEnd(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("user-agent: *\ndisallow: /private\n"))
	input := writeTemp(t, "urls.txt", []byte("https://example.com/a\nhttps://example.com/b\nhttps://example.com/c\n"))
	r := robotsdfa(t, nil, "filter", "-robots", robots, "-agent", "bot", "-skip", "3", input)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Empty(t, r.stdout)
	require.NotContains(t, r.stderr, "warning")
	r = robotsdfa(t, nil, "filter", "-robots", robots, "-agent", "bot", "-skip", "4", input)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stderr, "warning: -skip 4 is past the end of the input, 3 lines: nothing was checked")
	r = robotsdfa(t, nil, "filter", "-q", "-robots", robots, "-agent", "bot", "-skip", "4", input)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Empty(t, r.stderr)
}

// A resumed run (-skip N) that stops before it has passed over its N
// lines says -skip N again, not the lines it had passed over: the run
// before it wrote the output of all N, and a smaller -skip would write
// some of them twice. Here its input fails part way (a cut file), and its
// output at once (a full disk).
func TestResumedRunStoppedWhileSkipping(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("user-agent: *\ndisallow: /private\n"))
	var text []byte
	for i := range 1000 {
		text = fmt.Appendf(text, "https://example.com/%d\n", i)
	}
	gz, err := gzipBytes(text)
	require.NoError(t, err)
	cut := writeTemp(t, "cut.gz", gz[:len(gz)/2])
	r := robotsdfa(t, nil, "filter", "-robots", robots, "-agent", "bot", "-skip", "900", "-o", filepath.Join(t.TempDir(), "out.txt"), "-append", cut)
	require.Equal(t, exitProblem, r.code, r.stderr)
	require.Contains(t, r.stderr, "the first 900 input lines are done")
	require.Contains(t, r.stderr, "run the same command with -skip 900 -append\n")

	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full here")
	}
	input := writeTemp(t, "urls.txt", text)
	r = robotsdfa(t, nil, "filter", "-robots", robots, "-agent", "bot", "-skip", "5", "-o", "/dev/full", input)
	require.Equal(t, exitProblem, r.code, r.stderr)
	require.Contains(t, r.stderr, "the first 5 input lines are done")
	require.Contains(t, r.stderr, "run the same command with -skip 5 -append\n")
}

// A plain -o that a hard stop cut inside a line (a kill can stop a write
// part way): written with -verdicts, its whole lines are its input
// lines', so -append names the -skip that resumes it and, given it, cuts
// the file back to its last whole line and goes on, with -q silently;
// written without, its lines are the allowed URLs alone and -append says
// so.
func TestAppendMendsCutPlainOutput(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "urls.txt")
	require.NoError(t, os.WriteFile(input, []byte(strings.Join(sampleFrontier(t), "\n")+"\n"), 0o644))
	args := func(out string, more ...string) []string {
		return append([]string{"filter", "-robots-dir", sampleRobots, "-hosts", sampleHosts, "-agent", "googlebot", "-o", out}, append(more, input)...)
	}
	for _, verdicts := range []bool{true, false} {
		var flags []string
		if verdicts {
			flags = []string{"-verdicts"}
		}
		out := filepath.Join(dir, fmt.Sprintf("out-%v.txt", verdicts))
		r := robotsdfa(t, nil, args(out, flags...)...)
		require.Equal(t, exitOK, r.code, r.stderr)
		want, err := os.ReadFile(out)
		require.NoError(t, err)
		cut := want[:len(want)/2]
		require.NotEqual(t, byte('\n'), cut[len(cut)-1])
		require.NoError(t, os.WriteFile(out, cut, 0o644))
		done := bytes.Count(cut, []byte{'\n'})

		r = robotsdfa(t, nil, args(out, append(flags, "-append")...)...)
		require.Equal(t, exitProblem, r.code, r.stderr)
		now, err := os.ReadFile(out)
		require.NoError(t, err)
		require.Equal(t, cut, now, "a refused run touches nothing")
		if !verdicts {
			require.Contains(t, r.stderr, "ends in a cut line (no line end after its last bytes): cut it back to its last line end first; its lines are the allowed URLs alone, which do not say how many input lines were done: run the same command with -resume in place of -skip and -append")
			r = robotsdfa(t, nil, args(out, "-resume")...)
			require.Equal(t, exitOK, r.code, r.stderr)
			now, err = os.ReadFile(out)
			require.NoError(t, err)
			require.True(t, bytes.Equal(want, now), "the resumed output is the uninterrupted one's")
			continue
		}
		require.Contains(t, r.stderr, fmt.Sprintf("was cut part way by a hard stop (killed, or the machine stopped); its whole lines hold the output of the first %s: run the same command with -skip %d -append", count(done, "input line"), done))
		r = robotsdfa(t, nil, args(out, append(flags, "-append", "-q", "-skip", fmt.Sprint(done))...)...)
		require.Equal(t, exitOK, r.code, r.stderr)
		require.Empty(t, r.stderr, "-q")
		now, err = os.ReadFile(out)
		require.NoError(t, err)
		require.True(t, bytes.Equal(want, now), "the resumed output is the uninterrupted one's")
	}
}
