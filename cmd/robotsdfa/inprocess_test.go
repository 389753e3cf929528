package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
}
