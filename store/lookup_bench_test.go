package store_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/robotsdfa/robotsdfa/store"
	"github.com/stretchr/testify/require"
)

// BenchmarkHas: an index lookup, Has of hosts held and not held, among
// 20,000 (each call reads the mapped index; nothing is cached).
func BenchmarkHas(b *testing.B) {
	path := filepath.Join(b.TempDir(), "hosts.store")
	w, err := store.Create(path)
	require.NoError(b, err)
	blob, err := compileBody([]byte("User-agent: *\nDisallow: /x\n"))
	require.NoError(b, err)
	c, err := w.AddContent(blob)
	require.NoError(b, err)
	const n = 20_000
	hosts := make([]string, 2*n)
	for i := range hosts {
		hosts[i] = fmt.Sprintf("h%d.example", i)
		if i < n {
			require.NoError(b, w.PutHost(hosts[i], c))
		}
	}
	require.NoError(b, w.Close())
	st, err := store.Open(path, store.Options{})
	require.NoError(b, err)
	defer st.Close()
	b.ResetTimer()
	found := 0
	for i := range b.N {
		if st.Has(hosts[i%len(hosts)]) {
			found++
		}
	}
	b.StopTimer()
	want := b.N / len(hosts) * n
	if rest := b.N % len(hosts); rest > 0 {
		want += min(rest, n)
	}
	if found != want {
		b.Fatalf("%d of %d found, want %d", found, b.N, want)
	}
}
