//go:build !unix

package filekind

import "errors"

func mkfifo(string) error { return errors.New("no FIFO here") }
