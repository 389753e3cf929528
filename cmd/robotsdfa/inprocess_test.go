package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/robotsdfa/robotsdfa/bench/workload"
	"github.com/stretchr/testify/require"
)

// TestFilterInProcess runs filter's pipeline inside the test process, so
// that the race detector (CI runs this under -race) sees the reader, the
// workers, the shared host cache and the writer: several workers, a
// directory of robots.txt files loaded concurrently, output in order.
// Chunks of 4 KiB cut the input into about 160, so that every worker is
// busy and the writer puts chunks back in order.
func TestFilterInProcess(t *testing.T) {
	defer func(size int) { chunkSize = size }(chunkSize)
	chunkSize = 4 << 10
	// The frontier's URLs on hosts with small files (compiling the big
	// ones under the race detector takes minutes), as a directory of
	// <host>.txt files.
	hosts, err := workload.ReadHosts(sampleHosts)
	require.NoError(t, err)
	dir := t.TempDir()
	var base []string
	small := map[string]bool{}
	for _, u := range sampleFrontier(t) {
		key, ok := appendHostKey(nil, []byte(u))
		require.True(t, ok)
		ok, seen := small[string(key)]
		if !seen {
			body, err := os.ReadFile(filepath.Join(sampleRobots, hosts[string(key)]))
			ok = err == nil && len(body) <= 2<<10
			if ok {
				require.NoError(t, os.WriteFile(filepath.Join(dir, string(key)+".txt"), body, 0o644))
			}
			small[string(key)] = ok
		}
		if ok {
			base = append(base, u)
		}
	}
	require.Greater(t, len(base), 1000)
	in := strings.Join(base, "\n") + "\n"
	require.Greater(t, len(in)/chunkSize, 100, "chunks")
	run1 := func(workers string) string {
		var out, errb bytes.Buffer
		e := &env{stdin: strings.NewReader(in), stdout: &out, stderr: &errb}
		code := run(e, []string{"filter", "-robots-dir", dir, "-agent", "googlebot", "-verdicts", "-workers", workers})
		require.Equal(t, exitOK, code, errb.String())
		return out.String()
	}
	one, four, seven := run1("1"), run1("4"), run1("7")
	require.Equal(t, one, four)
	require.Equal(t, one, seven)
	got := lines(four)
	require.Len(t, got, len(base))
	for i, l := range got {
		require.True(t, strings.HasSuffix(l, "\t"+base[i]), "line %d: %q", i+1, l)
	}

	// The same from a pack of the directory, with the hosts met counted
	// in the set the workers share and a frontier line of a host the pack
	// lacks in every chunk: the same lines, counts and missing hosts (a
	// few to a run written out, so that the workers write runs while
	// others add keys).
	defer func(b int) { runBytes = b }(runBytes)
	runBytes = 100
	pack := filepath.Join(t.TempDir(), "x.pack")
	var errb bytes.Buffer
	require.Equal(t, exitOK, run(&env{stdout: io.Discard, stderr: &errb}, []string{"compile", "-robots-dir", dir, "-o", pack}), errb.String())
	var mixed []string
	for i, u := range base {
		mixed = append(mixed, u, fmt.Sprintf("https://none%d.example/x", i%50))
	}
	packIn := strings.Join(mixed, "\n") + "\n"
	runPack := func(workers string) (string, string, string) {
		var out, errb bytes.Buffer
		missing := filepath.Join(t.TempDir(), "missing.txt")
		e := &env{stdin: strings.NewReader(packIn), stdout: &out, stderr: &errb}
		code := run(e, []string{"filter", "-pack", pack, "-agent", "googlebot", "-verdicts", "-missing-hosts", missing, "-workers", workers})
		require.Equal(t, exitOK, code, errb.String())
		hosts, err := os.ReadFile(missing)
		require.NoError(t, err)
		summary := lines(errb.String())
		return out.String(), string(hosts), regexp.MustCompile(`[0-9,]+ hosts: .*? not`).FindString(summary[len(summary)-1])
	}
	pOne, hOne, sOne := runPack("1")
	for _, w := range []string{"4", "7"} {
		p, h, sum := runPack(w)
		require.Equal(t, pOne, p, w)
		require.Equal(t, hOne, h, w)
		require.Equal(t, sOne, sum, w)
	}
	require.Len(t, lines(hOne), 50)
	require.NotEmpty(t, sOne)
	for i, l := range lines(pOne) {
		if i%2 == 0 {
			require.Equal(t, got[i/2], l)
		}
	}
}

