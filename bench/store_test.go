package bench

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	goruntime "runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/robotsdfa/robotsdfa/bench/workload"
	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/runtime"
	"github.com/robotsdfa/robotsdfa/store"
)

var storeHosts = flag.Int("store.hosts", 20_000, "BenchmarkStore's synthetic hosts (the record's figures: 1,000,000 and 10,000,000)")

// hostsPerFile is the duplication of the shared corpus's 2024 crawl:
// 27,446 hosts served 11,659 distinct files.
const hostsPerFile = 27446.0 / 11659.0

// synthetic is BenchmarkStore's crawl: n hosts, h<i>.example, host i
// serving distinct file i mod d (d = n / hostsPerFile); file f is the
// corpus's file f mod len(files), and past the corpus's files the same
// file with one extra group of one rule, so that its blob is distinct.
type synthetic struct {
	n, d  int
	files []string // the corpus's file names, sorted
	c     *workload.Corpus
}

func newSynthetic(c *workload.Corpus, n int) (*synthetic, error) {
	ents, err := os.ReadDir(c.Robots)
	if err != nil {
		return nil, err
	}
	s := &synthetic{n: n, d: max(1, int(float64(n)/hostsPerFile)), c: c}
	for _, e := range ents {
		if !e.IsDir() {
			s.files = append(s.files, e.Name())
		}
	}
	slices.Sort(s.files)
	return s, nil
}

func (s *synthetic) host(i int) string { return fmt.Sprintf("h%d.example", i) }

// body is distinct file f.
func (s *synthetic) body(f int, base [][]byte) []byte {
	b := base[f%len(s.files)]
	v := f / len(s.files)
	if v == 0 {
		return b
	}
	out := append([]byte(nil), b...)
	if len(out) > 0 && out[len(out)-1] != '\n' {
		out = append(out, '\n')
	}
	return fmt.Appendf(out, "\nUser-agent: robotsdfa-variant\nDisallow: /variant-%d\n", v)
}

type storeBuild struct {
	path         string
	s            *synthetic
	base         [][]byte
	build        time.Duration
	robotsBytes  int64 // every host's file's bytes
	fileBytes    int64
	contents     int
	urlsByFile   map[string][]string // the frontier's URLs of each corpus file (paths)
	buildWorkers int
}

var storeBuilds struct {
	sync.Mutex
	m   map[int]*storeBuild
	dir string // the store files, removed when the benchmarks end (TestMain)
}

// TestMain removes BenchmarkStore's files (gigabytes at 10 M hosts) when
// the benchmarks end.
func TestMain(m *testing.M) {
	code := m.Run()
	if storeBuilds.dir != "" {
		os.RemoveAll(storeBuilds.dir)
	}
	os.Exit(code)
}

