package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMessagesShowNoControlBytes: a file name or a flag quoted in the
// command's messages reaches the terminal with its control bytes shown as
// \xHH, as robotsdfa shows them (SECURITY.md).
func TestMessagesShowNoControlBytes(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	require.NoError(t, os.WriteFile(in, []byte("https://example.com/a\n"), 0o644))
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"filter", "-pack", filepath.Join(dir, "p\x1b[31m.store"), "-agent", "g", "--output", filepath.Join(dir, "out"), in},
			`p\x1b[31m.store`},
		{[]string{"filter", "-\x1b[2J", "-agent", "g", "--output", filepath.Join(dir, "out"), in}, `-\x1b[2J`},
		{[]string{"compile", "-robots-dir", filepath.Join(dir, "rd\x1b[1m"), "-o", filepath.Join(dir, "s.store")}, `rd\x1b[1m`},
	} {
		_, stderr := runIn(t, dir, c.args...)
		require.Contains(t, stderr, c.want, "%q", c.args)
		require.NotContains(t, stderr, "\x1b", "%q", c.args)
		require.NotContains(t, stderr, "\x07", "%q", c.args)
	}
}

// TestSlipsSuggested: a mistyped command or flag (the command's own or
// Beam's) is answered with the one meant, as robotsdfa answers, still
// with exit status 2, and without Beam's eighty flags after the error; a
// flag of the other command is not suggested.
func TestSlipsSuggested(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
		code int
	}{
		{[]string{"filtr"}, "robotsdfa-beam: unknown command \"filtr\" (did you mean filter?)\nusage: robotsdfa-beam filter ", 2},
		{[]string{"deploy"}, "robotsdfa-beam: unknown command \"deploy\"\nusage: ", 2},
		{[]string{"filter", "-agnet", "g"}, "robotsdfa-beam filter: flag provided but not defined: -agnet (did you mean -agent?)\n" +
			"usage: robotsdfa-beam filter (", 2},
		{[]string{"filter", "--runer", "prism"}, "flag provided but not defined: -runer (did you mean -runner?)\n", 2},
		{[]string{"compile", "-robot-dir", "d"}, "flag provided but not defined: -robot-dir (did you mean -robots-dir?)\n", 2},
		{[]string{"compile", "-outpt", "x"}, "flag provided but not defined: -outpt\n", 2},
		{[]string{"--help"}, "usage: robotsdfa-beam filter ", 0},
	} {
		code, stderr := runCmd(t, c.args...)
		require.Equal(t, c.code, code, "%q: %s", c.args, stderr)
		require.Contains(t, stderr, c.want, "%q", c.args)
		require.NotContains(t, stderr, "-runner string", "%q: Beam's flags listed", c.args)
	}
}