// TestFilterProgress: -progress writes progress lines where standard
// error is not a terminal, with the share of the input's bytes and an
// estimate of the time left; -q writes nothing at all, not even the
// unusable lines' reports.
func TestFilterProgress(t *testing.T) {
	defer func(d time.Duration) { progressEvery = d }(progressEvery)
	progressEvery = time.Millisecond
	var in strings.Builder
	for range 4 {
		for _, u := range sampleFrontier(t) {
			in.WriteString(u + "\n")
		}
	}
	in.WriteString("not a url\n")
	input := filepath.Join(t.TempDir(), "urls.txt")
	require.NoError(t, os.WriteFile(input, []byte(in.String()), 0o644))
	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb}
	code := run(e, []string{"filter", "-robots-dir", sampleRobots, "-hosts", sampleHosts, "-agent", "googlebot", "-progress", "-workers", "1", input})
	require.Equal(t, exitOK, code, errb.String())
	progress := regexp.MustCompile(`^robotsdfa filter: [\d,]+ lines, ([\d.]+) MB of ([\d.]+) MB \((\d+)%\), [\d,]+ lines/s(, about \d+s left)?$`)
	n := 0
	var read, pct float64 // the input read so far, never less than before
	for _, l := range lines(errb.String()) {
		if strings.HasPrefix(l, "robotsdfa filter: ") && strings.Contains(l, " MB of ") {
			m := progress.FindStringSubmatch(l)
			require.NotNil(t, m, l)
			mb, _ := strconv.ParseFloat(m[1], 64)
			size, _ := strconv.ParseFloat(m[2], 64)
			p, _ := strconv.ParseFloat(m[3], 64)
			require.InDelta(t, float64(len(in.String()))/1e6, size, 0.05, l)
			require.True(t, mb >= read && p >= pct && mb <= size && p <= 100, l)
			read, pct = mb, p
			n++
		}
	}
	require.Greater(t, n, 0, errb.String())
	require.Greater(t, read, 0.0, "the bytes read are counted: %s", errb.String())
	require.Contains(t, errb.String(), "not a url")

	out.Reset()
	errb.Reset()
	code = run(e, []string{"filter", "-robots-dir", sampleRobots, "-hosts", sampleHosts, "-agent", "googlebot", "-q", "-progress", input})
	require.Equal(t, exitOK, code)
	require.Empty(t, errb.String())
	require.NotEmpty(t, out.String())
}

// A progress line's figures, from its counts, the inputs' size and the
// time so far.
func TestProgressLine(t *testing.T) {
	for _, c := range []struct {
		lines, bytes, total int64
		d                   time.Duration
		want                string
	}{
		{1_000_000, 25e6, 100e6, 2 * time.Second,
			"robotsdfa filter: 1,000,000 lines, 25.0 MB of 100.0 MB (25%), 500,000 lines/s, about 6s left"},
		{300, 75e6, 100e6, 3 * time.Second,
			"robotsdfa filter: 300 lines, 75.0 MB of 100.0 MB (75%), 100 lines/s, about 1s left"},
		// Size unknown: no share, no estimate.
		{10, 5e6, 0, time.Second, "robotsdfa filter: 10 lines, 5.0 MB, 10 lines/s"},
		// A share of 1% or less gives no estimate yet.
		{10, 1e6, 100e6, time.Second, "robotsdfa filter: 10 lines, 1.0 MB of 100.0 MB (1%), 10 lines/s"},
		{10, 1_000_001, 100e6, time.Second, "robotsdfa filter: 10 lines, 1.0 MB of 100.0 MB (1%), 10 lines/s, about 1m39s left"},
		// More read than the size said (a file that grew): 100%.
		{10, 120e6, 100e6, time.Second, "robotsdfa filter: 10 lines, 120.0 MB of 100.0 MB (100%), 10 lines/s, about 0s left"},
		// At the start: no rate.
		{0, 0, 100e6, 0, "robotsdfa filter: 0 lines, 0.0 MB of 100.0 MB (0%)"},
	} {
		p := &progressLine{total: c.total}
		p.lines.Store(c.lines)
		p.bytes.Store(c.bytes)
		require.Equal(t, c.want, p.line(c.d))
	}
}

// The inputs' size, for progress's share and estimate, is known only
// when every input is a regular file, standard input included: a pipe, a
// directory or an input that cannot be stat'ed makes it unknown (0).
func TestInputsSize(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "urls.txt")
	require.NoError(t, os.WriteFile(file, []byte("https://example.com/\n"), 0o644))
	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	defer w.Close()
	regular, err := os.Open(file)
	require.NoError(t, err)
	defer regular.Close()

	for _, c := range []struct {
		stdin io.Reader
		names []string
		want  int64
	}{
		{nil, []string{file}, 21},
		{nil, []string{file, file}, 42},
		{regular, []string{file, "-"}, 42},
		{r, []string{file, "-"}, 0},
		{strings.NewReader("x\n"), []string{"-"}, 0},
		{nil, []string{file, dir}, 0},
		{nil, []string{file, filepath.Join(dir, "missing.txt")}, 0},
	} {
		require.Equal(t, c.want, inputsSize(&env{stdin: c.stdin}, c.names), "%v", c.names)
	}
}
