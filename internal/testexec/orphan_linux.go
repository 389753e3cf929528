package testexec

import (
	"os/exec"
	"syscall"
)

// dieWithParent has the kernel kill cmd when the test process ends: a
// test binary stopped by go test's -timeout (or a mutant's crash) would
// otherwise leave a command that loops running for ever.
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
