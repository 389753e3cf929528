package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/robotsdfa/robotsdfa/internal/testexec"
	"github.com/stretchr/testify/require"
)

// A file a command writes that is also one it reads is refused before
// anything is touched: the same path, another spelling, a link, standard
// input redirected from it, the store or robots.txt it reads.
func TestOutputOverwritesInput(t *testing.T) {
	dir := t.TempDir()
	urls := []byte("https://example.com/a\nhttps://example.com/private\n")
	robotsBody := []byte("user-agent: *\ndisallow: /private\n")
	in := writeTemp(t, "in.txt", urls)
	robots := writeTemp(t, "robots.txt", robotsBody)
	link := filepath.Join(dir, "link.txt")
	require.NoError(t, os.Symlink(in, link))
	pack := filepath.Join(dir, "copy.pack")
	packBytes, err := os.ReadFile(samplePack(t))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(pack, packBytes, 0o644))
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"-o the input", []string{"filter", "-robots", robots, "-agent", "bot", "-o", in, in}, "-o " + in + " would overwrite the input " + in},
		{"-o the input spelt otherwise", []string{"filter", "-robots", robots, "-agent", "bot", "-o", filepath.Join(filepath.Dir(in), ".", "in.txt"), in}, "would overwrite the input " + in},
		{"-o a link to the input", []string{"filter", "-robots", robots, "-agent", "bot", "-o", link, in}, "would overwrite the input " + in},
		{"-o the robots.txt", []string{"filter", "-robots", robots, "-agent", "bot", "-o", robots, in}, "would overwrite the input " + robots},
		{"-o the store", []string{"filter", "-pack", pack, "-agent", "bot", "-o", pack, in}, "would overwrite the input " + pack},
		{"-cpuprofile the input", []string{"filter", "-robots", robots, "-agent", "bot", "-cpuprofile", in, in}, "-cpuprofile " + in + " would overwrite the input " + in},
		{"-missing-hosts the input", []string{"filter", "-pack", pack, "-agent", "bot", "-missing-hosts", in, in}, "-missing-hosts " + in + " would overwrite"},
		{"-o and -missing-hosts one file", []string{"filter", "-pack", pack, "-agent", "bot", "-o", filepath.Join(dir, "new.txt"), "-missing-hosts", filepath.Join(dir, "new.txt"), in}, "-o and -missing-hosts name one file"},
		{"compile -o the robots.txt", []string{"compile", "-o", robots, robots}, "-o " + robots + " would overwrite the input " + robots},
		{"compile -o the hosts table", []string{"compile", "-robots-dir", sampleRobots, "-hosts", in, "-o", in}, "would overwrite the input " + in},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := robotsdfa(t, nil, c.args...)
			require.Equal(t, exitProblem, r.code, r.stderr)
			require.Contains(t, r.stderr, c.want)
			require.Empty(t, r.stdout)
			require.NoFileExists(t, filepath.Join(dir, "new.txt"))
		})
	}
	requireFile(t, in, urls)
	requireFile(t, robots, robotsBody)
	requireFile(t, pack, packBytes)

	// Standard input redirected from the -o file (the shell cannot empty
	// it: -o is the command's own).
	cmd, _ := testexec.Command(t, exe, "filter", "-robots", robots, "-agent", "bot", "-o", in)
	f, err := os.Open(in)
	require.NoError(t, err)
	defer f.Close()
	var stderr bytes.Buffer
	cmd.Stdin, cmd.Stderr = f, &stderr
	require.Error(t, cmd.Run())
	require.Equal(t, exitProblem, cmd.ProcessState.ExitCode())
	require.Contains(t, stderr.String(), "-o "+in+" would overwrite standard input")
	requireFile(t, in, urls)

	// A file of its own is written as ever.
	out := filepath.Join(dir, "out.txt")
	r := robotsdfa(t, nil, "filter", "-robots", robots, "-agent", "bot", "-o", out, link)
	require.Equal(t, exitOK, r.code, r.stderr)
	requireFile(t, out, []byte("https://example.com/a\n"))
}

func requireFile(t *testing.T, path string, want []byte) {
	t.Helper()
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, string(want), string(got), path)
}

// An output inside a -robots-dir is refused: filter reads a host's file
// when its URLs come, so -o rd/example.com.txt emptied that robots.txt
// first and allowed all its URLs, and a new file there could be read as
// a host's.
func TestOutputInsideRobotsDir(t *testing.T) {
	dir := t.TempDir()
	rd := filepath.Join(dir, "rd")
	require.NoError(t, os.Mkdir(rd, 0o755))
	robots := filepath.Join(rd, "example.com.txt")
	robotsBody := []byte("user-agent: *\ndisallow: /private\n")
	require.NoError(t, os.WriteFile(robots, robotsBody, 0o644))
	link := filepath.Join(dir, "link")
	require.NoError(t, os.Symlink(rd, link))
	toRobots := filepath.Join(dir, "to-robots.txt")
	require.NoError(t, os.Symlink(robots, toRobots))
	in := writeTemp(t, "in.txt", []byte("https://example.com/a\nhttps://example.com/private\n"))
	filter := []string{"filter", "-robots-dir", rd, "-agent", "bot"}
	for _, c := range []struct {
		name string
		args []string
	}{
		{"-o a host's file", append(filter, "-o", robots, in)},
		{"-o a host's file through a link", append(filter, "-o", filepath.Join(link, "example.com.txt"), in)},
		{"-o a link to a host's file", append(filter, "-o", toRobots, in)},
		{"-o a new file", append(filter, "-o", filepath.Join(rd, "new.example.txt"), in)},
		{"-missing-hosts", append(filter, "-missing-hosts", filepath.Join(rd, "missing.txt"), in)},
		{"-robots-dir through a link", []string{"filter", "-robots-dir", link, "-agent", "bot", "-o", robots, in}},
		{"compile -o", []string{"compile", "-robots-dir", rd, "-o", filepath.Join(rd, "all.pack")}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := runIn(t, c.args...)
			require.Equal(t, exitProblem, r.code, r.stderr)
			require.Contains(t, r.stderr, "is inside -robots-dir")
			require.Empty(t, r.stdout)
			entries, err := os.ReadDir(rd)
			require.NoError(t, err)
			require.Len(t, entries, 1)
			requireFile(t, robots, robotsBody)
		})
	}
	// Elsewhere, but another name of a host's file: a hard link to it, or
	// the file a link in the directory leads to.
	hard := filepath.Join(dir, "hard.txt")
	require.NoError(t, os.Link(robots, hard))
	target := filepath.Join(dir, "target.txt")
	require.NoError(t, os.WriteFile(target, robotsBody, 0o644))
	require.NoError(t, os.Symlink(target, filepath.Join(rd, "example.org.txt")))
	for out, name := range map[string]string{hard: "example.com.txt", target: "example.org.txt"} {
		r := runIn(t, append(filter, "-o", out, in)...)
		require.Equal(t, exitProblem, r.code, r.stderr)
		require.Contains(t, r.stderr, "is "+name+" of -robots-dir "+rd+" under another name")
		requireFile(t, out, robotsBody)
	}
	// Beside it (a name it prefixes), as ever.
	out := filepath.Join(dir, "rd2.txt")
	r := runIn(t, append(filter, "-o", out, in)...)
	require.Equal(t, exitOK, r.code, r.stderr)
	requireFile(t, out, []byte("https://example.com/a\n"))
	r = runIn(t, "compile", "-robots-dir", rd, "-o", filepath.Join(dir, "rd2.pack"))
	require.Equal(t, exitOK, r.code, r.stderr)
}
