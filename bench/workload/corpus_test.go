package workload

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/stretchr/testify/require"
)

// TestReadHosts: a host<TAB>file table (robotsdir.Rows) under each host
// lower-cased, a later line for a host replacing an earlier one; a
// malformed line is an error naming it.
func TestReadHosts(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
		return p
	}
	got, err := ReadHosts(write("header.tsv", "host\tfile\nWWW.Example.com\ta.txt\textra\nexample.org\tb.txt\nwww.example.COM\tc.txt\n"))
	require.NoError(t, err)
	require.Equal(t, map[string]string{"www.example.com": "c.txt", "example.org": "b.txt"}, got)

	_, err = ReadHosts(write("no-tab.tsv", "a.example\tx.txt\nb.example\n"))
	require.ErrorContains(t, err, "no-tab.tsv:2: want host<TAB>file")
}

// TestReadFileCompressed: ReadFile and ReadLines read plain, gzip and
// zstd files alike (LF or CRLF); a corrupt stream is an error naming the
// file.
func TestReadFileCompressed(t *testing.T) {
	dir := t.TempDir()
	plain := []byte("https://a.example/1\r\nhttps://b.example/2\n")
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	_, err := zw.Write(plain)
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	enc, err := zstd.NewWriter(nil)
	require.NoError(t, err)
	for name, data := range map[string][]byte{"plain.txt": plain, "g.txt.gz": gz.Bytes(), "z.txt.zst": enc.EncodeAll(plain, nil)} {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, data, 0o644))
		got, err := ReadFile(p)
		require.NoError(t, err, name)
		require.Equal(t, plain, got, name)
		lines, err := ReadLines(p)
		require.NoError(t, err, name)
		require.Equal(t, []string{"https://a.example/1", "https://b.example/2"}, lines, name)
	}
	for name, data := range map[string][]byte{"bad.gz": gz.Bytes()[:12], "bad.zst": enc.EncodeAll(plain, nil)[:8]} {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, data, 0o644))
		_, err := ReadFile(p)
		require.ErrorContains(t, err, p, name)
	}
	_, err = ReadFile(filepath.Join(dir, "missing"))
	require.Error(t, err)
}

// TestStarRules: the adversarial workload's third file, rule by rule.
func TestStarRules(t *testing.T) {
	require.Equal(t, "disallow: /*ab*ab*ab*c\ndisallow: /*ab*ab*ab*ab*c\n", starRules(2))
	rules := strings.Split(strings.TrimSuffix(starRules(40), "\n"), "\n")
	require.Len(t, rules, 40)
	for i, r := range rules {
		n := i + 1 // rule n has n%20+2 stars before its c
		require.Equal(t, "disallow: /"+strings.Repeat("*ab", n%20+2)+"*c", r, "rule %d", n)
	}
}

// TestShared: a directory laid out as the shared corpus opens as one (its
// hosts table, its URL lists, the Wikipedia list among them); one without
// URL lists is an error naming where they were looked for.
func TestShared(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "robots"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "robots-hosts.tsv"), []byte("host\tfile\na.example\ta.txt\n"), 0o644))
	_, err := Open(dir)
	require.ErrorContains(t, err, "workload: no URL lists in "+filepath.Join(dir, "urls"))

	require.NoError(t, os.MkdirAll(filepath.Join(dir, "urls"), 0o755))
	for _, name := range []string{"fst-wiki-urls-100000.txt", "other.txt"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "urls", name), []byte("https://a.example/\n"), 0o644))
	}
	c, err := Open(dir)
	require.NoError(t, err)
	require.Equal(t, "the shared corpus in "+dir, c.Name)
	require.Equal(t, map[string]string{"a.example": "a.txt"}, c.Hosts)
	require.Equal(t, []string{filepath.Join(dir, "urls", "fst-wiki-urls-100000.txt"), filepath.Join(dir, "urls", "other.txt")}, c.URLs)
	require.Equal(t, filepath.Join(dir, "urls", "fst-wiki-urls-100000.txt"), c.WikipediaURLs)

	require.NoError(t, os.WriteFile(filepath.Join(dir, "robots-hosts.tsv"), []byte("a.example\n"), 0o644))
	_, err = Open(dir)
	require.ErrorContains(t, err, "want host<TAB>file")
}
