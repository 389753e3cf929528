package main

import (
	"encoding/binary"
	"fmt"
	"testing"
	"unicode/utf16"

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
			group + `:2: warning: disallow rule before any user-agent line: it belongs to no group and is ignored (line 1's user-agent is not read: "ï»¿" begins it)`,
		}, lines(r.stdout), mode)
	}

	comment := writeTemp(t, "comment.txt", []byte(bomTwice+"# robots.txt\nUser-agent: *\nDisallow: /x\n"))
	r := robotsdfa(t, nil, "lint", comment)
	require.Equal(t, exitOK, r.code, r.stdout)
	require.Equal(t, []string{
		comment + `:1: note: "ï»¿" at the start of the line: ` + what + "; harmless here, with no robots.txt line after it " + fix,
		comment + ":2: note: '*' (every crawler no group names) gets the group(s) at line(s) 2: 1 rule(s) merged",
	}, lines(r.stdout))

	// A line ignored with or without the mark: both are said, the line as
	// what it is without the mark (a URL alone, as in live.planetf1.com's
	// file), not as a record "ï»¿https"; a later line keeps its own key.
	bare := writeTemp(t, "bare.txt", []byte(bomTwice+"https://example.com/sitemap.xml\nUser-agent: *\nDisallow: /x\nftp://example.com/y\n"))
	r = robotsdfa(t, nil, "lint", "-severity", "warning", bare)
	require.Equal(t, exitFound, r.code, r.stdout)
	require.Equal(t, []string{
		bare + `:1: warning: "https://example.com/sitemap.xml" alone on a line is not a record: crawlers ignore it (write Sitemap: https://example.com/sitemap.xml for crawlers to find the sitemap)`,
		bare + `:4: warning: record "ftp" is not read by any crawler this tool knows of; ignored`,
	}, lines(r.stdout))
	r = robotsdfa(t, nil, "lint", bare)
	require.Contains(t, r.stdout, bare+`:1: note: "ï»¿" at the start of the line: `+what+" "+fix+"\n")

	// Rules before the first user-agent line, which the mark does not hide:
	// no reason given beside theirs.
	sitemap := writeTemp(t, "sitemap.txt", []byte(bomTwice+"Sitemap: https://example.com/s.xml\nDisallow: /x\nUser-agent: *\nDisallow: /y\n"))
	r = robotsdfa(t, nil, "lint", "-severity", "warning", sitemap)
	require.Contains(t, r.stdout, sitemap+":2: warning: disallow rule before any user-agent line: it belongs to no group and is ignored\n")

	real := writeTemp(t, "real.txt", []byte("\xef\xbb\xbfUser-agent: *\nDisallow: /x\n"))
	r = robotsdfa(t, nil, "lint", "-severity", "warning", real)
	require.Equal(t, exitOK, r.code, r.stdout)
	require.Empty(t, r.stdout)
}

// TestLintUTF16 (rfc: RFC 9309 section 2.3, a robots.txt is UTF-8): a file
// saved as UTF-16 is named once, by its byte-order mark, and not line by
// line (a NUL on every line); a mark before UTF-8 text is named, and its
// lines are read as they are.
func TestLintUTF16(t *testing.T) {
	text := "User-agent: *\nDisallow: /private\n"
	encode := func(order binary.AppendByteOrder, mark []byte) []byte {
		b := mark
		for _, u := range utf16.Encode([]rune(text)) {
			b = order.AppendUint16(b, u)
		}
		return b
	}
	const warn = "warning: the file begins with a UTF-16 byte-order mark (bytes %s: %s), but crawlers read a robots.txt as UTF-8 (RFC 9309 section 2.3), where UTF-16 text is a NUL byte every other byte (save the file as UTF-8 without a mark)"
	little := writeTemp(t, "le.txt", encode(binary.LittleEndian, []byte{0xff, 0xfe}))
	big := writeTemp(t, "be.txt", encode(binary.BigEndian, []byte{0xfe, 0xff}))
	marked := writeTemp(t, "marked.txt", append([]byte{0xff, 0xfe}, text...))
	for _, mode := range []string{"google", "rfc"} {
		for _, c := range []struct {
			path  string
			lines []string
		}{
			{little, []string{little + ":1: " + fmt.Sprintf(warn, "FF FE", "little-endian"), little + ":1: warning: no user-agent line: the file has no groups and allows everything"}},
			{big, []string{big + ":1: " + fmt.Sprintf(warn, "FE FF", "big-endian"), big + ":1: warning: no user-agent line: the file has no groups and allows everything"}},
			{marked, []string{
				marked + ":1: " + fmt.Sprintf(warn, "FF FE", "little-endian"),
				marked + `:1: warning: record "\xff\xfeUser-agent" is read by no crawler ("\xff\xfe" before user-agent hides the key): "*" is not named, and the rules after it belong to no group`,
				marked + ":1: warning: no user-agent line: the file has no groups and allows everything",
				marked + ":2: warning: disallow rule before any user-agent line: it belongs to no group and is ignored",
			}},
		} {
			r := robotsdfa(t, nil, "lint", "-mode", mode, c.path)
			require.Equal(t, exitFound, r.code, r.stderr)
			require.Equal(t, c.lines, lines(r.stdout), mode)
		}
	}
	for _, start := range []string{"\xfe\xfe", "\xff\xff", "\xfe", "\xff"} {
		other := writeTemp(t, "other.txt", []byte(start+"\n"+text))
		r := robotsdfa(t, nil, "lint", other)
		require.Equal(t, exitFound, r.code, r.stderr)
		require.NotContains(t, r.stdout, "UTF-16", "%q", start)
	}
}
