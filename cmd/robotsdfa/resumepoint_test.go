package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/stretchr/testify/require"
)

// TestFilterResumeAfterKill: a run killed at a random moment (SIGKILL:
// nothing said, the output cut anywhere) goes on with -resume, which
// works out from -o's file where it stopped: the output is then the
// uninterrupted run's exactly, and so is -missing-hosts' list, which the
// killed run never wrote. Plain (the allowed URLs alone, found in the
// input), with -verdicts, and compressed; and, as a kill may leave it,
// the full output cut at random bytes.
func TestFilterResumeAfterKill(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the binary some thirty times over a 260,000-line input")
	}
	dir := t.TempDir()
	sample, _ := tenfoldSample(t)
	// Two hosts without a robots.txt on the first lines alone (one line
	// ending in "\r\n"): a run that goes on past them lists them only by
	// looking them up again.
	body, err := os.ReadFile(sample)
	require.NoError(t, err)
	input := writeTemp(t, "urls.txt", append([]byte("https://gone1.example/a\r\nhttps://gone2.example/b\n"), body...))
	rng := rand.New(rand.NewSource(9))
	for _, tc := range []struct {
		verdicts bool
		name     string // -o's
	}{{false, "out.txt"}, {true, "out.txt"}, {false, "out.txt.zst"}} {
		args := []string{"filter", "-robots-dir", sampleRobots, "-hosts", sampleHosts, "-agent", "googlebot", "-workers", "2", input}
		if tc.verdicts {
			args = append(args, "-verdicts")
		}
		list := filepath.Join(dir, "missing.txt")
		args = append(args, "-missing-hosts", list)
		full := robotsdfa(t, nil, append(args, "-o", filepath.Join(dir, "full-"+tc.name))...)
		require.Equal(t, exitOK, full.code, full.stderr)
		want := readOutput(t, filepath.Join(dir, "full-"+tc.name))
		wantList, err := os.ReadFile(list)
		require.NoError(t, err)
		require.Len(t, lines(string(wantList)), 4, "the sample's hosts without a robots.txt, and the first lines'")
		// resumed checks -o and the list against the full run's.
		resumed := func(out, what string) {
			t.Helper()
			r := robotsdfa(t, nil, append(args, "-o", out, "-resume")...)
			require.Equal(t, exitOK, r.code, r.stderr)
			require.True(t, bytes.Equal(want, readOutput(t, out)), "%s, resumed: %s", what, r.stderr)
			got, err := os.ReadFile(list)
			require.NoError(t, err)
			require.Equal(t, string(wantList), string(got), "%s, resumed: %s", what, r.stderr)
		}
		killed, cut := 0, 0
		for run := 0; run < 8; run++ {
			out := filepath.Join(dir, tc.name)
			for _, f := range []string{out, list} {
				if err := os.Remove(f); !errors.Is(err, fs.ErrNotExist) {
					require.NoError(t, err, "the run before's output")
				}
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, exe, append(args, "-o", out)...)
			require.NoError(t, cmd.Start())
			waitForFile(t, out)
			time.Sleep(time.Duration(rng.Intn(150)) * time.Millisecond)
			cmd.Process.Kill()
			if cmd.Wait() != nil {
				killed++
			}
			if b, err := os.ReadFile(out); err == nil && len(b) > 0 && !tc.verdicts && tc.name == "out.txt" && b[len(b)-1] != '\n' {
				cut++
			}
			resumed(out, "killed")
		}
		require.Greater(t, killed, 0, "no run was killed: the input is too small for the delays")
		t.Logf("verdicts=%v -o %s: %d of 8 runs killed (%d cut inside a line)", tc.verdicts, tc.name, killed, cut)
		if tc.name != "out.txt" {
			continue // the marks: TestAppendMendsCutOutput
		}
		for range 4 {
			out := filepath.Join(dir, tc.name)
			require.NoError(t, os.WriteFile(out, want[:rng.Intn(len(want))], 0o644))
			require.NoError(t, os.Remove(list))
			resumed(out, "cut")
		}
	}
}

