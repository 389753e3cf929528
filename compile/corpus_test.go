package compile_test

import (
	"bytes"
	goruntime "runtime"
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/testcorpus"
)

// TestCorpusSample: both. Every file of the real-world sample parses in
// both modes, and what comes out is consistent with the bytes.
func TestCorpusSample(t *testing.T) {
	files, err := testcorpus.Sample()
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 250 {
		t.Fatalf("only %d sample files", len(files))
	}
	rules := 0
	for _, file := range files {
		for _, mode := range []compile.Mode{compile.Google, compile.RFC9309} {
			f := compile.Parse(file.Data, compile.Options{Mode: mode, MaxBytes: compile.NoLimit})
			rules += checkFile(t, file.Name, file.Data, f)
		}
	}
	t.Logf("%d files, %d rules (both modes)", len(files), rules)
}

// checkFile checks the invariants of a parsed file and returns its rule
// count.
func checkFile(t *testing.T, name string, data []byte, f *compile.File) int {
	t.Helper()
	if f.Read != len(data) || f.Size != len(data) {
		t.Errorf("%s: read %d size %d of %d bytes", name, f.Read, f.Size, len(data))
	}
	ends := bytes.Count(data, []byte{'\n'}) + bytes.Count(data, []byte{'\r'})
	if len(f.Lines) > ends+1 {
		t.Errorf("%s: %d lines from %d line ends", name, len(f.Lines), ends)
	}
	prevOff := -1
	ruleLines := 0
	for i, ln := range f.Lines {
		if int(ln.Number) != i+1 {
			t.Fatalf("%s: line %d numbered %d", name, i+1, ln.Number)
		}
		if int(ln.Offset) <= prevOff || int(ln.Offset) > len(data) {
			t.Fatalf("%s:%d: offset %d after %d", name, ln.Number, ln.Offset, prevOff)
		}
		prevOff = int(ln.Offset)
		if ln.Kind.IsRule() && ln.Group >= 0 {
			ruleLines++
		}
		if int(ln.Group) >= len(f.Groups) {
			t.Fatalf("%s:%d: group %d of %d", name, ln.Number, ln.Group, len(f.Groups))
		}
	}
	rules, last := 0, int32(0)
	for gi, g := range f.Groups {
		if g.FirstLine <= last || g.LastLine < g.FirstLine || len(g.Agents) == 0 {
			t.Fatalf("%s: group %d spans %d-%d after %d", name, gi, g.FirstLine, g.LastLine, last)
		}
		last = g.LastLine
		for _, r := range g.Rules {
			if r.Line < g.FirstLine || r.Line > g.LastLine {
				t.Fatalf("%s: group %d has a rule of line %d", name, gi, r.Line)
			}
			if !r.Implied {
				rules++
			}
		}
	}
	if rules != ruleLines {
		t.Errorf("%s: %d rules in groups, %d rule lines in groups", name, rules, ruleLines)
	}
	return rules
}

// BenchmarkParse reports MB/s and allocations per file over the sample,
// and over the full shared corpus when it is there.
func BenchmarkParse(b *testing.B) {
	sample, err := testcorpus.Sample()
	if err != nil {
		b.Fatal(err)
	}
	b.Run("sample", func(b *testing.B) { benchParse(b, sample) })
	b.Run("corpus", func(b *testing.B) {
		files, dir, ok, err := testcorpus.Shared()
		if err != nil {
			b.Fatal(err)
		}
		if !ok {
			b.Skipf("the shared corpus is not at %s (set ROBOTSDFA_CORPUS)", dir)
		}
		benchParse(b, files)
	})
}

func benchParse(b *testing.B, files []testcorpus.File) {
	total := 0
	for _, f := range files {
		total += len(f.Data)
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	var before, after goruntime.MemStats
	goruntime.ReadMemStats(&before)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, f := range files {
			compile.Parse(f.Data, compile.Options{})
		}
	}
	b.StopTimer()
	goruntime.ReadMemStats(&after)
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(b.N*len(files)), "allocs/file")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(files))/1000, "µs/file")
}
