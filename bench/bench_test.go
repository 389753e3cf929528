package bench

import (
	"os"
	"path/filepath"
	goruntime "runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/robotsdfa/robotsdfa/bench/workload"
	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/testcorpus"
	"github.com/robotsdfa/robotsdfa/runtime"
)

var corpusOnce struct {
	sync.Once
	c   *workload.Corpus
	err error
}

// corpus is the shared corpus when present, else the sample.
func corpus(b *testing.B) *workload.Corpus {
	corpusOnce.Do(func() {
		if dir, ok := testcorpus.SharedDir(); ok {
			corpusOnce.c, corpusOnce.err = workload.Shared(dir)
			return
		}
		root, err := testcorpus.Root()
		if err != nil {
			corpusOnce.err = err
			return
		}
		corpusOnce.c, corpusOnce.err = workload.Sample(filepath.Join(root, "testdata"))
	})
	if corpusOnce.err != nil {
		b.Fatal(corpusOnce.err)
	}
	b.Logf("corpus: %s", corpusOnce.c.Name)
	return corpusOnce.c
}

// token is the product token the workloads' matchers are bound for.
const token = "googlebot"

var workloads struct {
	sync.Mutex
	m map[string]*workload.Workload
}

func load(b *testing.B, name string) *workload.Workload {
	workloads.Lock()
	defer workloads.Unlock()
	if w, ok := workloads.m[name]; ok {
		return w
	}
	c := corpus(b)
	w, err := c.Workload(name, token, compile.Google)
	if err != nil {
		b.Fatal(err)
	}
	if workloads.m == nil {
		workloads.m = map[string]*workload.Workload{}
	}
	workloads.m[name] = w
	return w
}

// release drops the check workloads and collects them, so that the
// benchmarks that allocate (compile, load) pay for their own garbage only,
// not for marking the hundreds of megabytes the check workloads keep live.
func release() {
	workloads.Lock()
	workloads.m = nil
	workloads.Unlock()
	goruntime.GC()
}

// BenchmarkCheck: one check (Allowed) per op, cycling through the
// workload's URLs, each with its host's bound matcher.
func BenchmarkCheck(b *testing.B) {
	for _, name := range workload.Names {
		b.Run(name, func(b *testing.B) {
			w := load(b, name)
			b.ReportMetric(float64(w.Bytes())/float64(len(w.Queries)), "URL-bytes")
			checkLoop(b, w.Queries)
		})
	}
}

// checkLoop times one check (Allowed) per op, cycling through qs.
func checkLoop(b *testing.B, qs []workload.Query) {
	disallowed := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		q := &qs[i%len(qs)]
		if !q.Matcher.Allowed(q.URL) {
			disallowed++
		}
	}
}

// BenchmarkCheckParallel: BenchmarkCheck's checks from GOMAXPROCS
// goroutines at once (-cpu 1,2), each starting at its own place in the
// workload, so that ns/op against -cpu 1 says how the checks of one
// Matcher set scale across cores: a Matcher is read, never written, by a
// check, and the filter's workers share them.
func BenchmarkCheckParallel(b *testing.B) {
	parallelDisallowed.Store(0)
	for _, name := range workload.Names {
		b.Run(name, func(b *testing.B) {
			w := load(b, name)
			qs := w.Queries
			var start atomic.Int64
			b.ReportAllocs()
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				i := int(start.Add(int64(len(qs)/7+1))) % len(qs)
				disallowed := 0
				for pb.Next() {
					if !qs[i].Matcher.Allowed(qs[i].URL) {
						disallowed++
					}
					if i++; i == len(qs) {
						i = 0
					}
				}
				parallelDisallowed.Add(int64(disallowed))
			})
		})
	}
}

// parallelDisallowed is BenchmarkCheckParallel's count of disallowed
// verdicts, which keeps the checks' results in use.
var parallelDisallowed atomic.Int64

// BenchmarkFloor: what any matcher must at least do per check on each
// workload, to put BenchmarkCheck in proportion: read every byte of the
// URL, and touch the matcher's memory once (one byte of its blob, at a
// place that varies with the URL, as a first table lookup would). On the
// frontier, where consecutive URLs mostly belong to different hosts, that
// touch is usually a cache miss.
func BenchmarkFloor(b *testing.B) {
	for _, name := range workload.Names {
		b.Run(name, func(b *testing.B) {
			w := load(b, name)
			floorLoop(b, w.Queries, w.Blobs)
		})
	}
}

// floorLoop times BenchmarkFloor's work per op on qs, whose blobs are
// by file in blobs, cycling through qs as checkLoop does.
func floorLoop(b *testing.B, qs []workload.Query, blobs map[string][]byte) {
	byQuery := make([][]byte, len(qs))
	for i, q := range qs {
		byQuery[i] = blobs[q.File]
	}
	sum := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		j := i % len(qs)
		u := qs[j].URL
		for k := 0; k < len(u); k++ {
			sum += int(u[k])
		}
		blob := byQuery[j]
		sum += int(blob[(len(u)*4099)%len(blob)])
	}
	if sum == 42 {
		b.Log(sum)
	}
}

