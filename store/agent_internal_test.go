package store

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestAgentShared: the same tokens and kind give the same Agent, so that
// a caller that makes one per check (st.Agent(t).Allowed) checks from the
// cached Matchers: a host's Matcher is bound twice (without, then with
// its screens), not once a check. Other tokens, their order, or another
// kind give another; past maxAgents, each call makes its own.
func TestAgentShared(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hosts.store")
	storeWith(t, path, "a.example")
	st, err := Open(path, Options{})
	require.NoError(t, err)
	defer st.Close()

	require.Same(t, st.Agent("bot"), st.Agent("bot"))
	require.Same(t, st.AgentUnion("bot", "other"), st.AgentUnion("bot", "other"))
	for _, other := range []*Agent{st.AgentOnce("bot"), st.AgentUnion("bot"), st.Agent("bot", "other"),
		st.Agent("other", "bot"), st.Agent("Bot"), st.Agent()} {
		require.NotSame(t, st.Agent("bot"), other)
	}
	require.NotSame(t, st.Agent("a\x00b"), st.Agent("a", "b"))
	require.NotSame(t, st.Agent("ab", "c"), st.Agent("a", "bc"))

	before := st.CacheStats().Misses
	for range 1000 {
		ok, err := st.Agent("bot").Allowed("https://a.example/a.example")
		require.NoError(t, err)
		require.False(t, ok)
	}
	require.LessOrEqual(t, st.CacheStats().Misses-before, int64(2), "a Matcher bound per check")

	for i := range maxAgents + 10 {
		st.Agent(fmt.Sprint("bot-", i))
	}
	require.Len(t, st.agentsBy, maxAgents)
	require.NotSame(t, st.Agent("bot-beyond"), st.Agent("bot-beyond"))
	require.Same(t, st.Agent("bot"), st.Agent("bot"))
}
