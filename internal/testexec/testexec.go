// Package testexec runs a command for a test with a bound on its time, so
// that a command that hangs (a deadlock a change brought) fails its test,
// naming the command line and where its goroutines stood, instead of
// running into go test's timeout, which says neither.
package testexec

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Bound is how long a command may run.
const Bound = 5 * time.Minute

// waitDelay is how long a stopped command has to end (and close its
// output) before it is killed: a program that ignores SIGQUIT, or a child
// left holding its output open, would otherwise hang the test.
const waitDelay = 10 * time.Second

// Command is exec.Command stopped once it has run Bound, with SIGQUIT (on
// which a Go program prints every goroutine's stack and exits), and the
// test then failed, naming it. stopped reports whether it was stopped.
// On Linux the command is also killed if the test process ends first.
func Command(t testing.TB, name string, args ...string) (cmd *exec.Cmd, stopped func() bool) {
	return command(t, Bound, waitDelay, name, args...)
}

// reporter is what command needs of a testing.TB.
type reporter interface {
	Cleanup(func())
	Errorf(format string, args ...any)
}

func command(t reporter, bound, wait time.Duration, name string, args ...string) (cmd *exec.Cmd, stopped func() bool) {
	ctx, cancel := context.WithTimeout(context.Background(), bound)
	cmd = exec.CommandContext(ctx, name, args...)
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGQUIT) }
	cmd.WaitDelay = wait
	dieWithParent(cmd)
	stopped = func() bool { return ctx.Err() == context.DeadlineExceeded }
	t.Cleanup(func() {
		if stopped() {
			t.Errorf("%s: still running after %v, stopped", Line(name, args), bound)
		}
		cancel()
	})
	return cmd, stopped
}

// Line is a command line for a message, cut at 300 bytes.
func Line(name string, args []string) string {
	s := strings.Join(append([]string{filepath.Base(name)}, args...), " ")
	if len(s) > 300 {
		s = s[:300] + fmt.Sprintf("... (%d bytes)", len(s))
	}
	return s
}
