package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLintKeyTypo (google and rfc: a record with an unknown key is
// ignored, and the lines around it are read as if it were not there):
// lint names the key a record was meant to be, behind a byte that hides
// it or slipped, and where a lost user-agent line's crawler and rules
// went; a record near no key keeps its own warning.
func TestLintKeyTypo(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("User-agent: a\nDisallow: /a\n"+
		"\u200dUser-agent: b\nDisallow: /b\n"+ // 3: joins line 1's group
		"Image Sitemap: https://example.com/images.xml\n"+ // 5
		"User_agent: c\nUser-agent: d\nDisallow: /d\n"+ // 6: left out of line 7's group
		"DISALLOP: /e\nX-Disallow: /f\nColor: red\nMeta: x\n"+ // 9, 10; 11, 12 near no key
		"ai2Sitemap: x\nXDisallow: /g\n"+ // 13 near no key, 14 slipped
		"User-agent: f\nUser_agent: g\nAllow: /g\nUser-agent: h\n"+ // 16: g's rules join line 15's group
		"User-agen: e\n")) // 19: the last line
	for _, mode := range []string{"google", "rfc"} {
		r := robotsdfa(t, nil, "lint", "-mode", mode, "-severity", "warning", robots)
		require.Equal(t, exitFound, r.code, r.stderr)
		require.Equal(t, []string{
			robots + `:3: warning: record "\u200dUser-agent" is read by no crawler ("\u200d" before user-agent hides the key): "b" is not named, and the rules after it join the group at line 1`,
			robots + `:5: warning: record "Image Sitemap" is read by no crawler ("Image " before sitemap hides the key)`,
			robots + `:6: warning: record "User_agent" is read by no crawler (a slip for user-agent?): "c" is not named in the group at line 7`,
			robots + `:9: warning: record "DISALLOP" is read by no crawler (a slip for disallow?)`,
			robots + `:10: warning: record "X-Disallow" is read by no crawler ("X-" before disallow hides the key)`,
			robots + `:11: warning: record "Color" is not read by any crawler this tool knows of; ignored`,
			robots + `:12: warning: record "Meta" is not read by any crawler this tool knows of; ignored`,
			robots + `:13: warning: record "ai2Sitemap" is not read by any crawler this tool knows of; ignored`,
			robots + `:14: warning: record "XDisallow" is read by no crawler (a slip for disallow?)`,
			robots + `:16: warning: record "User_agent" is read by no crawler (a slip for user-agent?): "g" is not named, and the rules after it join the group at line 15`,
			robots + `:19: warning: record "User-agen" is read by no crawler (a slip for user-agent?): "e" is not named`,
		}, lines(r.stdout), mode)
	}
	// Before any group, the lost line's rules belong to none.
	robots = writeTemp(t, "robots.txt", []byte("er-agent: *\nDisallow: /\n"))
	r := robotsdfa(t, nil, "lint", "-severity", "warning", robots)
	require.Contains(t, r.stdout, robots+`:1: warning: record "er-agent" is read by no crawler (a slip for user-agent?): "*" is not named, and the rules after it belong to no group`+"\n")
	// A key Google reads, RFC 9309 not, is no slip: the google-key warning
	// says what it is.
	robots = writeTemp(t, "robots.txt", []byte("User-agent: *\nUseragent: a\nDisallow: /\n"))
	r = robotsdfa(t, nil, "lint", "-mode", "rfc", "-severity", "warning", robots)
	require.NotContains(t, r.stdout, "key-typo")
	require.NotContains(t, r.stdout, "slip")
}
