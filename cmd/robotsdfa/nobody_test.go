//go:build unix

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
)

// nobody is the user id and group id tests run the binary as when they
// need a user whom file permissions bind (root reads every file).
const nobody = 65534

// asNobody returns a runner of the binary as user nobody: a copy of the
// binary in dir, a directory of t.TempDir's, which it opens to everyone
// with the test's own directory above it. A machine where nobody cannot
// reach it even so skips the test.
func asNobody(t *testing.T, dir string) func(t testing.TB, stdin []byte, args ...string) result {
	t.Helper()
	for _, d := range []string{dir, filepath.Dir(dir)} {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(dir, "robotsdfa")
	data, err := os.ReadFile(exe)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, data, 0o755); err != nil {
		t.Fatal(err)
	}
	// A binary built with coverage (go test -cover) writes its counters
	// where GOCOVERDIR says, or says on standard error that it cannot:
	// nobody gets a directory of its own, whose counters are not merged.
	var env []string
	if os.Getenv("GOCOVERDIR") != "" {
		counters := t.TempDir()
		if err := os.Chmod(counters, 0o777); err != nil {
			t.Fatal(err)
		}
		env = append(os.Environ(), "GOCOVERDIR="+counters)
	}
	return func(t testing.TB, stdin []byte, args ...string) result {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Env = env
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
		if stdin != nil {
			cmd.Stdin = bytes.NewReader(stdin)
		}
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		var exit *exec.ExitError
		if errors.Is(err, os.ErrPermission) {
			t.Skipf("user nobody cannot run %s: %v", bin, err)
		}
		if err != nil && !errors.As(err, &exit) {
			t.Fatalf("running as nobody: %v", err)
		}
		return result{out.String(), errb.String(), cmd.ProcessState.ExitCode()}
	}
}

// boundRun is the runner of the binary for a test of file permissions, and
// the directory the test works in: robotsdfa itself, or, when the tests
// run as root (who reads and writes every file), the binary as nobody
// from that directory (asNobody).
func boundRun(t *testing.T) (func(t testing.TB, stdin []byte, args ...string) result, string) {
	t.Helper()
	dir := t.TempDir()
	if os.Geteuid() == 0 {
		return asNobody(t, dir), dir
	}
	return robotsdfa, dir
}

// A file the user may not read (as root, who reads anything, the binary
// runs as nobody). Unix only: elsewhere a mode of 0 does not stop a read.
func TestUnreadableFile(t *testing.T) {
	run, dir := boundRun(t)
	robots := filepath.Join(dir, "robots.txt")
	require.NoError(t, os.WriteFile(robots, []byte("user-agent: *\ndisallow: /\n"), 0))
	r := run(t, nil, "check", robots, "bot", "/")
	require.Equal(t, exitProblem, r.code, r.stderr)
	require.Contains(t, r.stderr, "permission denied")
	r = run(t, []byte("/x\n"), "filter", "-robots", robots, "-agent", "bot")
	require.Equal(t, exitProblem, r.code, r.stderr)
	require.Contains(t, r.stderr, "permission denied")
}

// A -robots-dir the user may search but not list: each host's file at its
// own name is read all the same, with a warning that the others are not.
func TestUnlistableRobotsDir(t *testing.T) {
	run, dir := boundRun(t)
	robots := filepath.Join(dir, "robots")
	require.NoError(t, os.Mkdir(robots, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(robots, "a.example.txt"), []byte("user-agent: *\ndisallow: /\n"), 0o644))
	require.NoError(t, os.Chmod(robots, 0o311))
	r := run(t, []byte("https://a.example/x\nhttps://b.example/x\n"), "filter", "-robots-dir", robots, "-agent", "bot", "-verdicts")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Equal(t, "disallowed\thttps://a.example/x\nallowed\thttps://b.example/x\n", r.stdout)
	require.Contains(t, r.stderr, "permission denied: only files at their host's own name (<host>.txt) are read")
}

