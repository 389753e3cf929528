package store_test

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/store"
	"github.com/stretchr/testify/require"
)

// TestNotCompiledFor: a host whose robots.txt was compiled for some
// tokens only (compile -agent) answers an Agent of those tokens, and fails
// one of another with ErrNotCompiledFor naming the tokens, every time
// (nothing wrong is cached); other hosts answer every Agent.
func TestNotCompiledFor(t *testing.T) {
	body := []byte("user-agent: googlebot\ndisallow: /g\n\nuser-agent: bingbot\ndisallow: /b\n\nuser-agent: *\ndisallow: /all\n")
	part, err := compile.Compile(body, compile.Options{Tokens: []string{"googlebot"}}).AppendBinary(nil)
	require.NoError(t, err)
	whole, err := compile.Compile(body, compile.Options{}).AppendBinary(nil)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "tokens.store")
	w, err := store.Create(path)
	require.NoError(t, err)
	require.NoError(t, w.Add("part.example", part))
	require.NoError(t, w.Add("whole.example", whole))
	require.NoError(t, w.Close())
	st, err := store.Open(path, store.Options{})
	require.NoError(t, err)
	defer st.Close()

	for _, a := range []*store.Agent{st.Agent("Googlebot"), st.AgentOnce("googlebot"), st.AgentUnion("googlebot")} {
		ok, err := a.Allowed("https://part.example/all")
		require.NoError(t, err)
		require.True(t, ok)
		ok, err = a.Allowed("https://part.example/g")
		require.NoError(t, err)
		require.False(t, ok)
	}
	for _, a := range []*store.Agent{st.Agent("bingbot"), st.AgentOnce("bingbot"), st.Agent("bingbot", "googlebot"), st.AgentUnion("googlebot", "bingbot")} {
		for range 3 {
			_, err := a.Allowed("https://part.example/b")
			require.True(t, errors.Is(err, store.ErrNotCompiledFor), "%v", err)
			require.ErrorContains(t, err, "(googlebot)")
		}
		ok, err := a.Allowed("https://whole.example/b")
		require.NoError(t, err)
		require.False(t, ok)
	}
}
