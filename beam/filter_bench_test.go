package robotsbeam

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/bench/workload"
	"github.com/robotsdfa/robotsdfa/internal/testexec"
	"github.com/robotsdfa/robotsdfa/runtime"
)

// BenchmarkFilterFn: the pipeline's own per-URL work, the Filter DoFn's
// ProcessElement outside a runner, over the sample frontier (-verdicts,
// googlebot); ns/op is per line. "frontier" takes the lines in their
// order, "grouped" sorted by host (stably), as a host-sharded frontier
// comes. Beside it, filter's cost per line is BenchmarkFilter of
// cmd/robotsdfa.
func BenchmarkFilterFn(b *testing.B) {
	urls, err := workload.ReadLines("../testdata/frontier/urls.txt.zst")
	if err != nil {
		b.Fatal(err)
	}
	pack := filepath.Join(b.TempDir(), "sample.store")
	out, err := exec_(b, "compile", "-robots-dir", "../testdata/corpus/robots", "-hosts", "../testdata/corpus/hosts.tsv", "-o", pack)
	if err != nil {
		b.Fatal(out)
	}
	grouped := slices.Clone(urls)
	slices.SortStableFunc(grouped, func(x, y string) int {
		kx, _ := runtime.HostKey(x)
		ky, _ := runtime.HostKey(y)
		return strings.Compare(kx, ky)
	})
	for _, c := range []struct {
		name string
		urls []string
	}{{"frontier", urls}, {"grouped", grouped}} {
		b.Run(c.name, func(b *testing.B) {
			f := &filterFn{Store: pack, Tokens: []string{"googlebot"}, Verdicts: true, Missing: "allow"}
			ctx := context.Background()
			if err := f.Setup(ctx); err != nil {
				b.Fatal(err)
			}
			defer f.Teardown()
			n := 0
			emit := func(s string) { n += len(s) }
			for _, u := range c.urls { // every host loaded once, as a worker's steady state
				f.ProcessElement(ctx, u, emit, emit)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				f.ProcessElement(ctx, c.urls[i%len(c.urls)], emit, emit)
			}
			if n == 0 {
				b.Fatal("no output")
			}
		})
	}
}

func exec_(b *testing.B, args ...string) (string, error) {
	b.Helper()
	cmd, _ := testexec.Command(b, cli, args...)
	out, err := cmd.CombinedOutput()
	return strings.TrimSpace(string(out)), err
}
