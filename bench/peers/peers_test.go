package peers

import (
	"cmp"
	"net/url"
	"os"
	"path/filepath"
	goruntime "runtime"
	"slices"
	"sync"
	"testing"

	"github.com/robotsdfa/robotsdfa/bench/workload"
	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/temoto/robotstxt"
)

// corpusDir is the shared corpus beside the repository (or
// $ROBOTSDFA_CORPUS), else the repository's testdata sample.
func corpusDir() string {
	if d := os.Getenv("ROBOTSDFA_CORPUS"); d != "" {
		return d
	}
	shared := filepath.Join("..", "..", "..", "shared", "corpus")
	if _, err := os.Stat(filepath.Join(shared, "robots-hosts.tsv")); err == nil {
		return shared
	}
	return filepath.Join("..", "..", "testdata")
}

// temotoQuery is one check for temoto: the group bound once per host and
// the URL's path already extracted.
type temotoQuery struct {
	group *robotstxt.Group
	path  string
}

type loaded struct {
	w      *workload.Workload
	temoto []temotoQuery
	// differ counts URLs on which temoto's verdict is not ours.
	differ int
}

var cache struct {
	sync.Mutex
	m map[string]*loaded
}

func load(b *testing.B, name string) *loaded {
	cache.Lock()
	defer cache.Unlock()
	if l, ok := cache.m[name]; ok {
		return l
	}
	c, err := workload.Open(corpusDir())
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("corpus: %s", c.Name)
	w, err := c.Workload(name, "googlebot", compile.Google)
	if err != nil {
		b.Fatal(err)
	}
	l := &loaded{w: w}
	groups := map[string]*robotstxt.Group{}
	for _, q := range w.Queries {
		g, ok := groups[q.File]
		if !ok {
			data, err := robotstxt.FromBytes(w.Bodies[q.File])
			if err != nil {
				// temoto refuses some files; a crawler would then
				// have no rules for the host.
				data, _ = robotstxt.FromString("")
			}
			g = data.FindGroup("googlebot")
			groups[q.File] = g
		}
		path := "/"
		if u, err := url.Parse(q.URL); err == nil {
			path = u.RequestURI()
		}
		tq := temotoQuery{g, path}
		l.temoto = append(l.temoto, tq)
		if tq.group.Test(tq.path) != q.Matcher.Allowed(q.URL) {
			l.differ++
		}
	}
	if cache.m == nil {
		cache.m = map[string]*loaded{}
	}
	cache.m[name] = l
	return l
}

// BenchmarkPeers: one check per op on each workload, for each library;
// the share of URLs on which temoto's verdict differs from robotsdfa's
// (which equals Google's reference) is reported as differ-%.
func BenchmarkPeers(b *testing.B) {
	for _, name := range workload.Names {
		b.Run(name+"/impl=robotsdfa", func(b *testing.B) {
			qs := load(b, name).w.Queries
			n := 0
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				q := &qs[i%len(qs)]
				if q.Matcher.Allowed(q.URL) {
					n++
				}
			}
		})
		b.Run(name+"/impl=temoto", func(b *testing.B) {
			l := load(b, name)
			qs := l.temoto
			n := 0
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				q := &qs[i%len(qs)]
				if q.group.Test(q.path) {
					n++
				}
			}
			b.StopTimer()
			b.ReportMetric(100*float64(l.differ)/float64(len(qs)), "differ-%")
		})
	}
}

// BenchmarkPeersParse: reading one robots.txt, on the corpus's median-size
// file: robotsdfa's parse + compile + serialise against temoto's parse.
func BenchmarkPeersParse(b *testing.B) {
	release()
	c, err := workload.Open(corpusDir())
	if err != nil {
		b.Fatal(err)
	}
	names, err := c.Files()
	if err != nil {
		b.Fatal(err)
	}
	var bodies [][]byte
	for _, n := range names {
		body, err := os.ReadFile(filepath.Join(c.Robots, n))
		if err != nil {
			b.Fatal(err)
		}
		bodies = append(bodies, body)
	}
	median := medianBySize(bodies)
	b.Logf("median file: %d bytes", len(median))
	b.Run("median/impl=robotsdfa", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := workload.Compile(median, compile.Google); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("median/impl=temoto", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			robotstxt.FromBytes(median)
		}
	})
}

// release drops the check workloads and collects them, so that benchmarks
// that allocate (parsing) pay for their own garbage only, not for marking
// the hundreds of megabytes the check benchmarks keep live.
func release() {
	cache.Lock()
	cache.m = nil
	cache.Unlock()
	goruntime.GC()
}

// medianBySize returns the body of median size, ties in the corpus's
// order.
func medianBySize(bodies [][]byte) []byte {
	s := slices.Clone(bodies)
	slices.SortStableFunc(s, func(a, b []byte) int { return cmp.Compare(len(a), len(b)) })
	return s[len(s)/2]
}
