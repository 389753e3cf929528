package robotsdir_test

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/robotsdfa/robotsdfa/internal/robotsdir"
	"github.com/stretchr/testify/require"
)

func writeTable(t testing.TB, name string, body []byte) string {
	p := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(p, body, 0o644))
	return p
}

// TestRows: a host<TAB>file table in its order, the "host" header skipped
// on the first line only, fields past the second ignored, CRLF read as LF,
// a byte order mark at the start ignored, a malformed line an error naming
// the table and the line.
func TestRows(t *testing.T) {
	got, err := robotsdir.Rows(writeTable(t, "header.tsv", []byte("host\tfile\nWWW.Example.com\ta.txt\textra\r\nhost\th.txt\n")))
	require.NoError(t, err)
	require.Equal(t, []robotsdir.Row{{Line: 2, Host: "WWW.Example.com", File: "a.txt"}, {Line: 3, Host: "host", File: "h.txt"}}, got)

	got, err = robotsdir.Rows(writeTable(t, "bom.tsv", []byte("\ufeffhost\tfile\r\na.example\ta.txt\r\n")))
	require.NoError(t, err)
	require.Equal(t, []robotsdir.Row{{Line: 2, Host: "a.example", File: "a.txt"}}, got, "a byte order mark before the header")
	got, err = robotsdir.Rows(writeTable(t, "bom-host.tsv", []byte("\ufeffa.example\ta.txt\n")))
	require.NoError(t, err)
	require.Equal(t, []robotsdir.Row{{Line: 1, Host: "a.example", File: "a.txt"}}, got, "a byte order mark before the first host")

	got, err = robotsdir.Rows(writeTable(t, "bare.tsv", []byte("example.org\tb.txt")))
	require.NoError(t, err)
	require.Equal(t, []robotsdir.Row{{Line: 1, Host: "example.org", File: "b.txt"}}, got)

	got, err = robotsdir.Rows(writeTable(t, "empty.tsv", nil))
	require.NoError(t, err)
	require.Empty(t, got)

	for name, body := range map[string]string{
		"no-tab.tsv":     "a.example\tx.txt\nb.example\n",
		"empty-file.tsv": "a.example\tx.txt\nb.example\t\n",
		"empty-host.tsv": "a.example\tx.txt\n\tx.txt\n",
		"empty-line.tsv": "a.example\tx.txt\n\n",
	} {
		_, err = robotsdir.Rows(writeTable(t, name, []byte(body)))
		require.ErrorContains(t, err, name+":2: want host<TAB>file")
	}

	// A file outside the directory the table goes with is refused; one in
	// a directory under it is not.
	for _, file := range []string{"../x.txt", "/etc/passwd", "a/../../x.txt"} {
		_, err = robotsdir.Rows(writeTable(t, "outside.tsv", []byte("a.example\tx.txt\nb.example\t"+file+"\n")))
		require.ErrorContains(t, err, "outside.tsv:2: file \""+file+"\" is not a name inside the directory")
	}
	got, err = robotsdir.Rows(writeTable(t, "sub.tsv", []byte("a.example\tsub/x.txt\n")))
	require.NoError(t, err)
	require.Equal(t, []robotsdir.Row{{Line: 1, Host: "a.example", File: "sub/x.txt"}}, got)

	// A line past the bound names its number.
	_, err = robotsdir.Rows(writeTable(t, "long.tsv", []byte("a.example\tx.txt\nb.example\t"+strings.Repeat("y", 64<<20)+"\n")))
	require.ErrorContains(t, err, "long.tsv:2: a line over 64 MiB")

	_, err = robotsdir.Rows(filepath.Join(t.TempDir(), "missing.tsv"))
	require.ErrorIs(t, err, os.ErrNotExist)
}

// TestRowsCompressed: a gzip or zstd table reads as the plain one; a
// damaged one is an error naming it.
func TestRowsCompressed(t *testing.T) {
	plain := []byte("host\tfile\na.example\ta.txt\r\nb.example\tb.txt\n")
	want, err := robotsdir.Rows(writeTable(t, "plain.tsv", plain))
	require.NoError(t, err)
	require.Len(t, want, 2)

	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	_, err = zw.Write(plain)
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	enc, err := zstd.NewWriter(nil)
	require.NoError(t, err)
	zst := enc.EncodeAll(plain, nil)
	require.NoError(t, enc.Close())

	for name, body := range map[string][]byte{"t.tsv.gz": gz.Bytes(), "t.tsv.zst": zst} {
		got, err := robotsdir.Rows(writeTable(t, name, body))
		require.NoError(t, err, name)
		require.Equal(t, want, got, name)
		_, err = robotsdir.Rows(writeTable(t, "cut-"+name, body[:len(body)-6]))
		require.ErrorContains(t, err, "cut-"+name+": ", name)
	}
}

// TestTable: each host under its key; a host no URL can name is an error
// naming its line; lines that name one host (a case, a default port or a
// trailing dot apart) give it the last line's file, whatever the order of
// a map.
func TestTable(t *testing.T) {
	got, err := robotsdir.Table(writeTable(t, "hosts.tsv", []byte("host\tfile\nWWW.Example.com.\ta.txt\nexample.org:8080\tb.txt\n[::1]:443\tc.txt\n")))
	require.NoError(t, err)
	require.Equal(t, map[string]string{"www.example.com": "a.txt", "example.org:8080": "b.txt", "[::1]:443": "c.txt"}, got)

	for i := range 20 { // a map's order differs from run to run
		got, err = robotsdir.Table(writeTable(t, "same.tsv", []byte("a.example\tfirst.txt\nA.EXAMPLE.\tsecond.txt\na.example..\tthird.txt\nb.example\tb.txt\n")))
		require.NoError(t, err)
		require.Equal(t, map[string]string{"a.example": "third.txt", "b.example": "b.txt"}, got, "run %d", i)
	}

	for _, host := range []string{":80", ".", "//", "[::1]:80:80"} {
		_, err = robotsdir.Table(writeTable(t, "nokey.tsv", []byte("a.example\ta.txt\n"+host+"\tb.txt\n")))
		require.ErrorContains(t, err, "nokey.tsv:2: host \""+host+"\" has no host key", host)
	}
}
