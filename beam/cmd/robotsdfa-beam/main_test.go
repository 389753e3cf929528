package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/store"
	"github.com/stretchr/testify/require"
)

var exe string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "robotsdfa-beam-cmd")
	if err != nil {
		panic(err)
	}
	exe = filepath.Join(dir, "robotsdfa-beam")
	if out, err := exec.Command("go", "build", "-o", exe, ".").CombinedOutput(); err != nil {
		panic(string(out))
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// runCmd runs the command; it returns its exit code and standard error.
func runCmd(t *testing.T, args ...string) (int, string) {
	t.Helper()
	var stderr bytes.Buffer
	cmd := exec.Command(exe, args...)
	cmd.Stderr = &stderr
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), stderr.String()
	}
	require.NoError(t, err, stderr.String())
	return 0, stderr.String()
}

// TestAgentAsGiven (google): -agent's tokens are compared as given, as
// robotsdfa filter compares them and Google's reference does: a token
// with a space before it is warned about and does not get googlebot's
// group; an empty token in the chain is refused before any pipeline runs.
func TestAgentAsGiven(t *testing.T) {
	dir := t.TempDir()
	blob, err := compile.Compile([]byte("User-agent: googlebot\nDisallow: /g\n"), compile.Options{}).AppendBinary(nil)
	require.NoError(t, err)
	pack := filepath.Join(dir, "h.store")
	w, err := store.Create(pack)
	require.NoError(t, err)
	require.NoError(t, w.Add("h.example", blob))
	require.NoError(t, w.Close())
	in := filepath.Join(dir, "in.txt")
	require.NoError(t, os.WriteFile(in, []byte("https://h.example/g\n"), 0o644))

	code, stderr := runCmd(t, "filter", "-pack", pack, "-agent", "googlebot,,other", "--output", filepath.Join(dir, "refused"), in)
	require.Equal(t, 2, code, stderr)
	require.Contains(t, stderr, `robotsdfa-beam filter: empty product token in agent "googlebot,,other"`)
	require.NoFileExists(t, filepath.Join(dir, "refused-00000-of-00001"))

	for agent, want := range map[string]string{"googlebot": "disallowed", " googlebot": "allowed"} {
		out := filepath.Join(dir, "out")
		code, stderr := runCmd(t, "filter", "-pack", pack, "-agent", agent, "-verdicts", "--shards", "1", "--output", out, in)
		require.Equal(t, 0, code, stderr)
		got, err := os.ReadFile(out + "-00000-of-00001")
		require.NoError(t, err)
		require.Equal(t, want+"\thttps://h.example/g\n", string(got), "agent %q", agent)
		warned := bytes.Contains([]byte(stderr), []byte(`warning: product token " googlebot" has whitespace around it`))
		require.Equal(t, agent != "googlebot", warned, stderr)
	}
}