// buildStore writes the synthetic store of n hosts, once per n per run:
// the distinct files compiled in parallel, each host mapped to its file's
// content.
func buildStore(b *testing.B, n int) *storeBuild {
	storeBuilds.Lock()
	defer storeBuilds.Unlock()
	if sb, ok := storeBuilds.m[n]; ok {
		return sb
	}
	c := corpus(b)
	s, err := newSynthetic(c, n)
	if err != nil {
		b.Fatal(err)
	}
	sb := &storeBuild{s: s, buildWorkers: goruntime.GOMAXPROCS(0)}
	for _, f := range s.files {
		body, err := os.ReadFile(filepath.Join(c.Robots, f))
		if err != nil {
			b.Fatal(err)
		}
		sb.base = append(sb.base, body)
	}
	if storeBuilds.dir == "" {
		dir, err := os.MkdirTemp("", "robotsdfa-store-bench")
		if err != nil {
			b.Fatal(err)
		}
		storeBuilds.dir = dir
	}
	sb.path = filepath.Join(storeBuilds.dir, fmt.Sprintf("%d.store", n))
	start := time.Now()
	w, err := store.Create(sb.path)
	if err != nil {
		b.Fatal(err)
	}
	const batch = 1024
	prepared := make([]*store.Prepared, batch)
	sizes := make([]int64, batch)
	for lo := 0; lo < s.d; lo += batch {
		hi := min(lo+batch, s.d)
		var wg sync.WaitGroup
		next := make(chan int)
		for range sb.buildWorkers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for f := range next {
					body := s.body(f, sb.base)
					blob, err := compile.Compile(body, compile.Options{}).AppendBinary(nil)
					if err == nil {
						prepared[f-lo], err = store.Prepare(blob)
					}
					if err != nil {
						panic(err)
					}
					sizes[f-lo] = int64(len(body))
				}
			}()
		}
		for f := lo; f < hi; f++ {
			next <- f
		}
		close(next)
		wg.Wait()
		for f := lo; f < hi; f++ {
			cont, err := w.AddPrepared(prepared[f-lo])
			if err != nil {
				b.Fatal(err)
			}
			bodyLen := sizes[f-lo]
			for h := f; h < n; h += s.d {
				if err := w.PutHost(s.host(h), cont); err != nil {
					b.Fatal(err)
				}
				sb.robotsBytes += bodyLen
			}
		}
	}
	sb.contents = w.Contents()
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
	sb.build = time.Since(start)
	st, err := os.Stat(sb.path)
	if err != nil {
		b.Fatal(err)
	}
	sb.fileBytes = st.Size()
	// The frontier's URLs by their host's file, as paths to put on the
	// synthetic hosts.
	fr := load(b, "frontier")
	sb.urlsByFile = map[string][]string{}
	for _, q := range fr.Queries {
		if i := strings.Index(q.URL, "://"); i >= 0 {
			if j := strings.IndexByte(q.URL[i+3:], '/'); j >= 0 {
				sb.urlsByFile[q.File] = append(sb.urlsByFile[q.File], q.URL[i+3+j:])
			}
		}
	}
	if storeBuilds.m == nil {
		storeBuilds.m = map[int]*storeBuild{}
	}
	storeBuilds.m[n] = sb
	return sb
}

// frontierURLs are the frontier's URLs, each put on the synthetic host
// of its file.
func (sb *storeBuild) frontierURLs(b *testing.B) []string {
	index := map[string]int{}
	for i, f := range sb.s.files {
		index[f] = i
	}
	var urls []string
	for _, q := range load(b, "frontier").Queries {
		f, ok := index[q.File]
		if !ok || f >= sb.s.n {
			continue
		}
		if i := strings.Index(q.URL, "://"); i >= 0 {
			rest := q.URL[i+3:]
			if j := strings.IndexAny(rest, "/?#"); j >= 0 {
				urls = append(urls, "https://"+sb.s.host(f)+rest[j:])
			}
		}
	}
	return urls
}

// urlOf is a frontier URL put on synthetic host h (whose file is h mod d),
// or "/" when the frontier has none for that file.
func (sb *storeBuild) urlOf(h, k int) string {
	f := sb.s.files[(h%sb.s.d)%len(sb.s.files)]
	paths := sb.urlsByFile[f]
	p := "/"
	if len(paths) > 0 {
		p = paths[k%len(paths)]
	}
	return "https://" + sb.s.host(h) + p
}

