package robotsbeam

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/robotsdfa/robotsdfa/bench/workload"
)

// BenchmarkWriteBundle: a bundle's side of WriteSharded outside a runner,
// the sample frontier's lines written to temporary files on the local
// filesystem (removed after each bundle), a bundle every million lines
// (65 MB, the sample frontier's lines over and over); ns/op is per line.
func BenchmarkWriteBundle(b *testing.B) {
	urls, err := workload.ReadLines("../testdata/frontier/urls.txt.zst")
	if err != nil {
		b.Fatal(err)
	}
	const bundle = 1_000_000
	ctx := context.Background()
	for _, shards := range []int{4, 512} {
		for _, ext := range []string{"", ".zst"} {
			b.Run(fmt.Sprintf("shards=%d%s", shards, ext), func(b *testing.B) {
				w := &writeBundleFn{Prefix: filepath.Join(b.TempDir(), "out"+ext), Shards: shards}
				var temps []string
				emit := func(_ int, name string) { temps = append(temps, name) }
				finish := func() {
					if err := w.FinishBundle(ctx, emit); err != nil {
						b.Fatal(err)
					}
					for _, name := range temps {
						os.Remove(name)
					}
					temps = temps[:0]
				}
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					if err := w.ProcessElement(ctx, urls[i%len(urls)], emit); err != nil {
						b.Fatal(err)
					}
					if i%bundle == bundle-1 {
						finish()
					}
				}
				finish()
			})
		}
	}
}

// BenchmarkWriteBundleManyShards is a bundle of two million lines (the
// sample frontier over and over) to 50,000 shards, about 40 lines a shard:
// an op is the whole bundle, FinishBundle included, with its cost a line
// and the files it emits.
func BenchmarkWriteBundleManyShards(b *testing.B) {
	urls, err := workload.ReadLines("../testdata/frontier/urls.txt.zst")
	if err != nil {
		b.Fatal(err)
	}
	const lines, shards = 2_000_000, 50_000
	ctx := context.Background()
	files := 0
	for i := 0; i < b.N; i++ {
		w := &writeBundleFn{Prefix: filepath.Join(b.TempDir(), "out"), Shards: shards}
		var temps []string
		emit := func(_ int, name string) { temps = append(temps, name) }
		for j := range lines {
			if err := w.ProcessElement(ctx, urls[j%len(urls)], emit); err != nil {
				b.Fatal(err)
			}
		}
		if err := w.FinishBundle(ctx, emit); err != nil {
			b.Fatal(err)
		}
		files += len(temps)
		b.StopTimer()
		for _, name := range temps {
			os.Remove(name)
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*lines), "ns/line")
	b.ReportMetric(float64(files)/float64(b.N), "files/bundle")
}
