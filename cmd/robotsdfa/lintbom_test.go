package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLintBOMTwice (google: the reference skips a UTF-8 byte-order mark
// at the start of the file only, and reads a key as written): a mark
// encoded twice before the first user-agent line costs the file its
// group, and lint says so on that line rather than calling "ï»¿User-agent"
// an unknown record; before a comment it is a note; a real mark is no
// problem at all.
func TestLintBOMTwice(t *testing.T) {
	const what = "a byte-order mark encoded twice (bytes C3 AF C2 BB C2 BF: a UTF-8 file read as Latin-1 and saved again), which crawlers do not skip"
	const fix = "(save the file as UTF-8 without a byte-order mark)"
	group := writeTemp(t, "group.txt", []byte(bomTwice+"User-agent: *\r\nDisallow: /x\r\n"))
	for _, mode := range []string{"google", "rfc"} {
		r := robotsdfa(t, nil, "lint", "-mode", mode, group)
		require.Equal(t, exitFound, r.code, r.stderr)
		require.Equal(t, []string{
			group + `:1: warning: "ï»¿" before "User-agent: *": ` + what + "; they ignore the line, which without it is a user-agent line " + fix,
			group + ":1: warning: no user-agent line: the file has no groups and allows everything",
			group + ":2: warning: disallow rule before any user-agent line: it belongs to no group and is ignored",
		}, lines(r.stdout), mode)
	}

	comment := writeTemp(t, "comment.txt", []byte(bomTwice+"# robots.txt\nUser-agent: *\nDisallow: /x\n"))
	r := robotsdfa(t, nil, "lint", comment)
	require.Equal(t, exitOK, r.code, r.stdout)
	require.Equal(t, []string{
		comment + `:1: note: "ï»¿" at the start of the line: ` + what + "; harmless here, with no robots.txt line after it " + fix,
		comment + ":2: note: '*' (every crawler no group names) gets the group(s) at line(s) 2: 1 rule(s) merged",
	}, lines(r.stdout))

	// A line ignored with or without the mark: both are said.
	bare := writeTemp(t, "bare.txt", []byte(bomTwice+"https://example.com/sitemap.xml\nUser-agent: *\nDisallow: /x\n"))
	r = robotsdfa(t, nil, "lint", "-severity", "warning", bare)
	require.Equal(t, exitFound, r.code, r.stdout)
	require.Equal(t, []string{
		bare + `:1: warning: record "ï»¿https" is not read by any crawler this tool knows of; ignored`,
	}, lines(r.stdout))
	r = robotsdfa(t, nil, "lint", bare)
	require.Contains(t, r.stdout, bare+`:1: note: "ï»¿" at the start of the line: `+what+" "+fix+"\n")

	real := writeTemp(t, "real.txt", []byte("\xef\xbb\xbfUser-agent: *\nDisallow: /x\n"))
	r = robotsdfa(t, nil, "lint", "-severity", "warning", real)
	require.Equal(t, exitOK, r.code, r.stdout)
	require.Empty(t, r.stdout)
}
