package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// A directory of <host>.txt files given where one robots.txt is wanted is
// refused with the command that reads such a directory.
func TestDirectoryForOneRobotsTxt(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "example.com.txt"), []byte("user-agent: *\ndisallow: /\n"), 0o644))
	out := filepath.Join(t.TempDir(), "out")
	for _, c := range []struct {
		args []string
		hint string
	}{
		{[]string{"check", dir, "bot", "/"}, "for its <host>.txt files, one per host: robotsdfa filter -robots-dir " + dir + " -agent AGENT -verdicts, URLs on standard input"},
		{[]string{"explain", dir, "bot", "/"}, "for its <host>.txt files, one per host: robotsdfa filter -robots-dir " + dir + " -agent AGENT -explain, URLs on standard input"},
		{[]string{"filter", "-robots", dir, "-agent", "bot"}, "its <host>.txt files, one per host, are read with -robots-dir " + dir},
		{[]string{"compile", "-o", out, dir}, "a pack of its <host>.txt files: robotsdfa compile -robots-dir " + dir + " -o PACK"},
	} {
		r := robotsdfa(t, []byte("https://example.com/\n"), c.args...)
		require.Equal(t, exitProblem, r.code, c.args)
		require.Equal(t, "robotsdfa "+c.args[0]+": "+dir+": is a directory, not a robots.txt file ("+c.hint+")\n", r.stderr, c.args)
		require.Empty(t, r.stdout, c.args)
	}
	require.NoFileExists(t, out)
}