// TestFindOutput: a plain output's whole lines are found among the input
// lines in order, across inputs (a last line without its end counts), a
// '\r' before a line end dropped as filter drops it; a cut last output
// line is left out; a line not found is named.
func TestFindOutput(t *testing.T) {
	dir := t.TempDir()
	a := writeTemp(t, "a.txt", []byte("https://a.example/1\r\nhttps://a.example/2\nhttps://a.example/3"))
	b := writeTemp(t, "b.txt", []byte("https://b.example/1\n\nhttps://b.example/2\nhttps://b.example/3\n"))
	out := filepath.Join(dir, "out.txt")
	find := func(body string, inputs ...string) (int64, int64, error) {
		require.NoError(t, os.WriteFile(out, []byte(body), 0o644))
		return findOutput(&env{}, out, inputs)
	}
	for _, c := range []struct {
		body       string
		end, lines int64
	}{
		{"", 0, 0},
		{"https://a.example/1\n", 20, 1},
		{"https://a.example/1\nhttps://a.ex", 20, 1},
		{"https://a.example/2\n", 20, 2},
		{"https://a.example/3\n", 20, 3},
		{"https://a.example/1\nhttps://b.example/2\n", 40, 6},
		{"https://b.example/3\n", 20, 7},
	} {
		end, lines, err := find(c.body, a, b)
		require.NoError(t, err, c.body)
		require.Equal(t, []int64{c.end, c.lines}, []int64{end, lines}, c.body)
	}
	// A '\r' inside a line is kept, as filter keeps it.
	c := writeTemp(t, "c.txt", []byte("https://c.example/1\rx\nhttps://c.example/1\r\n"))
	end, lines, err := find("https://c.example/1\n", c)
	require.NoError(t, err)
	require.Equal(t, []int64{20, 2}, []int64{end, lines})
	_, _, err = find("https://a.example/2\nhttps://a.example/1\n", a, b)
	require.EqualError(t, err, `-resume: line 2 of `+out+`, "https://a.example/1", is not among the input lines after line 2: it is not this input's output (another input, -field, -agent or robots.txt?)`)
	_, _, err = find("https://a.example/1\n", "-")
	require.ErrorContains(t, err, "standard input cannot be read twice")
	end, lines, err = find("", "-")
	require.NoError(t, err, "nothing to find: the input is not read")
	require.Equal(t, []int64{0, 0}, []int64{end, lines})
}

// TestReadLineUpTo: a line longer than the bytes kept is read through,
// and never equals a line that short.
func TestReadLineUpTo(t *testing.T) {
	long := strings.Repeat("x", 100<<10)
	r := bufio.NewReaderSize(strings.NewReader("abc\r\n"+long+"\nabcd\nabc\r\r\nlast"), 16)
	var got []string
	for {
		line, ok, err := readLineUpTo(r, nil, 5)
		require.NoError(t, err)
		if !ok {
			break
		}
		got = append(got, string(line))
	}
	require.Equal(t, []string{"abc", "xxxxx", "abcd", "abc\r", "last"}, got)
}

// TestFilterResumeUsage: -resume wants a file to read, and works out
// -skip and -append itself; of a file that says nothing of the lines
// done it refuses, touching nothing; with no file yet it is a run from
// the start.
func TestFilterResumeUsage(t *testing.T) {
	dir := t.TempDir()
	input := writeTemp(t, "urls.txt", []byte("https://en.wikipedia.org/wiki/Go\nhttps://en.wikipedia.org/w/index.php?x\n"))
	args := []string{"filter", "-robots-dir", sampleRobots, "-hosts", sampleHosts, "-agent", "googlebot", "-resume"}
	for _, c := range []struct{ flags, want string }{
		{"", "-resume reads what -o's file holds: give -o a file"},
		{"-o -", "-resume reads what -o's file holds: give -o a file"},
		{"-o x.txt -skip 3", "-resume works out -skip and -append itself: give it alone"},
		{"-o x.txt -append", "-resume works out -skip and -append itself: give it alone"},
	} {
		r := robotsdfa(t, nil, append(append(args, strings.Fields(c.flags)...), input)...)
		require.Equal(t, exitProblem, r.code, c.flags)
		require.Contains(t, r.stderr, c.want, c.flags)
	}
	out := filepath.Join(dir, "out.txt")
	r := robotsdfa(t, nil, append(args, "-o", out, input)...)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.NotContains(t, r.stderr, "-resume")
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	require.Equal(t, "https://en.wikipedia.org/wiki/Go\n", string(got))
	r = robotsdfa(t, nil, append(args, "-o", out, input)...)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stderr, "-resume: "+out+" holds the output of the first 1 input line (33 bytes, to its last whole line): going on from line 2")
	got, err = os.ReadFile(out)
	require.NoError(t, err)
	require.Equal(t, "https://en.wikipedia.org/wiki/Go\n", string(got), "a finished run: nothing more")

	if _, err := os.Stat(os.DevNull); err == nil && os.DevNull == "/dev/null" {
		r = robotsdfa(t, nil, append(args, "-o", os.DevNull, input)...)
		require.Equal(t, exitProblem, r.code)
		require.Contains(t, r.stderr, "-resume: /dev/null is not a regular file: what it holds cannot be read back")
	}

	zst := filepath.Join(dir, "out.txt.zst")
	require.NoError(t, os.WriteFile(zst, []byte("not zstd\n"), 0o644))
	r = robotsdfa(t, nil, append(args, "-o", zst, input)...)
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "holds no mark of a whole frame")
	got, err = os.ReadFile(zst)
	require.NoError(t, err)
	require.Equal(t, "not zstd\n", string(got))
}

