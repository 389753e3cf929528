//go:build !linux

package testexec

import "os/exec"

// dieWithParent does nothing here: only Linux has a parent-death signal.
func dieWithParent(*exec.Cmd) {}
