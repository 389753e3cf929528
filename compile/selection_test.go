package compile_test

import (
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/stretchr/testify/require"
)

// TestSelectionNamed (google, rfc: SEMANTICS 2.4 and 2.5): a token's own
// groups, and the empty token's, are named; the '*' groups, or none, are
// not.
func TestSelectionNamed(t *testing.T) {
	body := []byte("User-agent: a\nDisallow: /a\n\nUser-agent:\nDisallow: /e\n\nUser-agent: *\nDisallow: /\n")
	for _, mode := range []compile.Mode{compile.Google, compile.RFC9309} {
		f := compile.Parse(body, compile.Options{Mode: mode})
		require.True(t, f.SelectChain("b", "A").Named(), mode)
		require.True(t, f.SelectChain("").Named(), mode)
		require.False(t, f.SelectChain("b").Named(), mode)
		none := compile.Parse([]byte("User-agent: a\nDisallow: /\n"), compile.Options{Mode: mode})
		require.False(t, none.SelectChain("b").Named(), mode)
	}
}
