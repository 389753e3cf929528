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
