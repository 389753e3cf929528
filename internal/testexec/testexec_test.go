package testexec

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// recorder keeps what command reports, in place of a test.
type recorder struct {
	cleanups []func()
	errs     []string
}

func (r *recorder) Cleanup(f func()) { r.cleanups = append(r.cleanups, f) }
func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
func (r *recorder) end() {
	for _, f := range r.cleanups {
		f()
	}
}

// TestMain: run as a helper, the test binary is a Go program that hangs
// (TESTEXEC_HANG), or one that starts a command and ends, printing the
// command's pid (TESTEXEC_ORPHAN).
func TestMain(m *testing.M) {
	if os.Getenv("TESTEXEC_HANG") == "1" {
		time.Sleep(time.Hour)
	}
	if os.Getenv("TESTEXEC_ORPHAN") == "1" {
		cmd, _ := command(&recorder{}, Bound, waitDelay, "sleep", "60")
		if err := cmd.Start(); err != nil {
			panic(err)
		}
		fmt.Println(cmd.Process.Pid)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestStopsAHang: a Go program that never ends is stopped at the bound
// with SIGQUIT, having printed its goroutines, and the test is failed with
// its command line.
func TestStopsAHang(t *testing.T) {
	r := &recorder{}
	cmd, stopped := command(r, 200*time.Millisecond, waitDelay, os.Args[0], "-test.run=^$", "hang")
	cmd.Env = append(os.Environ(), "TESTEXEC_HANG=1")
	start := time.Now()
	out, err := cmd.CombinedOutput()
	require.Less(t, time.Since(start), 9*time.Second, "stopped by SIGQUIT, not by WaitDelay's kill")
	require.Error(t, err)
	require.True(t, stopped())
	require.Contains(t, string(out), "SIGQUIT")
	require.Contains(t, string(out), "goroutine ")
	r.end()
	require.Len(t, r.errs, 1)
	require.Contains(t, r.errs[0], "testexec.test -test.run=^$ hang: still running after 200ms, stopped")
}

// TestLeavesAQuickOne: a command that ends within the bound is run as
// exec.Command would, and nothing is reported.
func TestLeavesAQuickOne(t *testing.T) {
	r := &recorder{}
	cmd, stopped := command(r, time.Minute, waitDelay, "sh", "-c", "echo out; exit 3")
	out, err := cmd.Output()
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit)
	require.Equal(t, 3, exit.ExitCode())
	require.Equal(t, "out\n", string(out))
	require.False(t, stopped())
	r.end()
	require.Empty(t, r.errs)
}

// TestKillsOneIgnoringQuit: a command that ignores SIGQUIT is killed once
// the wait delay has passed, and the test failed as for any other.
func TestKillsOneIgnoringQuit(t *testing.T) {
	r := &recorder{}
	cmd, stopped := command(r, 200*time.Millisecond, 300*time.Millisecond, "sh", "-c", `trap "" QUIT; echo ready; exec sleep 60`)
	start := time.Now()
	out, err := cmd.Output()
	require.Less(t, time.Since(start), 30*time.Second, "killed, not left to end")
	require.Error(t, err)
	require.Equal(t, "ready\n", string(out))
	require.True(t, stopped())
	r.end()
	require.Len(t, r.errs, 1)
	require.Contains(t, r.errs[0], "still running after 200ms, stopped")
}

func TestLine(t *testing.T) {
	require.Equal(t, "robotsdfa filter -q", Line("/tmp/x/robotsdfa", []string{"filter", "-q"}))
	exact := strings.Repeat("y", 300-len("robotsdfa "))
	require.Equal(t, "robotsdfa "+exact, Line("robotsdfa", []string{exact}), "300 bytes are not cut")
	long := Line("robotsdfa", []string{strings.Repeat("x", 400)})
	require.True(t, strings.HasSuffix(long, "... (410 bytes)"), long)
	require.Len(t, long, 300+len("... (410 bytes)"))
}
