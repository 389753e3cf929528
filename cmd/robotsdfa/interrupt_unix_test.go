//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/robotsdfa/robotsdfa/internal/testexec"
	"github.com/stretchr/testify/require"
)

// TestCompilePackInterrupted: SIGINT while compile -robots-dir reads its
// files (here held at a named pipe no one writes to, which the -hosts
// table names: a directory's own pipe is passed over) ends the run with
// 130 and no pack: none at -o, nothing left beside it.
func TestCompilePackInterrupted(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.example.txt"), []byte("user-agent: *\ndisallow: /a\n"), 0o644))
	fifo := filepath.Join(dir, "pipe")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	table := filepath.Join(t.TempDir(), "hosts.tsv")
	require.NoError(t, os.WriteFile(table, []byte("b.example\tpipe\n"), 0o644))
	outDir := t.TempDir()
	pack := filepath.Join(outDir, "x.pack")
	cmd, _ := testexec.Command(t, exe, "compile", "-robots-dir", dir, "-hosts", table, "-o", pack, "-workers", "1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	// Opening the pipe to write waits for compile to open it to read.
	opened := make(chan *os.File, 1)
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err == nil {
			opened <- f
		}
	}()
	select {
	case f := <-opened:
		defer f.Close()
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		t.Fatal("compile did not open the pipe in 20 s")
	}
	require.NoError(t, cmd.Process.Signal(os.Interrupt))
	require.Error(t, cmd.Wait())
	require.Equal(t, 130, cmd.ProcessState.ExitCode(), stderr.String())
	require.Contains(t, stderr.String(), "compile: interrupted: no pack written (0 of 2 files compiled)")
	left, err := os.ReadDir(outDir)
	require.NoError(t, err)
	require.Empty(t, left, "nothing written beside -o")
}
