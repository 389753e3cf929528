package conformance

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestParseQuoted: a quoted body's escapes (testdata/conformance/README.md)
// give their bytes; line breaks in the case file are dropped.
func TestParseQuoted(t *testing.T) {
	for _, c := range []struct{ quoted, want string }{
		{`a\nb\r\t\0\\`, "a\nb\r\t\x00\\"},
		{`\x41\xfF`, "A\xff"},
		{`x\{3}y`, "xyyy"},
		{`\{2}\x41`, "AA"},
		{`\{0}ab`, "b"},
		{"ab\ncd", "abcd"},
	} {
		data := "-- robots.txt quoted --\n" + c.quoted + "\n-- cases --\nboth a / allowed 0\n"
		tests, err := Parse("q.txt", []byte(data))
		require.NoError(t, err, c.quoted)
		require.Equal(t, c.want, string(tests[0].Robots), c.quoted)
	}
	// The largest repeat count.
	tests, err := Parse("q.txt", []byte("-- robots.txt quoted --\n\\{16777216}a\n-- cases --\nboth a / allowed 0\n"))
	require.NoError(t, err)
	require.Equal(t, 1<<24, bytes.Count(tests[0].Robots, []byte("a")))
}

// TestParseRefuses: a malformed case file is refused with its name and
// the line at fault (for a quoted body, its section's line).
func TestParseRefuses(t *testing.T) {
	const cases = "-- cases --\nboth a / allowed 0\n"
	for _, c := range []struct{ data, want string }{
		{"-- robots.txt quoted --\nab\\\n" + cases, `x.txt:1: quoted body ends with a backslash`},
		{"-- robots.txt quoted --\nab\\x4\n" + cases, `x.txt:1: short \x escape`},
		{"-- robots.txt quoted --\nab\\xzz1\n" + cases, `x.txt:1: bad \x escape "zz"`},
		{"-- robots.txt quoted --\n\\{12\n" + cases, `x.txt:1: unterminated \{N}`},
		{"-- robots.txt quoted --\n\\{x1}a\n" + cases, `x.txt:1: bad repeat count "x1"`},
		{"-- robots.txt quoted --\n\\{-1}a\n" + cases, `x.txt:1: bad repeat count "-1"`},
		{"-- robots.txt quoted --\n\\{16777217}a\n" + cases, `x.txt:1: bad repeat count "16777217"`},
		{"-- robots.txt quoted --\n\\q\n" + cases, `x.txt:1: unknown escape \q`},
		{"note\n\n-- robots.txt max-bytes=x --\n" + cases, `x.txt:3: bad "max-bytes=x"`},
		{"-- robots.txt gzip --\n" + cases, `x.txt:1: unknown option "gzip"`},
		{"-- cases --\nboth a / allowed 0\n", `x.txt:1: cases before any robots.txt`},
		{"-- robots.txt --\n-- expectations --\n", `x.txt:2: unknown section "expectations"`},
		{"-- robots.txt --\nUser-agent: *\n-- cases --\n# a note\nboth a / allowed\n", `x.txt:5: want 5 fields (label agent url verdict line), have 4`},
		{"-- robots.txt --\n-- cases --\nall a / allowed 0\n", `x.txt:3: label "all": want both, google or rfc`},
		{"-- robots.txt --\n-- cases --\nboth a / ok 0\n", `x.txt:3: verdict "ok": want allowed or disallowed`},
		{"-- robots.txt --\n-- cases --\nboth a / allowed -1\n", `x.txt:3: line "-1": want a number, 0 for no deciding rule`},
		{"-- robots.txt --\n-- cases --\nboth \"a /x allowed 0\n", `x.txt:3: bad quoted field at "\"a /x allowed 0"`},
		{"-- robots.txt --\n-- cases --\n\n-- robots.txt --\n" + cases, `x.txt:1: robots.txt without cases`},
	} {
		_, err := Parse("x.txt", []byte(c.data))
		require.EqualError(t, err, c.want, "%q", c.data)
	}
}

// TestParseSections: "-- NAME --" needs a name (a shorter line of dashes
// is commentary); fields may be quoted, agents chained or merged; a blank
// line ends the cases and commentary may follow.
func TestParseSections(t *testing.T) {
	data := strings.Join([]string{
		"--  --",
		"-- robots.txt max-bytes=-1 --",
		"User-agent: *",
		"-- cases --",
		`google "Foo Bar" "/a b" disallowed 3`,
		"rfc a,b /x allowed 0",
		"both a+b\t/y allowed 2",
		"",
		"commentary",
	}, "\n")
	tests, err := Parse("s.txt", []byte(data))
	require.NoError(t, err)
	require.Len(t, tests, 1)
	require.Equal(t, "s.txt:2", tests[0].Source)
	require.Equal(t, -1, tests[0].MaxBytes)
	require.Equal(t, "User-agent: *\n", string(tests[0].Robots))
	require.Equal(t, []Case{
		{Source: "s.txt:5", Label: GoogleOnly, Agents: []string{"Foo Bar"}, URL: "/a b", Line: 3},
		{Source: "s.txt:6", Label: RFCOnly, Agents: []string{"a", "b"}, URL: "/x", Allowed: true},
		{Source: "s.txt:7", Label: Both, Agents: []string{"a", "b"}, Union: true, URL: "/y", Allowed: true, Line: 2},
	}, tests[0].Cases)
}

// TestParseLongLines: a body line or a case's URL longer than a scanner's
// usual 64 KiB loads whole; a line over 16 MiB is refused with its file
// and line.
func TestParseLongLines(t *testing.T) {
	long := "/" + strings.Repeat("a", 1<<20)
	data := "-- robots.txt --\nDisallow: " + long + "\n-- cases --\nboth a " + long + " disallowed 1\n"
	tests, err := Parse("l.txt", []byte(data))
	require.NoError(t, err)
	require.Equal(t, "Disallow: "+long+"\n", string(tests[0].Robots))
	require.Equal(t, long, tests[0].Cases[0].URL)

	_, err = Parse("l.txt", []byte("-- robots.txt --\n"+strings.Repeat("a", 1<<24+1)+"\n-- cases --\nboth a / allowed 0\n"))
	require.EqualError(t, err, "l.txt:2: a line over 16 MiB")
}
