//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/robotsdfa/robotsdfa/internal/testexec"
	"github.com/stretchr/testify/require"
)

// TestFilterOnSeparateWorkers runs filter as a cluster runs it: Prism with
// a PROCESS environment starts the Go SDK's boot loader (the program of
// Beam's worker containers), which fetches the staged worker binary, this
// command, and starts it with the harness's flags and no command; the
// lines it writes are robotsdfa filter -pack's for the sample frontier.
// The wrapper drops the quotes Prism (v2.77.0) writes around the worker's
// id, which the boot loader would take for part of it.
func TestFilterOnSeparateWorkers(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("the boot loader's wrapper is a bash script")
	}
	dir := t.TempDir()
	boot := filepath.Join(dir, "boot")
	if out, err := exec.Command("go", "build", "-o", boot, "github.com/apache/beam/sdks/v2/go/container").CombinedOutput(); err != nil {
		t.Fatalf("building Beam's boot loader: %v\n%s", err, out)
	}
	persist := filepath.Join(dir, "persist")
	require.NoError(t, os.Mkdir(persist, 0o755))
	wrapper := filepath.Join(dir, "boot.sh")
	script := "#!" + bash + "\nexec " + boot + " --semi_persist_dir=" + persist + ` "${@//\'/}"` + "\n"
	require.NoError(t, os.WriteFile(wrapper, []byte(script), 0o755))
	// The boot loader copies the worker binary to a directory of its own
	// under /tmp, named bin*, whatever it is told: those this run makes go.
	before, _ := filepath.Glob("/tmp/bin*")
	t.Cleanup(func() {
		after, _ := filepath.Glob("/tmp/bin*")
		for _, d := range after {
			if _, err := os.Stat(filepath.Join(d, "worker")); err == nil && !slices.Contains(before, d) {
				os.RemoveAll(d)
			}
		}
	})

	robots, hosts := "../../../testdata/corpus/robots", "../../../testdata/corpus/hosts.tsv"
	frontier, err := filepath.Abs("../../../testdata/frontier/urls.txt.zst")
	require.NoError(t, err)
	pack := filepath.Join(dir, "sample.store")
	runCLI(t, "compile", "-robots-dir", robots, "-hosts", hosts, "-o", pack)
	want := strings.SplitAfter(runCLI(t, "filter", "-pack", pack, "-agent", "googlebot", "-explain", "-q", frontier), "\n")

	// The worker, once done, waits to be stopped, as in a container the
	// runner ends; the test ends it with the process group it runs in.
	out := filepath.Join(dir, "out")
	args := []string{"filter", "-pack", pack, "-agent", "googlebot", "-explain", "--shards", "1", "--output", out,
		"--runner", "prism", "--environment_type", "PROCESS", "--environment_config", `{"command": "` + wrapper + `"}`,
		"--worker_binary", exe, frontier}
	stderrFile, err := os.Create(filepath.Join(dir, "stderr"))
	require.NoError(t, err)
	defer stderrFile.Close()
	cmd, stopped := testexec.Command(t, exe, args...)
	cmd.Stderr = stderrFile // a file, which the worker left waiting holds without holding up Wait
	cmd.Dir = dir           // where the boot loader writes pipeline_options.json
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true // kept with the parent-death signal testexec sets on Linux
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) })
	// A worker that fails to start leaves Prism waiting for ever: the
	// boot loader's word of it ends the run at once.
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	var runErr error
	for waiting := true; waiting; {
		select {
		case runErr = <-exited:
			waiting = false
		case <-time.After(200 * time.Millisecond):
			if b, _ := os.ReadFile(stderrFile.Name()); bytes.Contains(b, []byte("User program exited")) {
				syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
				t.Fatalf("the worker did not start:\n%s", b)
			}
		}
	}
	stderr, err := os.ReadFile(stderrFile.Name())
	require.NoError(t, err)
	require.False(t, stopped(), "%s", stderr)
	require.NoError(t, runErr, "%s", stderr)
	require.Contains(t, string(stderr), "Worker exited successfully", "the lines came from a worker process")
	b, err := os.ReadFile(out + "-00000-of-00001")
	require.NoError(t, err)
	got := strings.SplitAfter(string(b), "\n")
	slices.Sort(got)
	slices.Sort(want)
	require.Equal(t, want, got)
}
