package fetch

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// exportedStore keeps entries as JSON, as a store that writes entries
// out would: only the exported fields, read back as data.
type exportedStore struct {
	mu sync.Mutex
	m  map[Origin][]byte
}

func (s *exportedStore) Get(_ context.Context, o Origin) (Entry, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b, ok := s.m[o]
	if !ok {
		return Entry{}, false, nil
	}
	var e Entry
	err := json.Unmarshal(b, &e)
	return e, err == nil, err
}

func (s *exportedStore) Put(_ context.Context, o Origin, e Entry) error {
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.m[o] = b
	return nil
}

// TestCachedGetKeepsLoadedRobots: a Get of a cached origin returns the
// robots.txt loaded when it was fetched (MemoryStore), for a success, an
// unavailable robots.txt, an unreachable origin and a stale copy alike;
// through a store that keeps only the exported fields, each Get loads
// the blob, with the same verdicts.
func TestCachedGetKeepsLoadedRobots(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name    string
		serve   func(s *server)
		rules   string
		private bool // /private/y allowed
	}{
		{"success", func(*server) {}, "robots.txt", false},
		{"unavailable", func(s *server) { s.set(status(404)) }, "allow all", true},
		{"unreachable", func(s *server) { s.set(status(503)) }, "disallow all", false},
	} {
		for _, exported := range []bool{false, true} {
			s := newServer(t, body(robotsBody))
			tc.serve(s)
			c, _ := newClient()
			if exported {
				c.Store = &exportedStore{m: map[Origin][]byte{}}
			}
			r1, out1, err := c.Get(ctx, s.URL+"/private/x")
			require.NoError(t, err)
			r2, out2, err := c.Get(ctx, s.URL+"/private/y")
			require.NoError(t, err)
			require.Equal(t, tc.rules, out1.Rules, tc.name)
			require.False(t, out1.FromCache)
			require.True(t, out2.FromCache)
			require.Equal(t, !exported, r1 == r2, "%s: the same loaded robots.txt (exported-only store: %v)", tc.name, exported)
			require.Equal(t, tc.private, r2.Agent("examplebot").Allowed(s.URL+"/private/y"), tc.name)
			require.Equal(t, tc.rules != "disallow all", r2.Agent("examplebot").Allowed(s.URL+"/public"), tc.name)
		}
	}

	// A stale copy: the robots.txt loaded at the last success.
	s := newServer(t, body(robotsBody))
	c, clk := newClient()
	r1, _, err := c.Get(ctx, s.URL)
	require.NoError(t, err)
	s.set(status(503))
	clk.advance(DefaultTTL + time.Second)
	r2, out, err := c.Get(ctx, s.URL)
	require.NoError(t, err)
	require.True(t, out.Stale)
	require.Same(t, r1, r2)
}

// TestAllowedKeepsItsBinding: Allowed keeps its binding with the cached
// robots.txt for the next call with the same tokens, and binds anew for
// other tokens, which then decide.
func TestAllowedKeepsItsBinding(t *testing.T) {
	s := newServer(t, body("user-agent: a\ndisallow: /x\n\nuser-agent: b\ndisallow: /y\n\nuser-agent: *\ndisallow: /z\n"))
	c, _ := newClient()
	ctx := context.Background()
	for _, tc := range []struct {
		tokens  []string
		path    string
		allowed bool
	}{
		{[]string{"a"}, "/x", false},
		{[]string{"a"}, "/y", true},
		{[]string{"b"}, "/x", true},
		{[]string{"b"}, "/y", false},
		{[]string{"a"}, "/x", false},
		{[]string{"c", "b"}, "/y", false}, // a chain: b's group
		{[]string{"c", "a"}, "/y", true},  // the same length, another chain
		{[]string{"c"}, "/z", false},      // the '*' group
		{nil, "/z", false},                // the User-Agent's token, robotsdfa: the '*' group
		{[]string{"a", "b"}, "/x", false},
	} {
		ok, _, err := c.Allowed(ctx, s.URL+tc.path, tc.tokens...)
		require.NoError(t, err)
		require.Equal(t, tc.allowed, ok, "%v %s", tc.tokens, tc.path)
	}
	o, err := OriginOf(s.URL)
	require.NoError(t, err)
	e, ok, _ := c.Store.Get(ctx, o)
	require.True(t, ok)
	b := e.loaded.bound.Load()
	var kept [][]string
	for _, k := range b.list {
		kept = append(kept, k.tokens)
	}
	require.Equal(t, [][]string{{"a", "b"}, {"robotsdfa"}, {"c"}, {"c", "a"}}, kept, "the last four, most recent first")
	for _, tokens := range kept {
		_, _, err = c.Allowed(ctx, s.URL+"/q", tokens...)
		require.NoError(t, err)
		require.Same(t, b, e.loaded.bound.Load(), "%v: a kept binding", tokens)
	}

	// A crawler with two products asking in turn binds each once and
	// allocates nothing after.
	url := s.URL + "/x"
	allocs := testing.AllocsPerRun(100, func() {
		c.Allowed(ctx, url, "a")
		c.Allowed(ctx, url, "b")
	})
	require.Zero(t, allocs)

	// Goroutines that alternate between tokens replace the binding under
	// one another (run under -race by .ci/run): each still gets its own
	// tokens' verdicts.
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				token, want := "a", false
				if (g+i)%2 == 1 {
					token, want = "b", true
				}
				ok, _, err := c.Allowed(ctx, s.URL+"/x", token)
				if err != nil || ok != want {
					t.Errorf("token %s: allowed %v, %v", token, ok, err)
					return
				}
			}
		}()
	}
	wg.Wait()
}
