package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/robotsdfa/robotsdfa/bench/workload"
	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/stretchr/testify/require"
)

// TestBench: bench's table and compile report on the sample, each figure
// held to what it is made of: checks/s to ns/check, ns per URL byte to the
// workload's URL bytes (summed here), no allocation; the blob sizes to the
// files compiled here, their median ratio recomputed.
func TestBench(t *testing.T) {
	r := robotsdfa(t, nil, "bench", "-corpus", repo("testdata"), "-time", "1ms")
	require.Equal(t, exitOK, r.code, r.stderr)
	c, err := workload.Open(repo("testdata"))
	require.NoError(t, err)
	out := lines(r.stdout)
	require.Equal(t, "corpus: "+c.Name+"; agent googlebot; google mode", out[0])
	rows := 0
	for _, l := range out {
		f := strings.Fields(l)
		if len(f) != 7 || !slices.Contains(workload.Names, f[0]) {
			continue
		}
		rows++
		w, err := c.Workload(f[0], "googlebot", compile.Google)
		require.NoError(t, err)
		urlBytes := 0
		for _, q := range w.Queries {
			urlBytes += len(q.URL)
		}
		require.Equal(t, strconv.Itoa(len(w.Queries)), f[1], l)
		require.Equal(t, strconv.Itoa(w.Files), f[2], l)
		ns := number(t, f[3])
		// ns/check is printed to 0.1 ns, checks/s truncated to a whole
		// number (a relative error of up to ns/1e9: 0.25% when a loaded
		// machine stalls a 1 ms run's check to 2.5 ms), ns per URL byte to
		// 0.01.
		require.InEpsilon(t, 1e9/ns, number(t, strings.ReplaceAll(f[4], ",", "")), 0.05/ns+ns/1e9+1e-6, l)
		require.Equal(t, "0", f[5], l)
		perByte := ns * float64(len(w.Queries)) / float64(urlBytes)
		require.InDelta(t, perByte, number(t, f[6]), 0.005+perByte*0.05/ns, l)
	}
	require.Equal(t, len(workload.Names), rows, r.stdout)

	files, err := c.Files()
	require.NoError(t, err)
	var ratios []float64
	robotsBytes, blobBytes := 0, 0
	for _, name := range files {
		body, err := os.ReadFile(filepath.Join(c.Robots, name))
		require.NoError(t, err)
		blob, err := compile.Compile(body, compile.Options{}).AppendBinary(nil)
		require.NoError(t, err)
		robotsBytes += len(body)
		blobBytes += len(blob)
		if len(body) != 0 {
			ratios = append(ratios, float64(len(blob))/float64(len(body)))
		}
	}
	sort.Float64s(ratios)
	prefix := fmt.Sprintf("compile (parse + compile + serialise), %d files, one core: ", len(files))
	times := out[len(out)-2]
	require.True(t, strings.HasPrefix(times, prefix), times)
	f := strings.Fields(strings.ReplaceAll(times[len(prefix):], ",", ""))
	require.Equal(t, []string{"median", "p99", "max", "total"}, []string{f[0], f[2], f[4], f[6]}, times)
	median, p99, longest, total := duration(t, f[1]), duration(t, f[3]), duration(t, f[5]), duration(t, f[7])
	require.True(t, 0 < median && median <= p99 && p99 <= longest && longest <= total, times)
	require.Contains(t, r.stdout, fmt.Sprintf("blob bytes / robots.txt bytes: median %.2f, p99 %.2f; all files %d → %d bytes\n",
		ratios[len(ratios)/2], ratios[len(ratios)*99/100], robotsBytes, blobBytes))

	// An empty robots.txt has no ratio: the median and p99 are the other
	// file's; a workload the corpus cannot give is named and skipped.
	tiny := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(tiny, "corpus", "robots"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(tiny, "corpus", "hosts.tsv"), nil, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(tiny, "corpus", "robots", "a.txt"), nil, 0o644))
	body := []byte("user-agent: *\ndisallow: /x\n")
	require.NoError(t, os.WriteFile(filepath.Join(tiny, "corpus", "robots", "b.txt"), body, 0o644))
	blob, err := compile.Compile(body, compile.Options{}).AppendBinary(nil)
	require.NoError(t, err)
	ratio := float64(len(blob)) / float64(len(body))
	r = robotsdfa(t, nil, "bench", "-corpus", tiny, "-time", "1ms")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stdout, "urls.txt.zst: no such file")
	require.Contains(t, r.stdout, fmt.Sprintf("blob bytes / robots.txt bytes: median %.2f, p99 %.2f; all files %d → ", ratio, ratio, len(body)))

	r = robotsdfa(t, nil, "bench", "-corpus", t.TempDir())
	require.Equal(t, exitProblem, r.code)
}

func number(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	require.NoError(t, err, s)
	return v
}

func duration(t *testing.T, s string) time.Duration {
	t.Helper()
	d, err := time.ParseDuration(s)
	require.NoError(t, err, s)
	return d
}
