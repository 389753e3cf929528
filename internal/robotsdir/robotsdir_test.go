package robotsdir_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/robotsdfa/robotsdfa/internal/robotsdir"
	"github.com/stretchr/testify/require"
)

// TestFileHost: a file name's trailing "_<digits>" is its port, as a file
// name holds no ':'; any other name is its host as it stands.
func TestFileHost(t *testing.T) {
	for name, host := range map[string]string{
		"example.com":      "example.com",
		"example.com_8080": "example.com:8080",
		"my_host_81":       "my_host:81",
		"my_host":          "my_host",
		"host_8a":          "host_8a",
		"host_":            "host_", // no digits after it: not a port
		"_8080":            "_8080", // nothing before it: not a port
		"_":                "_",
		"":                 "",
	} {
		require.Equal(t, host, robotsdir.FileHost(name), "FileHost(%q)", name)
	}
}

// TestHostFiles: every <host>.txt of a directory under its host key (a
// port from "_<port>"), subdirectories and other
// files left out, then a -hosts table's hosts, which take precedence; a
// directory without one is an error naming it.
func TestHostFiles(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"A.example.txt", "b.example_8080.txt", "c.example_443.txt", "notes.md", "d.example"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte("User-agent: *\n"), 0o644))
	}
	require.NoError(t, os.Mkdir(filepath.Join(dir, "e.example.txt"), 0o755))
	got, err := robotsdir.HostFiles(dir, "")
	require.NoError(t, err)
	require.Equal(t, map[string]string{
		"a.example":      "A.example.txt",
		"b.example:8080": "b.example_8080.txt",
		"c.example:443":  "c.example_443.txt",
	}, got)

	hosts := filepath.Join(t.TempDir(), "hosts.tsv")
	require.NoError(t, os.WriteFile(hosts, []byte("host\tfile\nWWW.A.example\tA.example.txt\nb.example:8080\tA.example.txt\n"), 0o644))
	got, err = robotsdir.HostFiles(dir, hosts)
	require.NoError(t, err)
	require.Equal(t, map[string]string{
		"a.example":      "A.example.txt",
		"www.a.example":  "A.example.txt",
		"b.example:8080": "A.example.txt",
		"c.example:443":  "c.example_443.txt",
	}, got)

	_, err = robotsdir.HostFiles(dir, filepath.Join(dir, "missing.tsv"))
	require.Error(t, err)
	empty := t.TempDir()
	_, err = robotsdir.HostFiles(empty, "")
	require.ErrorContains(t, err, empty+": no <host>.txt files")
	_, err = robotsdir.HostFiles(filepath.Join(empty, "none"), "")
	require.Error(t, err)
}
