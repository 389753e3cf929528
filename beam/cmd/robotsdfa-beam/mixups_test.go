package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/stretchr/testify/require"
)

// TestMixUpsNamed: a blob or a text file given for -pack, and a store, a
// blob or a robots.txt given for -robots-dir, are refused before any
// pipeline with what they are and where they go, in the words of the
// command given (filter's -robots-dir is listed before its compile
// pipeline, so an empty directory is filter's refusal too).
func TestMixUpsNamed(t *testing.T) {
	files := t.TempDir()
	body := "User-agent: *\nDisallow: /x\n"
	blob, err := compile.Compile([]byte(body), compile.Options{}).AppendBinary(nil)
	require.NoError(t, err)
	blobPath, robots := filepath.Join(files, "x.blob"), filepath.Join(files, "robots.txt")
	require.NoError(t, os.WriteFile(blobPath, blob, 0o644))
	require.NoError(t, os.WriteFile(robots, []byte(body), 0o644))
	st := hostStore(t, filepath.Join(files, "h.store"), body, compile.Google)
	empty := t.TempDir()

	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	require.NoError(t, os.WriteFile(in, []byte("https://h.example/x\n"), 0o644))
	out := filepath.Join(dir, "out")
	filter := func(args ...string) []string {
		return append(append([]string{"filter"}, args...), "-agent", "bot", "--output", out, in)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{filter("-pack", blobPath), "robotsdfa-beam filter: " + blobPath + " is a compiled blob of one robots.txt, not a store of many hosts': robotsdfa-beam compile -robots-dir DIR -o STORE makes a store (robotsdfa filter -robots " + blobPath + " applies one blob to every URL)\n"},
		{filter("-pack", robots), "robotsdfa-beam filter: " + robots + " is text, not a store: a list of URLs is filter's input; robotsdfa-beam compile -robots-dir DIR -o STORE makes a store of a directory of <host>.txt files\n"},
		{filter("-robots-dir", st), "robotsdfa-beam filter: -robots-dir " + st + ": not a directory (a store: it goes to filter -pack)\n"},
		{filter("-robots-dir", blobPath), "robotsdfa-beam filter: -robots-dir " + blobPath + ": not a directory (a compiled blob of one robots.txt: robotsdfa filter -robots applies it to every URL)\n"},
		{[]string{"compile", "-robots-dir", robots, "-o", out + ".store"}, "robotsdfa-beam compile: -robots-dir " + robots + ": not a directory (one robots.txt? robotsdfa filter -robots applies it to every URL)\n"},
		{filter("-robots-dir", empty), "robotsdfa-beam filter: " + empty + ": no <host>.txt files\n"},
	} {
		code, stderr := runIn(t, dir, c.args...)
		require.Equal(t, 2, code, "%q: %s", c.args, stderr)
		require.Equal(t, c.want, stderr, "%q", c.args)
		entries, err := os.ReadDir(dir)
		require.NoError(t, err)
		require.Len(t, entries, 1, "%q wrote a file", c.args)
	}
}