// TestFilterResumeSays: -resume's line says how many input lines are
// done, and where the run goes on, with digit groups as the summary has
// them; the run then ends with the output an uninterrupted run writes.
func TestFilterResumeSays(t *testing.T) {
	var urls strings.Builder
	for i := range 1500 {
		fmt.Fprintf(&urls, "https://en.wikipedia.org/wiki/%d\n", i)
	}
	input := writeTemp(t, "urls.txt", []byte(urls.String()))
	out := filepath.Join(t.TempDir(), "out.txt")
	args := []string{"filter", "-robots-dir", sampleRobots, "-hosts", sampleHosts, "-agent", "googlebot", "-verdicts", "-o", out}
	r := robotsdfa(t, nil, append(args, input)...)
	require.Equal(t, exitOK, r.code, r.stderr)
	whole, err := os.ReadFile(out)
	require.NoError(t, err)
	cut := 0
	for range 1200 {
		cut += bytes.IndexByte(whole[cut:], '\n') + 1
	}
	require.NoError(t, os.WriteFile(out, whole[:cut+5], 0o644)) // and a part of line 1,201
	r = robotsdfa(t, nil, append(args, "-resume", input)...)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stderr, fmt.Sprintf("-resume: %s holds the output of the first 1,200 input lines (%s, to its last whole line): going on from line 1,201\n", out, count(cut, "byte")))
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	require.Equal(t, string(whole), string(got))
}

// TestRelist: a line -resume passes over has its host looked up as the
// run would have looked it up: its URL without a '\r' before its end, or
// the -field that holds it, a line of exactly -max-line bytes included;
// not that of a line over -max-line, or without the field, or with a tab
// in its host without -field (the whole line is the URL), which the run
// reported unusable.
func TestRelist(t *testing.T) {
	p := newPerHost(dirLoader(t.TempDir(), nil, nil, compile.Options{}, false, []string{"bot"}, false))
	wk := &worker{src: p, ff: &filterFlags{maxLine: 40}, local: map[string]*target{}}
	wk.relist([]byte("https://a.example/x\r"))
	wk.relist([]byte("https://long.example/" + strings.Repeat("x", 20)))
	wk.relist([]byte("https://edge.example/" + strings.Repeat("x", 19) + "\r"))
	wk.relist([]byte("https://tab\tin.example/"))
	wk.ff.field = 2
	wk.relist([]byte("1\thttps://b.example/"))
	wk.relist([]byte("https://nofield.example/"))
	var got []string
	p.gone.each(func(k []byte) { got = append(got, string(k)) })
	slices.Sort(got)
	require.Equal(t, []string{"a.example", "b.example", "edge.example"}, got)
}

// TestClip: a line -resume names in its error is shown whole up to
// shownPrefix bytes, and cut with "..." only when longer.
func TestClip(t *testing.T) {
	at := strings.Repeat("x", shownPrefix)
	require.Equal(t, at, clip([]byte(at)))
	require.Equal(t, at+"...", clip([]byte(at+"y")))
}
