package runtime_test

import (
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/runtime"
	"github.com/stretchr/testify/require"
)

// TestHasGroups (google, rfc: SEMANTICS 2.1, a group is one or more
// user-agent lines and the rules after them): a file with no user-agent
// line has no group, a user-agent line with no rule is one, a key only
// Google reads as user-agent is one in google mode only, a blob keeps the
// answer, and one compiled for some tokens only answers true.
func TestHasGroups(t *testing.T) {
	for _, c := range []struct {
		body   string
		tokens []string
		google bool
		rfc    bool
	}{
		{"", nil, false, false},
		{"<!DOCTYPE html>\n<html><body>Welcome</body></html>\n", nil, false, false},
		{"Disallow: /\nSitemap: https://example.com/s.xml\n", nil, false, false},
		{"User-agent: *\n", nil, true, true},
		{"User-agent: a\nDisallow: /\n", nil, true, true},
		{"Useragent: a\nDisallow: /\n", nil, true, false},
		{"User-agent: a\nDisallow: /\n", []string{"b"}, true, true},
		{"<html>\n", []string{"b"}, true, true},
	} {
		for mode, want := range map[compile.Mode]bool{compile.Google: c.google, compile.RFC9309: c.rfc} {
			r := compile.Compile([]byte(c.body), compile.Options{Mode: mode, Tokens: c.tokens})
			require.Equal(t, want, r.HasGroups(), "%s %q %q", mode, c.body, c.tokens)
			blob, err := r.AppendBinary(nil)
			require.NoError(t, err)
			loaded, err := runtime.Load(blob)
			require.NoError(t, err)
			require.Equal(t, want, loaded.HasGroups(), "%s %q loaded", mode, c.body)
		}
	}
}
