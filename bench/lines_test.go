package bench

import (
	"errors"
	"path/filepath"
	"testing"

	farm "github.com/dgryski/go-farm"

	"github.com/robotsdfa/robotsdfa/bench/workload"
	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/runtime"
	"github.com/robotsdfa/robotsdfa/store"
)

// BenchmarkFrontierLines: the least a filter that keeps input order must
// do per line of the frontier's URL lists as given (every line, the ones
// without a robots.txt too, in list order, held in memory), to put
// `robotsdfa filter`'s CPU a line beside BenchmarkCheck/frontier: the
// previous line's host prefix compared (runtime.HasHostPrefix), else the
// host key, a lookup in a table holding every host's bound matcher
// (nothing dropped, nothing loaded), and the check when the host has a
// robots.txt. Reading, splitting and writing lines are left out. Its
// tables:
//   - map: a Go map from the host key;
//   - hash: a Go map from the key's 64-bit fingerprint, trusted without
//     comparing keys, which a correct filter could not do: a lower bound;
//   - store: a store of the hosts with a robots.txt, its host slots sized
//     as filter -pack sizes them and its cache large enough for all
//     (Store.AgentOnce, Agent.MatcherKey), as filter -pack asks it.
//
// One pass over the lines, untimed, loads and binds every host first.
// Each op is one line; changes/line is the share of lines whose host
// differs from the line before, checks/line the share checked.
func BenchmarkFrontierLines(b *testing.B) {
	ft := newFrontierTables(b)
	lines, byKey, byHash := ft.lines, ft.byKey, ft.byHash
	// Each table's first pass must give the same verdicts: its checks and
	// the disallowed among them.
	var first [2]int
	same := func(b *testing.B, got [2]int) {
		if first == ([2]int{}) {
			first = got
		} else if got != first {
			b.Fatalf("checks, disallowed: %v; the first table's %v", got, first)
		}
	}
	b.Run("map", func(b *testing.B) {
		same(b, linesLoop(b, lines, func(key []byte) (runtime.Matcher, bool) { return held(byKey[string(key)]) }, nil))
	})
	b.Run("hash", func(b *testing.B) {
		same(b, linesLoop(b, lines, func(key []byte) (runtime.Matcher, bool) { return held(byHash[farm.Fingerprint64(key)]) }, nil))
	})
	b.Run("store", func(b *testing.B) {
		st := linesStore(b, ft.c, ft.stored)
		agent := st.AgentOnce(token)
		same(b, linesLoop(b, lines, func(key []byte) (runtime.Matcher, bool) {
			m, err := agent.MatcherKey(key)
			if err != nil && !errors.Is(err, store.ErrNotFound) {
				b.Fatal(err)
			}
			return m, err == nil
		}, st))
	})
}

// frontierTables are BenchmarkFrontierLines's lines and host tables.
type frontierTables struct {
	c      *workload.Corpus
	lines  []string
	byKey  map[string]*runtime.Matcher
	byHash map[uint64]*runtime.Matcher
	stored []string // the keys with a file, as first met
}

// newFrontierTables reads the corpus's URL lists in order and binds every
// host's matcher (nil for a host without a robots.txt).
func newFrontierTables(b *testing.B) *frontierTables {
	c := corpus(b)
	ft := &frontierTables{c: c, byKey: map[string]*runtime.Matcher{}, byHash: map[uint64]*runtime.Matcher{}}
	for _, list := range c.URLs {
		urls, err := workload.ReadLines(list)
		if err != nil {
			b.Fatal(err)
		}
		ft.lines = append(ft.lines, urls...)
	}
	byFile := map[string]*runtime.Matcher{}
	for _, u := range ft.lines {
		key, ok := runtime.HostKey(u)
		if !ok {
			continue
		}
		if _, seen := ft.byKey[key]; seen {
			continue
		}
		var m *runtime.Matcher
		if file, ok := c.Hosts[key]; ok {
			ft.stored = append(ft.stored, key)
			if m = byFile[file]; m == nil {
				_, _, r, err := c.Load(file, compile.Google)
				if err != nil {
					b.Fatal(err)
				}
				bound := r.Agent(token)
				m = &bound
				byFile[file] = m
			}
		}
		ft.byKey[key] = m
		ft.byHash[farm.Fingerprint64([]byte(key))] = m
	}
	return ft
}

// held is a table's answer: its Matcher, or none for a host without a
// robots.txt (nil).
func held(m *runtime.Matcher) (runtime.Matcher, bool) {
	if m == nil {
		return runtime.Matcher{}, false
	}
	return *m, true
}

// linesStore writes a store of the host keys, each with its file in c,
// and opens it as filter -pack does (host slots for 64 MiB), with a cache
// of 1 GiB.
func linesStore(b *testing.B, c *workload.Corpus, keys []string) *store.Store {
	path := filepath.Join(b.TempDir(), "lines.pack")
	w, err := store.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	for _, key := range keys {
		_, blob, _, err := c.Load(c.Hosts[key], compile.Google)
		if err != nil {
			b.Fatal(err)
		}
		if err := w.Add(key, blob); err != nil {
			b.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
	st, err := store.Open(path, store.Options{CacheBytes: 64 << 20})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	st.Resize(1 << 30)
	return st
}

// linesLoop times BenchmarkFrontierLines's work per op on lines, cycling
// through them, with lookup as the host table; st, when not nil, is the
// store behind lookup, whose cache misses and loads it reports. It
// returns the untimed pass's checks and the disallowed among them.
func linesLoop(b *testing.B, lines []string, lookup func(key []byte) (runtime.Matcher, bool), st *store.Store) [2]int {
	l := &liner{lookup: lookup}
	for _, u := range lines {
		l.step(u)
	}
	verdicts := [2]int{l.checks, l.disallowed}
	l.changes, l.checks = 0, 0
	var before store.CacheStats
	if st != nil {
		before = st.CacheStats()
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		l.step(lines[i%len(lines)])
	}
	b.StopTimer()
	if st != nil {
		after := st.CacheStats()
		b.ReportMetric(float64(after.Misses-before.Misses)/float64(b.N), "misses/line")
		b.ReportMetric(float64(after.Loads-before.Loads)/float64(b.N), "loads/line")
	}
	b.ReportMetric(float64(l.changes)/float64(b.N), "changes/line")
	b.ReportMetric(float64(l.checks)/float64(b.N), "checks/line")
	return verdicts
}

// liner does BenchmarkFrontierLines's work for one line after another:
// it keeps the last host's prefix, key and matcher, and counts.
type liner struct {
	lookup                      func(key []byte) (runtime.Matcher, bool)
	key, prefix                 []byte
	m                           runtime.Matcher
	found                       bool
	changes, checks, disallowed int
}

func (l *liner) step(u string) {
	if !runtime.HasHostPrefix(u, l.prefix) {
		l.changes++
		k, n, ok := runtime.AppendHostKeyPrefix(l.key[:0], u)
		l.key = k
		if !ok {
			l.prefix, l.found = l.prefix[:0], false
			return
		}
		l.prefix = append(l.prefix[:0], u[:n]...)
		l.m, l.found = l.lookup(l.key)
	}
	if l.found {
		l.checks++
		if !l.m.Allowed(u) {
			l.disallowed++
		}
	}
}
