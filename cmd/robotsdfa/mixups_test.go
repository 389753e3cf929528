package main

import (
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPackHint: a blob, a robots.txt or a URL list given for a pack, and
// a file given for a -robots-dir, are named as what they are, with where
// they go, by each command that reads one; other bytes keep the store's
// own error.
func TestPackHint(t *testing.T) {
	blob := writeTemp(t, "x.blob", nil)
	r := robotsdfa(t, []byte("user-agent: *\ndisallow: /x\n"), "compile", "-", "-o", blob)
	require.Equal(t, exitOK, r.code, r.stderr)
	robots := writeTemp(t, "robots.txt", []byte("user-agent: *\ndisallow: /x\n"))
	junk := writeTemp(t, "junk", []byte("\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09"))
	dir := t.TempDir()
	out := t.TempDir() + "/new.pack"
	for _, c := range []struct {
		path, want string
	}{
		{blob, blob + " is a compiled blob of one robots.txt, not a pack of many hosts': it goes where a robots.txt does (filter -robots " + blob + "); compile -robots-dir DIR -o PACK makes a pack"},
		{robots, robots + " is text, not a pack: a robots.txt goes to -robots, a list of URLs is filter's input; compile -robots-dir DIR -o PACK makes a pack of a directory of <host>.txt files"},
		{junk, "bad format"},
	} {
		for _, args := range [][]string{
			{"filter", "-pack", c.path, "-agent", "bot"},
			{"records", "-pack", c.path, "example.com", "bot"},
			{"compile", "-robots-dir", dir, "-from", c.path, "-o", out},
		} {
			r := robotsdfa(t, nil, args...)
			require.Equal(t, exitProblem, r.code, "%q", args)
			require.Contains(t, r.stderr, c.want, "%q", args)
		}
	}

	// The same files, and a pack, given for a directory.
	pack := t.TempDir() + "/x.pack"
	hostDir := t.TempDir()
	require.NoError(t, os.WriteFile(hostDir+"/example.com.txt", []byte("user-agent: *\ndisallow: /x\n"), 0o644))
	r = robotsdfa(t, nil, "compile", "-robots-dir", hostDir, "-o", pack)
	require.Equal(t, exitOK, r.code, r.stderr)
	for _, c := range []struct{ path, want string }{
		{pack, " (a pack: it goes to -pack, or compile -from)"},
		{blob, " (a compiled blob of one robots.txt: it goes to -robots, or check)"},
		{robots, " (one robots.txt? it goes to -robots, or compile FILE -o BLOB)"},
		{junk, ""},
	} {
		for _, args := range [][]string{
			{"filter", "-robots-dir", c.path, "-agent", "bot"},
			{"compile", "-robots-dir", c.path, "-o", out},
		} {
			r := robotsdfa(t, nil, args...)
			require.Equal(t, exitProblem, r.code, "%q", args)
			require.Equal(t, "robotsdfa "+args[0]+": -robots-dir "+c.path+": not a directory"+c.want+"\n", r.stderr, "%q", args)
		}
	}
	r = robotsdfa(t, nil, "inspect", robots)
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "nor a pack at byte 0 but text (a robots.txt? robotsdfa lint "+robots+" reads one")
	r = robotsdfa(t, nil, "inspect", junk)
	require.Equal(t, "robotsdfa inspect: "+junk+": neither a blob (\"RDFAblob\") nor a pack at byte 0\n", r.stderr)
}
