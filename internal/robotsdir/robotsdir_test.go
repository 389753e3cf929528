package robotsdir_test

import (
	"fmt"
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
		// An IPv6 literal's colons are written '_' too.
		"[__1]":             "[::1]",
		"[__1]_8080":        "[::1]:8080",
		"[2001_db8__7]_443": "[2001:db8::7]:443",
		"[__1]_":            "[__1]_",
		"[__1]x":            "[__1]x",
		"[__1]_8a":          "[__1]_8a",
		"[__1":              "[__1",
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
	got, skipped, err := robotsdir.HostFiles(dir, "")
	require.NoError(t, err)
	require.Equal(t, []robotsdir.Skipped{{"d.example", "not a <host>.txt file"}, {"e.example.txt", "a directory"}, {"notes.md", "not a <host>.txt file"}}, skipped)
	require.Equal(t, map[string]string{
		"a.example":      "A.example.txt",
		"b.example:8080": "b.example_8080.txt",
		"c.example:443":  "c.example_443.txt",
	}, got)

	hosts := filepath.Join(t.TempDir(), "hosts.tsv")
	require.NoError(t, os.WriteFile(hosts, []byte("host\tfile\nWWW.A.example\tA.example.txt\nb.example:8080\tA.example.txt\n"), 0o644))
	got, _, err = robotsdir.HostFiles(dir, hosts)
	require.NoError(t, err)
	require.Equal(t, map[string]string{
		"a.example":      "A.example.txt",
		"www.a.example":  "A.example.txt",
		"b.example:8080": "A.example.txt",
		"c.example:443":  "c.example_443.txt",
	}, got)

	// A table may name a file of any name, and sit in the directory: the
	// warning names neither.
	inside := filepath.Join(dir, "hosts.tsv")
	require.NoError(t, os.WriteFile(inside, []byte("n.example\tnotes.md\n"), 0o644))
	got, skipped, err = robotsdir.HostFiles(dir, inside)
	require.NoError(t, err)
	require.Equal(t, "notes.md", got["n.example"])
	require.Equal(t, []robotsdir.Skipped{{"d.example", "not a <host>.txt file"}, {"e.example.txt", "a directory"}}, skipped)
	require.NoError(t, os.Remove(inside))

	_, _, err = robotsdir.HostFiles(dir, filepath.Join(dir, "missing.tsv"))
	require.Error(t, err)
	empty := t.TempDir()
	_, _, err = robotsdir.HostFiles(empty, "")
	require.EqualError(t, err, empty+": no <host>.txt files")
	_, _, err = robotsdir.HostFiles(filepath.Join(empty, "none"), "")
	require.Error(t, err)
	// A directory of robots.txt saved as wget -x saves them.
	require.NoError(t, os.MkdirAll(filepath.Join(empty, "a.example"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(empty, "a.example", "robots.txt"), nil, 0o644))
	_, _, err = robotsdir.HostFiles(empty, "")
	require.EqualError(t, err, empty+`: no <host>.txt files; 1 entry not read as a host's robots.txt: "a.example" (a directory)`)
}

// TestScan: a host's file at its own name is read, even hidden
// (".hidden.txt" is the host .hidden's, as filter reads it); one spelt
// otherwise (capitals, Unicode, a trailing dot) is found by the scan
// unless the host has a file at its own name; of other spellings the
// later in name order is read; every other entry is named with why,
// except hidden ones (".DS_Store", ".git", ".Hidden.txt").
func TestScan(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{
		"own.example.txt", "own.example_8080.txt", "[__1]_8080.txt",
		"Spelt.example.txt", "bücher.example.txt",
		"Both.example.txt", "both.example.txt",
		"Two.example.txt", "two.example..txt",
		"Three.example.txt", "three.example..txt", "three.example.txt",
		"notes.md", "Upper.example.TXT", "@.txt", ".hidden.txt", ".Hidden.txt", ".DS_Store", ".txt",
	} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), nil, 0o644))
	}
	require.NoError(t, os.Mkdir(filepath.Join(dir, "sub"), 0o755))
	require.NoError(t, os.Mkdir(filepath.Join(dir, ".git"), 0o755))
	var own []string
	spelt, skipped, err := robotsdir.Scan(dir, func(key string) { own = append(own, key) })
	require.NoError(t, err)
	require.ElementsMatch(t, []string{"own.example", "own.example:8080", "[::1]:8080", "both.example", "three.example", ".hidden"}, own)
	require.Equal(t, map[string]string{
		"spelt.example":         "Spelt.example.txt",
		"xn--bcher-kva.example": "bücher.example.txt",
		"two.example":           "two.example..txt",
	}, spelt)
	require.Equal(t, []robotsdir.Skipped{
		{"@.txt", "names no host"},
		{"Both.example.txt", "host both.example's file is also both.example.txt, read instead"},
		{"Three.example.txt", "host three.example's file is also three.example.txt, read instead"},
		{"Two.example.txt", "host two.example's file is also two.example..txt, read instead"},
		{"Upper.example.TXT", "not a <host>.txt file"},
		{"notes.md", "not a <host>.txt file"},
		{"sub", "a directory"},
		{"three.example..txt", "host three.example's file is also three.example.txt, read instead"},
	}, skipped)
	require.Equal(t, `8 entries not read as a host's robots.txt: "@.txt" (names no host), "Both.example.txt" (host both.example's file is also both.example.txt, read instead), `+
		`"Three.example.txt" (host three.example's file is also three.example.txt, read instead), "Two.example.txt" (host two.example's file is also two.example..txt, read instead) and 4 more`, robotsdir.Describe(skipped))

	require.NotContains(t, robotsdir.Describe(skipped[:4]), "more")

	// More names than one batch of the listing.
	many := t.TempDir()
	for i := range 5000 {
		require.NoError(t, os.WriteFile(filepath.Join(many, fmt.Sprintf("h%d.example.txt", i)), nil, 0o644))
	}
	n := 0
	spelt, skipped, err = robotsdir.Scan(many, func(string) { n++ })
	require.NoError(t, err)
	require.Equal(t, 5000, n)
	require.Empty(t, spelt)
	require.Empty(t, skipped)
}
