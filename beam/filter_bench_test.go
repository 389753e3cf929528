package robotsbeam

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/bench/workload"
	"github.com/robotsdfa/robotsdfa/internal/testexec"
)

// BenchmarkFilterFn: the pipeline's own per-URL work, the Filter DoFn's
// ProcessElement outside a runner, over the sample frontier (-verdicts,
// googlebot); ns/op is per line. Beside it, filter's cost per line is
// BenchmarkFilter of cmd/robotsdfa.
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
	f := &filterFn{Store: pack, Tokens: []string{"googlebot"}, Verdicts: true, Missing: "allow"}
	ctx := context.Background()
	if err := f.Setup(ctx); err != nil {
		b.Fatal(err)
	}
	defer f.Teardown()
	n := 0
	emit := func(s string) { n += len(s) }
	for _, u := range urls { // every host loaded once, as a worker's steady state
		f.ProcessElement(ctx, u, emit, emit)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f.ProcessElement(ctx, urls[i%len(urls)], emit, emit)
	}
	if n == 0 {
		b.Fatal("no output")
	}
}

func exec_(b *testing.B, args ...string) (string, error) {
	b.Helper()
	cmd, _ := testexec.Command(b, cli, args...)
	out, err := cmd.CombinedOutput()
	return strings.TrimSpace(string(out)), err
}
