package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/robotsdfa/robotsdfa/bench/workload"
	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/counts"
)

const benchAbout = `
Runs the standard workloads (bench/workload) and prints ns per check,
checks per second and allocations for each; then parses, compiles and
serialises every robots.txt of the corpus, printing the time per file and
the blob's size against the robots.txt's. The default corpus is the sample
in testdata (run from the repository's root); give the shared corpus's
directory (../shared/corpus) for the full workloads. For comparisons with
other libraries, see bench/run.`

const benchExample = `  $ robotsdfa bench
  $ robotsdfa bench -corpus ../shared/corpus -time 3s`

func runBench(e *env, args []string) int {
	fs := flagSet(e, "bench", "[-corpus DIR] [-agent TOKEN] [-mode google|rfc] [-time D]", benchAbout, benchExample)
	dir := fs.String("corpus", "testdata", "the corpus: a repository's testdata `directory`, or the shared corpus")
	agent := fs.String("agent", "googlebot", "product token")
	var mode compile.Mode
	fs.Var(modeFlag{&mode}, "mode", "google or rfc")
	d := durationFlag(fs, "time", time.Second, "the `duration` each workload runs")
	if code, done := parseFlags(e, fs, args); done {
		return code
	}
	if fs.NArg() != 0 {
		return usageError(e, fs, "no arguments expected")
	}
	if _, err := os.Stat(*dir); err != nil {
		return fail(e, "bench", fmt.Errorf("corpus %v (run from the repository's root, or give -corpus)", err))
	}
	c, err := workload.Open(*dir)
	if err != nil {
		return fail(e, "bench", err)
	}
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	fmt.Fprintf(out, "corpus: %s; agent %s; %s mode\n\n", c.Name, *agent, mode)
	fmt.Fprintf(out, "%-12s %9s %6s %10s %12s %13s %14s\n", "workload", "URLs", "files", "ns/check", "checks/s", "allocs/check", "ns/URL byte")
	for _, name := range workload.Names {
		w, err := c.Workload(name, *agent, mode)
		if err != nil {
			fmt.Fprintf(out, "%v\n", err)
			continue
		}
		r := measure(w, *d)
		ns := float64(r.T.Nanoseconds()) / float64(r.N)
		perByte := ns * float64(len(w.Queries)) / float64(w.Bytes())
		fmt.Fprintf(out, "%-12s %9d %6d %10.1f %12s %13d %14.2f\n", w.Name, len(w.Queries), w.Files, ns,
			counts.Group3(int64(1e9/ns)), r.AllocsPerOp(), perByte)
		out.Flush()
	}
	fmt.Fprintln(out)
	return compileReport(e, out, c, mode)
}

// measure runs one check per iteration over the workload's queries, for
// about d (testing.Benchmark, with its -test.benchtime set to d).
func measure(w *workload.Workload, d time.Duration) testing.BenchmarkResult {
	initTesting.Do(testing.Init)
	flag.Set("test.benchtime", d.String())
	qs := w.Queries
	var sink int
	r := testing.Benchmark(func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			q := &qs[i%len(qs)]
			if q.Matcher.Allowed(q.URL) {
				sink++
			}
		}
	})
	_ = sink
	return r
}

var initTesting sync.Once

// compileReport times parse + compile + serialise per file and reports
// the blob sizes.
func compileReport(e *env, out io.Writer, c *workload.Corpus, mode compile.Mode) int {
	files, err := c.Files()
	if err != nil {
		return fail(e, "bench", err)
	}
	times := make([]time.Duration, 0, len(files))
	ratios := make([]float64, 0, len(files))
	var total time.Duration
	robotsBytes, blobBytes := 0, 0
	for _, name := range files {
		body, err := os.ReadFile(filepath.Join(c.Robots, name))
		if err != nil {
			return fail(e, "bench", err)
		}
		start := time.Now()
		blob, err := workload.Compile(body, mode)
		t := time.Since(start)
		if err != nil {
			return fail(e, "bench", fmt.Errorf("%s: %w", name, err))
		}
		times = append(times, t)
		total += t
		robotsBytes += len(body)
		blobBytes += len(blob)
		if len(body) > 0 {
			ratios = append(ratios, float64(len(blob))/float64(len(body)))
		}
	}
	slices.Sort(times)
	slices.Sort(ratios)
	fmt.Fprintf(out, "compile (parse + compile + serialise), %d files, one core: median %v, p99 %v, max %v, total %v\n",
		len(files), times[len(times)/2], times[len(times)*99/100], times[len(times)-1], total.Round(time.Millisecond))
	if len(ratios) > 0 {
		fmt.Fprintf(out, "blob bytes / robots.txt bytes: median %.2f, p99 %.2f; all files %d → %d bytes\n",
			ratios[len(ratios)/2], ratios[len(ratios)*99/100], robotsBytes, blobBytes)
	}
	return exitOK
}
