package runtime_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/runtime"
	"github.com/stretchr/testify/require"
)

var updateRestricted = flag.Bool("updaterestricted", false, "write testdata/blobs/v3/restricted (only when it is new)")

// keptRestricted is a blob compiled for some tokens only (compile -agent
// googlebot,nosuchbot), kept since restricted blobs began (28 November
// 2026, format version 3, header flag bit 1).
const keptRestricted = "../testdata/blobs/v3/restricted/www.facebook.com__ropensci.googlebot,nosuchbot.google.blob"

// TestKeptRestrictedBlob: a restricted blob written by an earlier build
// still loads, knows the tokens it was compiled for, re-encodes to the
// same bytes, and answers them as the whole file does.
func TestKeptRestrictedBlob(t *testing.T) {
	body, err := os.ReadFile("../testdata/corpus/robots/www.facebook.com__ropensci.txt")
	require.NoError(t, err)
	tokens := []string{"googlebot", "nosuchbot"}
	if *updateRestricted {
		blob, err := compile.Compile(body, compile.Options{Tokens: tokens}).AppendBinary(nil)
		require.NoError(t, err)
		require.NoError(t, os.MkdirAll(filepath.Dir(keptRestricted), 0o755))
		require.NoError(t, os.WriteFile(keptRestricted, blob, 0o644))
	}
	blob, err := os.ReadFile(keptRestricted)
	require.NoError(t, err)
	r, err := runtime.Load(blob)
	require.NoError(t, err)
	require.Equal(t, tokens, r.CompiledTokens())
	require.False(t, r.CompiledFor("bingbot"))
	again, err := r.AppendBinary(nil)
	require.NoError(t, err)
	require.True(t, bytes.Equal(blob, again), "re-encoded to other bytes")
	whole := compile.Compile(body, compile.Options{})
	for _, chain := range [][]string{{"googlebot"}, {"nosuchbot"}, {"nosuchbot", "googlebot"}} {
		for _, p := range keptPaths {
			u := "https://example.com" + p
			require.Equal(t, whole.Agent(chain...).Check(u), r.Agent(chain...).Check(u), "%v %s", chain, u)
		}
	}
}
