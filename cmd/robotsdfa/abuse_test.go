package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A 100 MB line is longer than the default -max-line (64 MiB): it is
// reported, without being echoed whole, the lines around it are checked,
// and the exit status says the input had a problem.
func TestFilterHundredMegabyteLine(t *testing.T) {
	if testing.Short() {
		t.Skip("100 MB of input")
	}
	robots := writeTemp(t, "robots.txt", []byte("user-agent: *\ndisallow: /private\n"))
	var in bytes.Buffer
	in.WriteString("https://example.com/a\n")
	in.WriteString("https://example.com/")
	in.Write(bytes.Repeat([]byte("x"), 100<<20))
	in.WriteString("\nhttps://example.com/private\n")
	r := robotsdfa(t, in.Bytes(), "filter", "-robots", robots, "-agent", "bot", "-verdicts")
	require.Equal(t, exitProblem, r.code)
	lines := lines(r.stdout)
	require.Len(t, lines, 3)
	require.Equal(t, "allowed\thttps://example.com/a", lines[0])
	require.True(t, strings.HasPrefix(lines[1], "error\thttps://example.com/xxx"), shorten(lines[1]))
	require.True(t, strings.HasSuffix(lines[1], "...\tline of 104857620 bytes, longer than -max-line 67108864"), shorten(lines[1]))
	require.Less(t, len(lines[1]), 400)
	require.Equal(t, "disallowed\thttps://example.com/private", lines[2])
}
