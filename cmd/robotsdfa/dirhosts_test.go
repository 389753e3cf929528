package main

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/stretchr/testify/require"
)

// TestDirHostsBounded: with -robots-dir, hosts without a robots.txt share
// one target, and a worker's map of the hosts it met is emptied past
// maxLocalHosts (the shared map keeps every host, for the summary and
// -missing-hosts): a frontier of millions of hosts is not held once more
// per worker.
func TestDirHostsBounded(t *testing.T) {
	dir := t.TempDir()
	load := dirLoader(dir, nil, nil, compile.Options{}, false, []string{"bot"}, false)
	require.Same(t, &missingTarget, load("a.example"))
	require.Same(t, &missingTarget, load("b.example"))

	p := newPerHost(load)
	wk := &worker{local: map[string]*target{}}
	n := maxLocalHosts + 10
	for i := range n {
		tg := p.target(fmt.Sprintf("https://h%d.example/x", i), wk)
		require.Same(t, &missingTarget, tg)
		require.LessOrEqual(t, len(wk.local), maxLocalHosts)
	}
	require.Len(t, wk.local, 10, "emptied once, at the full map")
	require.Equal(t, n, p.stats().missing)
	keys := newKeyRuns(filepath.Join(dir, "todo.txt"))
	defer keys.close()
	p.addMissing(keys)
	require.Len(t, allKeys(t, keys), n)
}
