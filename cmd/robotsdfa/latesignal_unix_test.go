//go:build unix

package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/robotsdfa/robotsdfa/internal/testexec"
	"github.com/stretchr/testify/require"
)

// lateSignalChild names the command a child of TestLateSignalAfterFinishedRun
// runs; set, the test is that child.
const lateSignalChild = "ROBOTSDFA_LATE_SIGNAL_CMD"

// TestLateSignalAfterFinishedRun: a SIGINT or SIGTERM that comes after a
// command that handles them (filter, compile -robots-dir, fetch -hosts)
// has finished, before the process exits, does
// not end the process by the default action: the finished run exits with
// its own code, not as one interrupted with nothing saying how to resume.
// The child is this test binary, running the command in process as main
// does and then signalling itself.
func TestLateSignalAfterFinishedRun(t *testing.T) {
	if cmd := os.Getenv(lateSignalChild); cmd != "" {
		lateSignalChildRun(t, cmd)
		return
	}
	for _, cmd := range []string{"filter", "compile", "fetch"} {
		child, _ := testexec.Command(t, os.Args[0], "-test.run=^TestLateSignalAfterFinishedRun$", "-test.count=1")
		child.Env = append(os.Environ(), lateSignalChild+"="+cmd)
		out, err := child.CombinedOutput()
		require.NoError(t, err, "%s: %s", cmd, out)
		require.Contains(t, string(out), "PASS", cmd)
	}
}

// lateSignalChildRun runs cmd to its end as main would, then sends the
// process SIGINT and SIGTERM and waits for their delivery.
func lateSignalChildRun(t *testing.T, cmd string) {
	keepSignals = true
	var args []string
	switch cmd {
	case "filter":
		args = []string{"filter", "-robots-dir", sampleRobots, "-hosts", sampleHosts, "-agent", "googlebot", "-workers", "1", "-o", filepath.Join(t.TempDir(), "out.txt"), sampleURLs}
	case "compile":
		args = []string{"compile", "-robots-dir", sampleRobots, "-hosts", sampleHosts, "-o", filepath.Join(t.TempDir(), "x.pack")}
	case "fetch":
		h := newHostServers(t)
		args = []string{"fetch", "-hosts", writeTemp(t, "hosts.txt", []byte(h.ok+"\n")), "-scheme", "http", "-o", filepath.Join(t.TempDir(), "x.pack")}
	default:
		t.Fatalf("no command %q", cmd)
	}
	var stderr bytes.Buffer
	code := run(&env{stdin: bytes.NewReader(nil), stdout: io.Discard, stderr: &stderr}, args)
	require.Equal(t, exitOK, code, stderr.String())
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		require.NoError(t, syscall.Kill(os.Getpid(), sig))
	}
	time.Sleep(200 * time.Millisecond) // delivery is asynchronous
}