// BenchmarkStore: a store of -store.hosts synthetic hosts (default
// 20,000, so that CI's one pass is short) with the shared corpus's duplication, about 2.35 hosts per
// distinct file. One op is a hot check (ns/check-hot): a lookup and a
// check of a frontier URL whose host is cached. It reports the store
// file's bytes per host and against the robots.txt bytes its hosts serve
// (file-vs-robots); the Go heap per host beyond the hot cache after GC
// (heap-B/host: a store opened with the smallest cache, after its cold
// checks); the time to open the store; the build time per host and the
// distinct files compiled and compressed per second per core; the median
// time of a host's first check (ns/check-cold, 2,000 hosts spread over
// the store); and the Go heap of the hot store, cache included
// (hot-heap-MB). Beside it, bound: the same checks with the Matchers
// looked up beforehand (what the lookup adds is the difference), and
// map: the same hosts' blobs loaded into a map of *runtime.Robots and
// bound Matchers, for as many hosts as fit in 8 GiB of heap, looked up
// and checked as the store is.
func BenchmarkStore(b *testing.B) {
	n := *storeHosts
	b.Run(fmt.Sprintf("hosts=%d", n), func(b *testing.B) {
		sb := buildStore(b, n)
		hot := sb.frontierURLs(b)
		release()
		// Cold, through a store whose cache holds one robots.txt: each
		// host's first check, one at a time, and the heap it leaves.
		heap0 := liveHeap()
		start := time.Now()
		st, err := store.Open(sb.path, store.Options{CacheBytes: 1})
		if err != nil {
			b.Fatal(err)
		}
		open := time.Since(start)
		a := st.Agent(token)
		var cold []time.Duration
		for k := 0; k < 2000; k++ {
			u := sb.urlOf(k*(n/2000+1)%n, k)
			t := time.Now()
			if _, err := a.Check(u); err != nil {
				b.Fatal(u, err)
			}
			cold = append(cold, time.Since(t))
		}
		slices.Sort(cold)
		heap := liveHeap() - heap0
		goruntime.KeepAlive(a)
		if err := st.Close(); err != nil {
			b.Fatal(err)
		}
		// Hot: the frontier's URLs, each on the synthetic host of its
		// file (host f serves file f), as BenchmarkCheck/frontier asks
		// them of their files; each host checked twice to cache it (its
		// second check binds its Matcher with the screens).
		heap0 = liveHeap()
		st, err = store.Open(sb.path, store.Options{CacheBytes: 256 << 20})
		if err != nil {
			b.Fatal(err)
		}
		defer st.Close()
		a = st.Agent(token)
		warm(b, a, hot)
		hotHeap := liveHeap() - heap0
		cs := st.CacheStats()
		b.Logf("hot store: heap %d, cache estimate %d (%d loads, %d evictions)", hotHeap, cs.Bytes, cs.Loads, cs.Evictions)
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			if _, err := a.Check(hot[i%len(hot)]); err != nil {
				b.Fatal(err)
			}
		}
		b.StopTimer()
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/check-hot")
		b.ReportMetric(float64(sb.fileBytes)/float64(n), "file-B/host")
		b.ReportMetric(float64(sb.fileBytes)/float64(sb.robotsBytes), "file-vs-robots")
		b.ReportMetric(float64(heap)/float64(n), "heap-B/host")
		b.ReportMetric(float64(hotHeap)/(1<<20), "hot-heap-MB")
		b.ReportMetric(float64(open.Microseconds())/1000, "open-ms")
		b.ReportMetric(float64(sb.build.Microseconds())/float64(n), "build-us/host")
		b.ReportMetric(float64(sb.s.d)/sb.build.Seconds()/float64(sb.buildWorkers), "files/s/core")
		b.ReportMetric(float64(cold[len(cold)/2].Nanoseconds()), "ns/check-cold")
		b.ReportMetric(float64(sb.contents), "contents")
	})
	b.Run(fmt.Sprintf("bound/hosts=%d", n), func(b *testing.B) {
		sb := buildStore(b, n)
		hot := sb.frontierURLs(b)
		st, err := store.Open(sb.path, store.Options{CacheBytes: 256 << 20})
		if err != nil {
			b.Fatal(err)
		}
		defer st.Close()
		a := st.Agent(token)
		ms := make([]runtime.Matcher, len(hot))
		for range 2 {
			for k, u := range hot {
				if ms[k], err = a.Matcher(u); err != nil {
					b.Fatal(u, err)
				}
			}
		}
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			k := i % len(hot)
			ms[k].Check(hot[k])
		}
	})
	b.Run(fmt.Sprintf("map/hosts=%d", n), func(b *testing.B) {
		sb := buildStore(b, n)
		hot := sb.frontierURLs(b)
		release()
		st, err := store.Open(sb.path, store.Options{})
		if err != nil {
			b.Fatal(err)
		}
		defer st.Close()
		var before, after goruntime.MemStats
		goruntime.GC()
		goruntime.ReadMemStats(&before)
		// Each host's robots.txt loaded from its own copy of the blob (as
		// a crawler that fetched it holds it) and its Matcher bound.
		type rules struct {
			r *runtime.Robots
			m runtime.Matcher
		}
		m := map[string]*rules{}
		const budget = 8 << 30
		held := 0
		for h := 0; h < n; h++ {
			blob, err := st.Blob(sb.s.host(h))
			if err != nil {
				b.Fatal(err)
			}
			r, err := runtime.Load(append([]byte(nil), blob...))
			if err != nil {
				b.Fatal(err)
			}
			m[sb.s.host(h)] = &rules{r, r.Agent(token)}
			held++
			if h%4096 == 0 {
				goruntime.ReadMemStats(&after)
				if after.HeapAlloc-before.HeapAlloc > budget {
					break
				}
			}
		}
		goruntime.GC()
		goruntime.ReadMemStats(&after)
		for _, u := range hot {
			if key, _ := runtime.HostKey(u); m[key] == nil {
				b.Skipf("the map holds %d hosts, not the frontier's", held)
			}
		}
		var buf [256]byte
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			u := hot[i%len(hot)]
			key, _ := runtime.AppendHostKey(buf[:0], u) // the map's key, as the store's
			m[string(key)].m.Check(u)
		}
		b.StopTimer()
		b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/float64(held), "heap-B/host")
		b.ReportMetric(float64(held), "hosts-held")
	})
}

