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

// TestDirError: a directory passes; a file is not one, with the hint for
// its kind where there is one; a path not there is the flag's stat error.
func TestDirError(t *testing.T) {
	dir := t.TempDir()
	hints := map[Kind]string{Text: "text: elsewhere"}
	require.NoError(t, DirError("-d", dir, hints))
	text := filepath.Join(dir, "t.txt")
	require.NoError(t, os.WriteFile(text, []byte("User-agent: *\n"), 0o644))
	require.EqualError(t, DirError("-d", text, hints), "-d "+text+": not a directory (text: elsewhere)")
	bin := filepath.Join(dir, "b")
	require.NoError(t, os.WriteFile(bin, []byte{0, 1, 2}, 0o644))
	require.EqualError(t, DirError("-d", bin, hints), "-d "+bin+": not a directory")
	err := DirError("-d", filepath.Join(dir, "none"), hints)
	require.ErrorIs(t, err, os.ErrNotExist)
	require.True(t, strings.HasPrefix(err.Error(), "-d: stat "), err.Error())
}
