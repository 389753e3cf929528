package robotsbeam

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/memfs"
	"github.com/stretchr/testify/require"
)

// TestStoreSharedByInstances: the DoFn instances of one process that ask
// for one store (a runner's bundles running at once) share one copy, one
// mapping and one cache; the last to give it back closes it; a file
// written at the path since is opened anew, beside the old one its
// holders keep; another cache bound is another store.
func TestStoreSharedByInstances(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "sample.store")
	run(t, "compile", "-robots-dir", "../testdata/corpus/robots", "-hosts", "../testdata/corpus/hosts.tsv", "-o", whole)
	b, err := os.ReadFile(whole)
	require.NoError(t, err)
	path := "memfs://robots/shared.store"
	memfs.Write(path, b)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	ctx := context.Background()
	const disallowed = "https://en.wikipedia.org/w/index.php?title=Special:Search"
	verdict := func(f *filterFn) string {
		var out []string
		require.NoError(t, f.ProcessElement(ctx, disallowed, func(s string) { out = append(out, s) }, func(string) {}))
		require.Len(t, out, 1)
		return out[0]
	}
	newFn := func(cache int64) *filterFn {
		f := &filterFn{Store: path, Tokens: []string{"googlebot"}, Verdicts: true, Missing: "allow", CacheBytes: cache}
		require.NoError(t, f.Setup(ctx))
		return f
	}

	a, b2 := newFn(0), newFn(0)
	require.Same(t, a.shared, b2.shared)
	require.Equal(t, 2, a.shared.refs)
	other := newFn(32 << 20)
	require.NotSame(t, a.shared, other.shared, "another cache bound")
	left, err := os.ReadDir(tmp)
	require.NoError(t, err)
	require.Empty(t, left, "no local copy outlives Setup")
	require.Equal(t, "disallowed\t"+disallowed, verdict(a))

	// A store written at the path since (here, one without the host) is
	// opened anew; the instances holding the old one keep answering from
	// it.
	empty := filepath.Join(dir, "empty.store")
	require.NoError(t, os.Mkdir(filepath.Join(dir, "none"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "none", "example.org.txt"), []byte("User-agent: *\nDisallow: /\n"), 0o644))
	run(t, "compile", "-robots-dir", filepath.Join(dir, "none"), "-o", empty)
	e, err := os.ReadFile(empty)
	require.NoError(t, err)
	memfs.Write(path, e)
	c := newFn(0)
	require.NotSame(t, a.shared, c.shared)
	require.Equal(t, "allowed\t"+disallowed, verdict(c))
	require.Equal(t, "disallowed\t"+disallowed, verdict(b2))

	old := a.shared.st
	require.NoError(t, a.Teardown())
	require.Equal(t, "disallowed\t"+disallowed, verdict(b2), "another instance holds the store")
	require.True(t, old.Has("en.wikipedia.org"))
	require.NoError(t, b2.Teardown())
	require.False(t, old.Has("en.wikipedia.org"), "the last holder closes it")
	for _, f := range []*filterFn{c, other} {
		require.NoError(t, f.Teardown())
	}
	openStores.Lock()
	for k := range openStores.m {
		require.NotEqual(t, path, k.path, "a store no instance holds is let go")
	}
	openStores.Unlock()

	// A local store replaced (written beside and renamed, as store.Writer
	// and compile do) is opened anew too; one that is not there fails
	// Setup naming it.
	local := filepath.Join(dir, "local.store")
	require.NoError(t, os.WriteFile(local, b, 0o644))
	d := &filterFn{Store: local, Tokens: []string{"googlebot"}, Verdicts: true, Missing: "allow"}
	require.NoError(t, d.Setup(ctx))
	require.NoError(t, os.WriteFile(local+".new", e, 0o644))
	require.NoError(t, os.Rename(local+".new", local))
	f := &filterFn{Store: local, Tokens: []string{"googlebot"}, Verdicts: true, Missing: "allow"}
	require.NoError(t, f.Setup(ctx))
	require.NotSame(t, d.shared, f.shared)
	require.Equal(t, "disallowed\t"+disallowed, verdict(d))
	require.Equal(t, "allowed\t"+disallowed, verdict(f))
	require.NoError(t, d.Teardown())
	require.NoError(t, f.Teardown())
	gone := &filterFn{Store: filepath.Join(dir, "gone.store"), Tokens: []string{"googlebot"}, Missing: "allow"}
	require.ErrorContains(t, gone.Setup(ctx), "robotsdfa: store "+filepath.Join(dir, "gone.store")+": ")
}

// TestStoreSharedConcurrently: instances set up and torn down at once,
// as a runner's bundles are, all answer from one store, and once the last
// is torn down none is held (run under -race by CI).
func TestStoreSharedConcurrently(t *testing.T) {
	whole := filepath.Join(t.TempDir(), "sample.store")
	run(t, "compile", "-robots-dir", "../testdata/corpus/robots", "-hosts", "../testdata/corpus/hosts.tsv", "-o", whole)
	ctx := context.Background()
	const instances = 16
	fns := make([]*filterFn, instances)
	errs := make(chan error, instances)
	for i := range fns {
		fns[i] = &filterFn{Store: whole, Tokens: []string{"googlebot"}, Verdicts: true, Missing: "allow"}
		go func() { errs <- fns[i].Setup(ctx) }()
	}
	for range fns {
		require.NoError(t, <-errs)
	}
	for _, f := range fns[1:] {
		require.Same(t, fns[0].shared, f.shared)
	}
	st := fns[0].shared.st
	for _, f := range fns {
		go func() {
			var out []string
			err := f.ProcessElement(ctx, "https://en.wikipedia.org/wiki/Go", func(s string) { out = append(out, s) }, func(string) {})
			if err == nil && (len(out) != 1 || out[0] != "allowed\thttps://en.wikipedia.org/wiki/Go") {
				err = fmt.Errorf("got %q", out)
			}
			if err == nil {
				err = f.Teardown()
			}
			errs <- err
		}()
	}
	for range fns {
		require.NoError(t, <-errs)
	}
	require.False(t, st.Has("en.wikipedia.org"), "closed by the last instance")
}