// TestMissingHostsUnwritable: a -missing-hosts list the user may not write
// when the run ends, or whose directory takes no new file (for a new list,
// or for -append's, written beside the old one), fails the run before it
// reads a line; one the user may write in place goes on.
func TestMissingHostsUnwritable(t *testing.T) {
	run, dir := boundRun(t)
	robots := filepath.Join(dir, "robots")
	require.NoError(t, os.Mkdir(robots, 0o755))
	ro := filepath.Join(dir, "ro")
	require.NoError(t, os.Mkdir(ro, 0o755))
	list := filepath.Join(ro, "todo.txt")
	require.NoError(t, os.WriteFile(list, []byte("old.example\n"), 0o644))
	require.NoError(t, os.Chmod(list, 0o444))
	require.NoError(t, os.Chmod(ro, 0o555))
	t.Cleanup(func() { os.Chmod(ro, 0o755) })
	in := []byte("https://new.example/a\n")
	filter := func(list string, flags ...string) result {
		return run(t, in, append([]string{"filter", "-robots-dir", robots, "-agent", "bot", "-missing-hosts", list}, flags...)...)
	}
	for _, c := range []struct {
		list   string
		flags  []string
		stderr string
	}{
		{filepath.Join(ro, "new.txt"), nil, "-missing-hosts " + filepath.Join(ro, "new.txt") + ": cannot write in " + ro + ": permission denied"},
		{list, []string{"-append"}, "-missing-hosts " + list + ": cannot write in " + ro + ": permission denied"},
		{list, []string{"-resume", "-o", filepath.Join(dir, "out.txt")}, "-missing-hosts " + list + ": cannot write in " + ro + ": permission denied"},
		{list, nil, "-missing-hosts: open " + list + ": permission denied"},
	} {
		r := filter(c.list, c.flags...)
		require.Equal(t, exitProblem, r.code, r.stderr)
		require.Equal(t, "robotsdfa filter: "+c.stderr+"\n", r.stderr)
		require.Empty(t, r.stdout, "no line read")
	}
	require.NoError(t, os.Chmod(list, 0o666))
	r := filter(list, "-q")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Equal(t, "https://new.example/a\n", r.stdout)
	got, err := os.ReadFile(list)
	require.NoError(t, err)
	require.Equal(t, "new.example\n", string(got), "written in place")
}

// TestResumeUnreadableOutput: -resume on a compressed -o the user may
// write but not read fails with the read's error, before any work: not
// as a file that holds no mark, which would have the user remove it.
func TestResumeUnreadableOutput(t *testing.T) {
	run, dir := boundRun(t)
	robots := filepath.Join(dir, "robots.txt")
	require.NoError(t, os.WriteFile(robots, []byte("user-agent: *\ndisallow: /x\n"), 0o644))
	outs := filepath.Join(dir, "out")
	require.NoError(t, os.Mkdir(outs, 0o777))
	require.NoError(t, os.Chmod(outs, 0o777)) // past the umask
	for _, name := range []string{"out.txt.gz", "out.txt.zst"} {
		out := filepath.Join(outs, name)
		r := run(t, []byte("https://a.example/x\nhttps://a.example/y\n"), "filter", "-robots", robots, "-agent", "bot", "-o", out)
		require.Equal(t, exitOK, r.code, r.stderr)
		before, err := os.ReadFile(out)
		require.NoError(t, err)
		require.NoError(t, os.Chmod(out, 0o200))
		r = run(t, []byte("https://a.example/x\nhttps://a.example/y\n"), "filter", "-robots", robots, "-agent", "bot", "-resume", "-o", out)
		require.Equal(t, exitProblem, r.code, r.stderr)
		require.Contains(t, r.stderr, "permission denied", name)
		require.NotContains(t, r.stderr, "holds no mark", name)
		require.NoError(t, os.Chmod(out, 0o600)) // readable again, for a test not run as root
		after, err := os.ReadFile(out)
		require.NoError(t, err)
		require.Equal(t, before, after, "%s changed", name)
	}
}
