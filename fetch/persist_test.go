package fetch

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestEntryRoundTrip: an entry of every kind (success, unavailable,
// unreachable with its error, stale copy, not modified) reads back from
// JSON exactly as it was put, and answers the same.
func TestEntryRoundTrip(t *testing.T) {
	var phase atomic.Int64
	s := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch phase.Load() {
		case 0:
			w.Header().Set("ETag", `"e"`)
			fmt.Fprint(w, robotsBody)
		case 1:
			w.WriteHeader(503) // a stale copy
		case 2:
			w.WriteHeader(http.StatusNotModified)
		case 3:
			w.WriteHeader(404)
		}
	})
	gone := newServer(t, status(500))
	gone.Close() // no answer: a network error
	c, clk := newClient()
	ctx := context.Background()
	var entries []Entry
	keep := func(base string) {
		t.Helper()
		verdicts(t, c, base)
		o, err := OriginOf(base)
		require.NoError(t, err)
		e, ok, err := c.Store.Get(ctx, o)
		require.NoError(t, err)
		require.True(t, ok)
		entries = append(entries, e)
	}
	for p := range 4 {
		phase.Store(int64(p))
		keep(s.URL)
		clk.advance(DefaultMaxTTL)
	}
	keep(gone.URL)
	require.Equal(t, []Status{Success, Unreachable, Success, Unavailable, Unreachable},
		[]Status{entries[0].Outcome.Status, entries[1].Outcome.Status, entries[2].Outcome.Status, entries[3].Outcome.Status, entries[4].Outcome.Status})
	require.True(t, entries[1].Outcome.Stale)
	require.True(t, entries[2].Outcome.NotModified)
	for i, e := range entries {
		b, err := json.Marshal(e)
		require.NoError(t, err)
		var back Entry
		require.NoError(t, json.Unmarshal(b, &back))
		require.Equal(t, e.Outcome, back.Outcome, "entry %d", i)
		require.Equal(t, e.Blob, back.Blob)
		require.Equal(t, e.Good, back.Good)
	}
	require.Nil(t, entries[0].Outcome.Err)
	require.NotNil(t, entries[4].Outcome.Err)
	require.Equal(t, ErrNetwork, entries[4].Outcome.Err.Class)
}

// failingStore fails every call.
type failingStore struct{ calls atomic.Int64 }

func (s *failingStore) Get(context.Context, Origin) (Entry, bool, error) {
	s.calls.Add(1)
	return Entry{Blob: []byte("junk")}, true, errors.New("database down")
}

func (s *failingStore) Put(context.Context, Origin, Entry) error {
	s.calls.Add(1)
	return errors.New("database down")
}

// TestFailingStore: a Store that fails every call degrades the Client to
// fetching at every Get, with the right verdicts, each error counted.
func TestFailingStore(t *testing.T) {
	s := newServer(t, body(robotsBody))
	c, _ := newClient()
	st := &failingStore{}
	c.Store = st
	for range 3 {
		private, public, out := verdicts(t, c, s.URL)
		require.False(t, private)
		require.True(t, public)
		require.False(t, out.FromCache)
	}
	require.Equal(t, int64(3), s.requests.Load())
	stats := c.Stats()
	require.Equal(t, st.calls.Load(), stats.StoreErrors)
	require.Equal(t, int64(3), stats.Misses)
	require.Equal(t, int64(0), stats.Hits)
}

// TestStats: the counters a crawler exports.
func TestStats(t *testing.T) {
	var phase atomic.Int64
	s := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch phase.Load() {
		case 0:
			w.Header().Set("ETag", `"e"`)
			fmt.Fprint(w, robotsBody)
		case 1:
			w.WriteHeader(http.StatusNotModified)
		default:
			w.WriteHeader(503)
		}
	})
	missing := newServer(t, status(404))
	c, clk := newClient()
	verdicts(t, c, s.URL)
	verdicts(t, c, s.URL)
	verdicts(t, c, missing.URL)
	clk.advance(DefaultTTL)
	phase.Store(1)
	verdicts(t, c, s.URL)
	clk.advance(DefaultTTL)
	phase.Store(2)
	verdicts(t, c, s.URL)
	_, _, err := c.FromResponse(context.Background(), Response{URL: "https://down.example/robots.txt", Err: errors.New("refused")})
	require.NoError(t, err)
	want := Stats{Hits: 1, Misses: 4, NetworkErrors: 1, NotModified: 1, Bytes: int64(len(robotsBody)), StaleServes: 1}
	want.Responses[2], want.Responses[3], want.Responses[4], want.Responses[5] = 1, 1, 1, 1
	require.Equal(t, want, c.Stats())
}

// TestIdenticalBodiesCompiledOnce: origins serving the same robots.txt
// share one compiled blob.
func TestIdenticalBodiesCompiledOnce(t *testing.T) {
	a := newServer(t, body(robotsBody))
	b := newServer(t, body(robotsBody))
	c, _ := newClient()
	ctx := context.Background()
	var blobs [][]byte
	for _, s := range []*server{a, b} {
		verdicts(t, c, s.URL)
		o, _ := OriginOf(s.URL)
		e, ok, _ := c.Store.Get(ctx, o)
		require.True(t, ok)
		blobs = append(blobs, e.Blob)
	}
	require.True(t, &blobs[0][0] == &blobs[1][0], "one blob for both origins")
}

// TestDirStoreRestart: a second Client on the same directory (a restart)
// answers from the entries the first one wrote; with the server down, a
// Refresh serves the cached rules as a stale copy. A damaged file is a
// miss, counted as the store's error.
func TestDirStoreRestart(t *testing.T) {
	dir := t.TempDir()
	s := newServer(t, body(robotsBody))
	first, clk := newClient()
	st, err := OpenDirStore(dir, 1<<20, 0)
	require.NoError(t, err)
	first.Store = st
	verdicts(t, first, s.URL)
	s.Close()

	second := &Client{Now: clk.now, Timeout: time.Second}
	second.Store, err = OpenDirStore(dir, 1<<20, 0)
	require.NoError(t, err)
	private, public, out := verdicts(t, second, s.URL)
	require.False(t, private)
	require.True(t, public)
	require.True(t, out.FromCache)

	r, out, err := second.Refresh(context.Background(), s.URL+"/x")
	require.NoError(t, err)
	require.Equal(t, Unreachable, out.Status)
	require.True(t, out.Stale)
	require.False(t, r.Agent("examplebot").Allowed(s.URL+"/private/x"))

	files, err := filepath.Glob(filepath.Join(dir, "*", "*.json"))
	require.NoError(t, err)
	require.Len(t, files, 1)
	require.NoError(t, os.WriteFile(files[0], []byte("{not json"), 0o644))
	third := &Client{Now: clk.now, Timeout: time.Second}
	third.Store, err = OpenDirStore(dir, 1<<20, 0)
	require.NoError(t, err)
	_, _, out = verdicts(t, third, s.URL)
	require.Equal(t, Unreachable, out.Status)
	require.False(t, out.Stale)
	// The Get's read, and the fetch's read of the entry it replaces.
	require.Equal(t, int64(2), third.Stats().StoreErrors)
}
