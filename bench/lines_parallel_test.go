package bench

import (
	"errors"
	goruntime "runtime"
	"sync"
	"sync/atomic"
	"testing"

	farm "github.com/dgryski/go-farm"

	"github.com/robotsdfa/robotsdfa/runtime"
	"github.com/robotsdfa/robotsdfa/store"
)

// linesChunk is BenchmarkFrontierLinesParallel's chunk, in bytes of input
// as filter cuts it (pipeline.go's chunkSize).
const linesChunk = 1 << 20

// BenchmarkFrontierLinesParallel: BenchmarkFrontierLines's work shared by
// GOMAXPROCS goroutines as filter shares a frontier among its workers:
// the lines, in order, cut into chunks of about 1 MiB, each goroutine
// taking the next chunk when it is done with one, so that every goroutine
// meets every host. Nothing is read, written, loaded or dropped. ns/op
// at -cpu 2 against -cpu 1 is what a second core gives a filter's
// per-line work when the workers share the hosts by chunk
// (docs/PERFORMANCE.md, "filter: two workers, the work alone"). Tables:
//   - map: one Go map from the host key for every goroutine, read only;
//   - store: the store as BenchmarkFrontierLines's store, shared;
//   - local: each goroutine its own Go map in front of the shared store,
//     as filter's workers keep one (filled before the timer starts);
//   - bykey: the hosts, not the chunks, shared: every goroutine reads
//     every line and checks those whose host key's hash names it, with
//     local's map and store; what giving hosts to workers by key would
//     cost before the merge that restores input order.
func BenchmarkFrontierLinesParallel(b *testing.B) {
	ft := newFrontierTables(b)
	size := 0
	for _, u := range ft.lines {
		size += len(u) + 1
	}
	per := max(1, len(ft.lines)*linesChunk/size) // lines a chunk
	st := linesStore(b, ft.c, ft.stored)
	agent := st.AgentOnce(token)
	ask := func(key []byte) (runtime.Matcher, bool) {
		m, err := agent.MatcherKey(key)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			panic(err)
		}
		return m, err == nil
	}
	// checked[i]: how many of the first i lines have a robots.txt.
	checked := make([]int, len(ft.lines)+1)
	l := &liner{lookup: ask}
	for i, u := range ft.lines {
		l.step(u)
		checked[i+1] = l.checks
	}
	b.Run("map", func(b *testing.B) {
		linesParallel(b, ft.lines, per, checked, func() func(key []byte) (runtime.Matcher, bool) {
			return func(key []byte) (runtime.Matcher, bool) { return held(ft.byKey[string(key)]) }
		})
	})
	b.Run("store", func(b *testing.B) {
		linesParallel(b, ft.lines, per, checked, func() func(key []byte) (runtime.Matcher, bool) { return ask })
	})
	local := func() func(key []byte) (runtime.Matcher, bool) {
		local := map[string]*runtime.Matcher{}
		return func(key []byte) (runtime.Matcher, bool) {
			if m, ok := local[string(key)]; ok {
				return held(m)
			}
			m, found := ask(key)
			var p *runtime.Matcher
			if found {
				p = &m
			}
			local[string(key)] = p
			return m, found
		}
	}
	b.Run("local", func(b *testing.B) {
		linesParallel(b, ft.lines, per, checked, local)
	})
	b.Run("bykey", func(b *testing.B) {
		n := uint64(goruntime.GOMAXPROCS(0))
		var next atomic.Uint64
		// Every goroutine takes every chunk: a chunk of all the lines.
		linesParallel(b, ft.lines, 0, checked, func() func(key []byte) (runtime.Matcher, bool) {
			g, own := next.Add(1)-1, local()
			return func(key []byte) (runtime.Matcher, bool) {
				if farm.Hash64(key)%n != g {
					return runtime.Matcher{}, false
				}
				return own(key)
			}
		})
	})
}

// linesParallel times b.N lines, line i being lines[i%len(lines)], taken
// per lines in chunks by GOMAXPROCS goroutines, each with the lookup
// newLookup gives it; per 0, every goroutine takes all b.N lines (its
// lookup says which are its own). Each goroutine first runs over every
// line untimed, loading and binding what its lookup needs. It checks that
// the timed lines with a robots.txt were each checked once (checked[i]:
// how many of the first i lines have one).
func linesParallel(b *testing.B, lines []string, per int, checked []int, newLookup func() func(key []byte) (runtime.Matcher, bool)) {
	ls := make([]*liner, goruntime.GOMAXPROCS(0))
	for i := range ls {
		ls[i] = &(&paddedLiner{liner: liner{lookup: newLookup()}}).liner
		for _, u := range lines {
			ls[i].step(u)
		}
		ls[i].changes, ls[i].checks, ls[i].disallowed = 0, 0, 0
	}
	want := b.N/len(lines)*checked[len(lines)] + checked[b.N%len(lines)]
	var next atomic.Int64
	var wg sync.WaitGroup
	b.ReportAllocs()
	b.ResetTimer()
	for _, l := range ls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			steps := func(from, to int) {
				for i := from; i < min(to, b.N); i++ {
					l.step(lines[i%len(lines)])
				}
			}
			if per == 0 {
				steps(0, b.N)
				return
			}
			for start := int(next.Add(1)-1) * per; start < b.N; start = int(next.Add(1)-1) * per {
				steps(start, start+per)
			}
		}()
	}
	wg.Wait()
	b.StopTimer()
	changes, checks := 0, 0
	for _, l := range ls {
		changes += l.changes
		checks += l.checks
	}
	// A chunk's first line may be counted as a change (its goroutine's last
	// host was another chunk's), so checks, not changes, are compared; with
	// bykey every goroutine counts the changes of every line.
	if checks != want {
		b.Fatalf("checked %d lines, want %d", checks, want)
	}
	b.ReportMetric(float64(changes)/float64(b.N), "changes/line")
	b.ReportMetric(float64(checks)/float64(b.N), "checks/line")
}

// paddedLiner keeps a goroutine's liner, which it writes at every line,
// off the cache lines of the next one's.
type paddedLiner struct {
	liner
	_ [64]byte
}
