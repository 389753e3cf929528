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
	return func(t testing.TB, stdin []byte, args ...string) result {
		t.Helper()
		cmd := exec.Command(bin, args...)
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
