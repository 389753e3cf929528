package runtime_test

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/testcorpus"
	"github.com/robotsdfa/robotsdfa/runtime"
)

// query is one URL and the matcher bound for its host.
type query struct {
	m   runtime.Matcher
	url string
}

func sharedDir(b *testing.B) string {
	dir, ok := testcorpus.SharedDir()
	if !ok {
		b.Skipf("no shared corpus at %s: these benchmarks need ../shared/corpus or $ROBOTSDFA_CORPUS", dir)
	}
	return dir
}

func hostOf(u string) string {
	if i := strings.Index(u, "://"); i >= 0 {
		u = u[i+3:]
	}
	if i := strings.IndexAny(u, "/?#:"); i >= 0 {
		u = u[:i]
	}
	return strings.ToLower(u)
}

func readLines(b *testing.B, path string) []string {
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" {
			out = append(out, line)
		}
	}
	return out
}

func loadFile(b *testing.B, path string) *runtime.Robots {
	body, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	return load(b, string(body), compile.Options{})
}

// frontier: every corpus URL whose host has a robots.txt in the corpus
// (robots-hosts.tsv), with product token googlebot, one matcher per host.
var frontierOnce struct {
	sync.Once
	qs []query
}

func frontier(b *testing.B) []query {
	frontierOnce.Do(func() { frontierOnce.qs = loadFrontier(b) })
	if frontierOnce.qs == nil {
		b.Skip("frontier workload not loaded")
	}
	return frontierOnce.qs
}

func loadFrontier(b *testing.B) []query {
	root := sharedDir(b)
	fileOf := map[string]string{}
	for i, line := range readLines(b, filepath.Join(root, "robots-hosts.tsv")) {
		if f := strings.Split(line, "\t"); i > 0 && len(f) >= 2 {
			fileOf[f[0]] = f[1]
		}
	}
	urlFiles, _ := filepath.Glob(filepath.Join(root, "urls", "*.txt"))
	matchers := map[string]runtime.Matcher{}
	var qs []query
	for _, uf := range urlFiles {
		for _, u := range readLines(b, uf) {
			host := hostOf(u)
			file, ok := fileOf[host]
			if !ok {
				continue
			}
			m, ok := matchers[file]
			if !ok {
				m = loadFile(b, filepath.Join(root, "robots", file)).Agent("googlebot")
				matchers[file] = m
			}
			qs = append(qs, query{m, u})
		}
	}
	b.Logf("frontier: %d URLs over %d robots.txt files", len(qs), len(matchers))
	return qs
}

func wikipedia(b *testing.B) []query {
	root := sharedDir(b)
	m := loadFile(b, filepath.Join(root, "robots", "en.wikipedia.org.txt")).Agent("googlebot")
	var qs []query
	for _, u := range readLines(b, filepath.Join(root, "urls", "fst-wiki-urls-100000.txt")) {
		qs = append(qs, query{m, u})
	}
	return qs
}

// BenchmarkCheck: one check per op, over the frontier and Wikipedia
// workloads (needs the shared corpus).
func BenchmarkCheck(b *testing.B) {
	for _, w := range []struct {
		name string
		load func(*testing.B) []query
	}{{"frontier", frontier}, {"wikipedia", wikipedia}} {
		b.Run(w.name, func(b *testing.B) {
			qs := w.load(b)
			disallowed := 0
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				q := &qs[i%len(qs)]
				if !q.m.Allowed(q.url) {
					disallowed++
				}
			}
			b.ReportMetric(float64(disallowed)/float64(b.N), "disallowed/op")
		})
	}
}

// BenchmarkLoad: validation cost per blob byte, over the sample's blobs.
func BenchmarkLoad(b *testing.B) {
	files, err := testcorpus.Sample()
	if err != nil {
		b.Fatal(err)
	}
	var blobs [][]byte
	total := 0
	for _, f := range files {
		set := compile.Compile(compile.Parse(f.Data, compile.Options{}), compile.CompileOptions{})
		blob, err := set.AppendBinary(nil)
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
}
