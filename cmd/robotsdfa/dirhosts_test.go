package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
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
	// Each host without a robots.txt is its key alone, and is not looked
	// for again.
	require.Empty(t, p.m)
	require.Equal(t, n, p.gone.n)
	other := &worker{local: map[string]*target{}}
	for i := range 100 {
		require.Same(t, &missingTarget, p.target(fmt.Sprintf("https://h%d.example/y", i), other))
	}
	require.Equal(t, n, p.stats().missing, "none loaded again")
	keys := newKeyRuns(filepath.Join(dir, "todo.txt"))
	defer keys.close()
	p.addMissing(keys)
	require.Len(t, allKeys(t, keys), n)
}

// TestDirHostsConcurrent: workers asking for the same hosts at once (CI
// runs it under the race detector) each load a host once, and a host
// without a robots.txt moves to the set of keys once, whoever moved it.
func TestDirHostsConcurrent(t *testing.T) {
	dir := t.TempDir()
	for i := range 20 {
		require.NoError(t, os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%d.example.txt", i)), []byte("User-agent: *\nDisallow: /x\n"), 0o644))
	}
	p := newPerHost(dirLoader(dir, nil, nil, compile.Options{}, false, []string{"bot"}, false))
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			wk := &worker{local: map[string]*target{}}
			for range 3 {
				for i := range 200 {
					host := fmt.Sprintf("m%d.example", i)
					if i%10 == 0 {
						host = fmt.Sprintf("f%d.example", i/10)
					}
					tg := p.target("https://"+host+"/x", wk)
					require.Equal(t, i%10 != 0, tg.missing, host)
				}
				wk.local = map[string]*target{} // ask the shared hosts again
			}
		}()
	}
	wg.Wait()
	st := p.stats()
	require.Equal(t, []int{20, 180}, []int{st.found, st.missing})
	require.Equal(t, 180, p.gone.n)
	require.Len(t, p.m, 20)
}
