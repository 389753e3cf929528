package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLintAgentComment (google, rfc: a comment is no line, so a rule after
// a commented-out user-agent line is before any group and is ignored):
// lint names the last such comment before the rule; a comment whose text
// is no user-agent line in the mode is not named.
func TestLintAgentComment(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("# To ban all spiders uncomment the next two lines:\n# User-agent: *\n#Disallow: /\n"+
		"Disallow: /archive\nAllow: /x\n  ##user-agent:later # again\nDisallow: /y\nUser-agent: bot\nDisallow: /z\n# User-agent: after\n"))
	for _, mode := range []string{"google", "rfc"} {
		r := robotsdfa(t, nil, "lint", "-mode", mode, "-severity", "warning", robots)
		require.Equal(t, exitFound, r.code, r.stderr)
		require.Equal(t, []string{
			robots + `:4: warning: disallow rule before any user-agent line: it belongs to no group and is ignored (line 2, "# User-agent: *", is a comment)`,
			robots + `:5: warning: allow rule before any user-agent line: it belongs to no group and is ignored (line 2, "# User-agent: *", is a comment)`,
			robots + `:7: warning: disallow rule before any user-agent line: it belongs to no group and is ignored (line 6, "##user-agent:later # again", is a comment)`,
		}, lines(r.stdout), mode)
	}

	other := writeTemp(t, "other.txt", []byte("#abc\n# Users: everyone\n# useragent: *\nDisallow: /a\nUser-agent: *\n"))
	for mode, why := range map[string]string{"google": ` (line 3, "# useragent: *", is a comment)`, "rfc": ""} {
		r := robotsdfa(t, nil, "lint", "-mode", mode, "-severity", "warning", other)
		require.Equal(t, exitFound, r.code, r.stderr)
		require.Equal(t, []string{other + `:4: warning: disallow rule before any user-agent line: it belongs to no group and is ignored` + why}, lines(r.stdout), mode)
	}
}