// liveHeap is the Go heap in use after collecting twice (the second for
// what sync.Pools kept through the first).
func liveHeap() int64 {
	var ms goruntime.MemStats
	goruntime.GC()
	goruntime.GC()
	goruntime.ReadMemStats(&ms)
	return int64(ms.HeapAlloc)
}

// warm checks each of the hot URLs twice: each host is then cached, and
// its second check has bound its Matcher with the screens.
func warm(b *testing.B, a *store.Agent, hot []string) {
	for range 2 {
		for _, u := range hot {
			if _, err := a.Check(u); err != nil {
				b.Fatal(u, err)
			}
		}
	}
}

// checkParallel checks the URLs in turn from GOMAXPROCS goroutines, each
// starting at its own place.
func checkParallel(b *testing.B, a *store.Agent, urls []string) {
	var start atomic.Int64
	b.RunParallel(func(pb *testing.PB) {
		i := int(start.Add(int64(len(urls)/7+1))) % len(urls)
		for pb.Next() {
			if _, err := a.Check(urls[i]); err != nil {
				b.Error(urls[i], err)
				return
			}
			if i++; i == len(urls) {
				i = 0
			}
		}
	})
}

// BenchmarkStoreHotParallel: BenchmarkStore's hot checks (the frontier's
// URLs on the synthetic hosts of their files, every host cached and
// bound before the timer) from GOMAXPROCS goroutines at once, as a
// scheduler's goroutines ask one store: ns/op at -cpu 2 against -cpu 1
// says how far the store's shared state lets them run side by side
// (BenchmarkCheckParallel's checks alone are the ceiling).
func BenchmarkStoreHotParallel(b *testing.B) {
	sb := buildStore(b, *storeHosts)
	hot := sb.frontierURLs(b)
	st, err := store.Open(sb.path, store.Options{CacheBytes: 256 << 20})
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	a := st.Agent(token)
	warm(b, a, hot)
	b.ReportAllocs()
	b.ResetTimer()
	checkParallel(b, a, hot)
}

// BenchmarkStoreColdParallel: a host's first check (its blob decompressed,
// loaded and bound) from GOMAXPROCS goroutines at once (-cpu 1,2),
// through the synthetic store with a cache that holds one robots.txt, so
// that every op loads, as filter -pack's workers load the hosts they meet
// (AgentOnce). ns/op against -cpu 1 says how loads scale across cores.
// The store's zstd decoder is made at the process's first load with one
// block decoder per GOMAXPROCS then: give the larger count first
// (-cpu 2,1), or the loads at -cpu 2 take turns on one.
func BenchmarkStoreColdParallel(b *testing.B) {
	n := *storeHosts
	sb := buildStore(b, n)
	// Hosts below d serve distinct files: consecutive checks load.
	d := sb.s.d
	urls := make([]string, min(4096, d))
	for k := range urls {
		urls[k] = sb.urlOf(k*(d/len(urls)), k)
	}
	st, err := store.Open(sb.path, store.Options{CacheBytes: 1})
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	a := st.AgentOnce(token)
	b.ReportAllocs()
	b.ResetTimer()
	checkParallel(b, a, urls)
	b.StopTimer()
	// Goroutines meeting on a file may share a load, seldom.
	if cs := st.CacheStats(); 10*cs.Loads < 9*int64(b.N) {
		b.Fatalf("%d loads for %d checks: the checks did not load", cs.Loads, b.N)
	}
}