// BenchmarkCompile/corpus: parse + compile + serialise every file of the
// corpus once per op; the median and p99 per file, and blob size over
// robots.txt size, are custom metrics, beside the same ratio for the
// file's rules stored as plain lists (workload.RuleListBytes): the size a
// blob would have with no automaton; "framedlist" puts those lists in the
// frame every blob of the format carries (workload.FramedListBytes in
// workload.EmptyBlobBytes).
func BenchmarkCompile(b *testing.B) {
	release()
	b.Run("corpus", func(b *testing.B) {
		c := corpus(b)
		names, err := c.Files()
		if err != nil {
			b.Fatal(err)
		}
		bodies := make([][]byte, len(names))
		total := 0
		for i, n := range names {
			if bodies[i], err = os.ReadFile(filepath.Join(c.Robots, n)); err != nil {
				b.Fatal(err)
			}
			total += len(bodies[i])
		}
		per := make([]time.Duration, len(bodies))
		ratios := make([]float64, 0, len(bodies))
		b.SetBytes(int64(total))
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			ratios = ratios[:0]
			for j, body := range bodies {
				start := time.Now()
				blob, err := workload.Compile(body, compile.Google)
				per[j] = time.Since(start)
				if err != nil {
					b.Fatal(err)
				}
				if len(body) > 0 {
					ratios = append(ratios, float64(len(blob))/float64(len(body)))
				}
			}
		}
		b.StopTimer()
		slices.Sort(per)
		slices.Sort(ratios)
		b.ReportMetric(float64(per[len(per)/2].Nanoseconds()), "median-ns/file")
		b.ReportMetric(float64(per[len(per)*99/100].Nanoseconds()), "p99-ns/file")
		b.ReportMetric(ratios[len(ratios)/2], "median-blob/robots")
		b.ReportMetric(ratios[len(ratios)*99/100], "p99-blob/robots")
		lists, framed, err := ruleLists(bodies)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(lists[len(lists)/2], "median-list/robots")
		b.ReportMetric(lists[len(lists)*99/100], "p99-list/robots")
		b.ReportMetric(framed[len(framed)/2], "median-framedlist/robots")
		b.ReportMetric(framed[len(framed)*99/100], "p99-framedlist/robots")
		b.ReportMetric(float64(len(bodies)), "files")
	})
}

var ruleListsOnce struct {
	sync.Once
	lists, framed []float64
	err           error
}

// ruleLists is, sorted, each non-empty file's workload.RuleListBytes over
// its size, and its workload.FramedListBytes in the blob format's frame
// over its size: what the blob ratio would be with no automaton (computed
// once, outside the timed loop).
func ruleLists(bodies [][]byte) (lists, framed []float64, err error) {
	r := &ruleListsOnce
	r.Do(func() {
		var frame int
		if frame, r.err = workload.EmptyBlobBytes(); r.err != nil {
			return
		}
		for _, body := range bodies {
			if len(body) == 0 {
				continue
			}
			set := workload.CompileSet(body, compile.Google) // what the timed loop's blobs hold
			size := float64(len(body))
			r.lists = append(r.lists, float64(workload.RuleListBytes(set))/size)
			r.framed = append(r.framed, float64(workload.FramedListBytes(set, frame))/size)
		}
		slices.Sort(r.lists)
		slices.Sort(r.framed)
	})
	return r.lists, r.framed, r.err
}

// BenchmarkLoad: validating blobs (the first 2,000 files of the corpus),
// per byte and per blob.
func BenchmarkLoad(b *testing.B) {
	release()
	c := corpus(b)
	names, err := c.Files()
	if err != nil {
		b.Fatal(err)
	}
	if len(names) > 2000 {
		names = names[:2000]
	}
	var blobs [][]byte
	total := 0
	for _, n := range names {
		body, err := os.ReadFile(filepath.Join(c.Robots, n))
		if err != nil {
			b.Fatal(err)
		}
		blob, err := workload.Compile(body, compile.Google)
		if err != nil {
			b.Fatal(err)
		}
		blobs = append(blobs, blob)
		total += len(blob)
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, blob := range blobs {
			if _, err := runtime.Load(blob); err != nil {
				b.Fatal(err)
			}
		}
	}
	// Per blob as well as per byte: the work is per row, and a denser
	// blob (fewer bytes for the same rows) lowers the bytes' rate.
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(blobs)), "ns/blob")
}

// BenchmarkBind: binding a crawler's matcher (Robots.Agent), per file
// of the frontier. again binds a Robots bound before, as a crawler that
// keeps its Robots and binds per URL would; load is Load alone and
// load+bind Load then the first binding, whose difference is the first
// binding's cost: finding the programs and deriving the program's screen
// (automaton.Program.Screen), which is then kept.
func BenchmarkBind(b *testing.B) {
	w := load(b, "frontier")
	var blobs [][]byte
	var robots []*runtime.Robots
	for _, blob := range w.Blobs {
		r, err := runtime.Load(blob)
		if err != nil {
			b.Fatal(err)
		}
		blobs = append(blobs, blob)
		robots = append(robots, r)
	}
	b.Run("again", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			robots[i%len(robots)].Agent(token)
		}
	})
	for _, bind := range []bool{false, true} {
		name := "load"
		if bind {
			name = "load+bind"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				r, err := runtime.Load(blobs[i%len(blobs)])
				if err != nil {
					b.Fatal(err)
				}
				if bind {
					r.Agent(token)
				}
			}
		})
	}
}
