package filekind

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/store"
	"github.com/stretchr/testify/require"
)

// TestOf: what a file looks like, from its first bytes; a rune cut by the
// read's end is still text, one cut by the file's end is not; a blob and
// a pack as the library writes them.
func TestOf(t *testing.T) {
	dir := t.TempDir()
	write := func(body string) string {
		path := filepath.Join(dir, "f")
		require.NoError(t, os.WriteFile(path, []byte(body), 0o644))
		return path
	}
	for _, c := range []struct {
		body string
		want Kind
	}{
		{"User-agent: *\r\nDisallow: /x\t# café\n", Text},
		{"https://example.com/a\n", Text},
		{strings.Repeat("a", sniffBytes-1) + "é", Text}, // 'é' cut by the read
		{strings.Repeat("a", sniffBytes-3) + "😀", Text}, // cut after 3 of its 4 bytes
		{"caf\xc3", Other},
		{"a\x00b", Other},
		{"a\x1bb", Other},
		{"a\x7fb", Other},
		{"", Other},
		{"\x28\xb5\x2f\xfd", Other},
	} {
		require.Equal(t, c.want, Of(write(c.body)), "%q", c.body)
	}
	require.Equal(t, Other, Of(filepath.Join(dir, "none")))
	require.Equal(t, Other, Of(dir))
	fifo := filepath.Join(dir, "fifo")
	if mkfifo(fifo) == nil {
		require.Equal(t, Other, Of(fifo), "a FIFO is not opened: that would wait for a writer")
	}

	blob, err := compile.Compile([]byte("user-agent: *\ndisallow: /x\n"), compile.Options{}).AppendBinary(nil)
	require.NoError(t, err)
	require.Equal(t, Blob, Of(write(string(blob))))
	pack := filepath.Join(dir, "x.pack")
	w, err := store.Create(pack)
	require.NoError(t, err)
	require.NoError(t, w.Add("example.com", blob))
	require.NoError(t, w.Close())
	require.Equal(t, Pack, Of(pack))
}
