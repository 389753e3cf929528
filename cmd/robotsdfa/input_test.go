package main

import (
	"bytes"
	"os/exec"
	"testing"

	"github.com/stretchr/testify/require"
)

// A URL list compressed in a format filter does not read is refused with
// exit 2, named, before any line is checked, as a file or on standard
// input; text that merely begins like one is read as text.
func TestFilterOtherCompression(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("user-agent: *\ndisallow: /private\n"))
	for _, c := range []struct {
		format string
		data   []byte
	}{
		{"xz", []byte{0xfd, '7', 'z', 'X', 'Z', 0, 0, 4, 0xe6, 0xd6, 0xb4, 0x46}},
		{"bzip2", append([]byte("BZh9"), 0x31, 0x41, 0x59, 0x26, 0x53, 0x59, 0x01)},
		{"bzip2", append([]byte("BZh1"), 0x31, 0x41, 0x59, 0x26, 0x53, 0x59, 0x01)}, // bzip2 -1
		{"lz4", []byte{0x04, 0x22, 0x4d, 0x18, 0x64, 0x40, 0xa7}},
		{"Snappy-framed", []byte{0xff, 0x06, 0, 0, 's', 'N', 'a', 'P', 'p', 'Y'}},
	} {
		// A file given second: refused before the first is read.
		first := writeTemp(t, "first.txt", []byte("https://example.com/a\n"))
		file := writeTemp(t, "urls."+c.format, c.data)
		r := robotsdfa(t, nil, "filter", "-robots", robots, "-agent", "bot", first, file)
		require.Equal(t, exitProblem, r.code, c.format)
		require.Contains(t, r.stderr, file+": "+c.format+"-compressed, which filter does not read", c.format)
		require.Empty(t, r.stdout, c.format)
		r = robotsdfa(t, c.data, "filter", "-robots", robots, "-agent", "bot")
		require.Equal(t, exitProblem, r.code, c.format)
		require.Contains(t, r.stderr, "standard input: "+c.format+"-compressed", c.format)
	}
	// The bzip2 tool's own output, when there is one.
	if _, err := exec.LookPath("bzip2"); err == nil {
		cmd := exec.Command("bzip2", "-c")
		cmd.Stdin = bytes.NewReader([]byte("https://example.com/a\n"))
		data, err := cmd.Output()
		require.NoError(t, err)
		r := robotsdfa(t, data, "filter", "-robots", robots, "-agent", "bot")
		require.Equal(t, exitProblem, r.code)
		require.Contains(t, r.stderr, "bzip2-compressed")
	}
	// Text that begins as a magic number does, but is not one.
	for _, text := range []string{"BZh9 https://example.com/a\n", "BZh\n", "BZ\n"} {
		r := robotsdfa(t, []byte(text), "filter", "-robots", robots, "-agent", "bot", "-verdicts")
		require.Equal(t, exitOK, r.code, r.stderr)
		require.NotContains(t, r.stderr, "compressed")
	}
}
