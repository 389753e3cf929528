package testexec

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestDiesWithTheTest: a command outlives no test process. A
// helper, run as the test binary, starts a command that would sleep a
// minute, prints its pid and exits at once, as a binary stopped by go
// test's -timeout does; the command is gone within seconds.
func TestDiesWithTheTest(t *testing.T) {
	helper := exec.Command(os.Args[0], "-test.run=^$")
	helper.Env = append(os.Environ(), "TESTEXEC_ORPHAN=1")
	out, err := helper.Output()
	require.NoError(t, err)
	pid, err := strconv.Atoi(strings.TrimSpace(string(out)))
	require.NoError(t, err, "%q", out)
	deadline := time.Now().Add(10 * time.Second)
	for syscall.Kill(pid, 0) == nil {
		require.True(t, time.Now().Before(deadline), "the command %d is still running after its test process ended", pid)
		time.Sleep(10 * time.Millisecond)
	}
}
