package main

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestOutputsRefused: a file the command would write that it also reads,
// or that lies in its -robots-dir, is refused before any pipeline runs,
// and nothing is touched, as robotsdfa refuses it.
func TestOutputsRefused(t *testing.T) {
	dir := t.TempDir()
	rd := filepath.Join(dir, "rd")
	require.NoError(t, os.Mkdir(rd, 0o755))
	robots := filepath.Join(rd, "example.com.txt")
	require.NoError(t, os.WriteFile(robots, []byte("user-agent: *\ndisallow: /private\n"), 0o644))
	in := filepath.Join(dir, "in.txt")
	require.NoError(t, os.WriteFile(in, []byte("https://example.com/a\n"), 0o644))
	shard := filepath.Join(dir, "out-00001-of-00002")
	require.NoError(t, os.WriteFile(shard, []byte("https://example.com/b\n"), 0o644))
	pack := hostStore(t, filepath.Join(dir, "p.store"), "user-agent: *\ndisallow: /private\n", 0)
	before := snapshot(t, dir)
	out := filepath.Join(dir, "out")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"filter", "-pack", pack, "-agent", "g", "--output", filepath.Join(dir, "new"), "-missing-hosts", in, in},
			"-missing-hosts " + in + " would overwrite the input " + in},
		{[]string{"filter", "-pack", pack, "-agent", "g", "--output", filepath.Join(dir, "new"), "-missing-hosts", pack, in},
			"-missing-hosts " + pack + " would overwrite the input " + pack},
		{[]string{"filter", "-pack", pack, "-agent", "g", "--output", out, "--shards", "2", filepath.Join(dir, "*")},
			"--output " + out + " writes the input " + shard + " (a shard of 2)"},
		{[]string{"filter", "-robots-dir", rd, "-agent", "g", "--output", filepath.Join(rd, "out"), in},
			"--output " + filepath.Join(rd, "out.store") + " is inside -robots-dir " + rd},
		{[]string{"filter", "-robots-dir", rd, "-agent", "g", "--output", out, "-missing-hosts", filepath.Join(rd, "missing.txt"), in},
			"-missing-hosts " + filepath.Join(rd, "missing.txt") + " is inside -robots-dir " + rd},
		{[]string{"compile", "-robots-dir", rd, "-o", filepath.Join(rd, "all.store")},
			"-o " + filepath.Join(rd, "all.store") + " is inside -robots-dir " + rd},
		{[]string{"compile", "-o", in, in},
			"-o " + in + " would overwrite the input " + in},
		// Written when the job ends: tried before it begins.
		{[]string{"filter", "-pack", pack, "-agent", "g", "--output", out, "-missing-hosts", rd, in},
			"-missing-hosts " + rd + " is a directory"},
	} {
		code, stderr := runIn(t, dir, c.args...)
		require.Equal(t, 2, code, "%q: %s", c.args, stderr)
		require.Contains(t, stderr, c.want, "%q", c.args)
		require.Equal(t, before, snapshot(t, dir), "%q", c.args)
	}
	// The shards' own prefix, with other shards, and an input named as a
	// prefix: written.
	code, stderr := runIn(t, dir, "filter", "-pack", pack, "-agent", "g", "--output", filepath.Join(dir, "in.txt"), "--shards", "3", in, shard)
	require.Equal(t, 0, code, stderr)
	b, err := os.ReadFile(filepath.Join(dir, "in.txt-00000-of-00003"))
	require.NoError(t, err)
	require.NotEmpty(t, b)
}

// snapshot is every file under dir with its contents.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	require.NoError(t, filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		files[path] = string(b)
		return err
	}))
	return files
}

// TestMissingHostsUnwritable: a local -missing-hosts file the user may not
// write fails the run before any pipeline runs. Root writes any file, so
// this runs for other users only (cmd/robotsdfa runs its own as nobody).
func TestMissingHostsUnwritable(t *testing.T) {
	if runtime.GOOS == "windows" || os.Geteuid() == 0 {
		t.Skip("a file's mode binds no user here")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	require.NoError(t, os.WriteFile(in, []byte("https://example.com/a\n"), 0o644))
	pack := hostStore(t, filepath.Join(dir, "p.store"), "user-agent: *\ndisallow: /private\n", 0)
	list := filepath.Join(dir, "todo.txt")
	require.NoError(t, os.WriteFile(list, []byte("old.example\n"), 0o444))
	code, stderr := runIn(t, dir, "filter", "-pack", pack, "-agent", "g", "--output", filepath.Join(dir, "out"), "-missing-hosts", list, in)
	require.Equal(t, 2, code, stderr)
	require.Contains(t, stderr, "-missing-hosts: open "+list+": permission denied")
	require.NoFileExists(t, filepath.Join(dir, "out-00000-of-00004"))
}
