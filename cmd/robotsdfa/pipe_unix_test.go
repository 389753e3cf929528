//go:build unix

package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestDirectoryPipePassedOver: a named pipe among a -robots-dir's files,
// which opening would block on until something wrote to it, is passed
// over with a warning by compile and lint (as grep -r passes over it), and
// makes its host's lines unusable in filter, naming it; the other hosts
// are answered. Before, all three waited for ever.
func TestDirectoryPipePassedOver(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, syscall.Mkfifo(filepath.Join(dir, "a.example.txt"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "b.example.txt"), []byte("User-agent: *\nDisallow: /x\n"), 0o644))
	warning := `: 1 entry not read as a host's robots.txt: "a.example.txt" (a named pipe, not a file to read)`

	r := robotsdfa(t, []byte("https://a.example/x\nhttps://b.example/x\nhttps://c.example/x\n"),
		"filter", "-robots-dir", dir, "-agent", "bot", "-verdicts")
	require.Equal(t, "error\thttps://a.example/x\trobots.txt "+filepath.Join(dir, "a.example.txt")+": a named pipe, not a file to read\n"+
		"disallowed\thttps://b.example/x\nallowed\thttps://c.example/x\n", r.stdout)
	require.Contains(t, r.stderr, warning)
	require.Contains(t, r.stderr, "1 unreadable")

	pack := filepath.Join(t.TempDir(), "x.pack")
	r = robotsdfa(t, nil, "compile", "-robots-dir", dir, "-o", pack)
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stderr, warning)
	require.Contains(t, r.stderr, "1 file (27 bytes, google mode), 1 host")

	r = robotsdfa(t, nil, "lint", dir)
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stderr, warning)
	require.Contains(t, r.stdout, "b.example.txt:1:")
}

// TestFindOutputPipe: -resume reads a plain output's lines back from the
// inputs only when they are files: a named pipe read for them would be
// empty, or blocked, for the run.
func TestFindOutputPipe(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "urls.fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	out := writeTemp(t, "out.txt", []byte("https://a.example/1\n"))
	_, _, err := findOutput(&env{}, out, []string{fifo})
	require.ErrorContains(t, err, fifo+" cannot be read twice")
}

// TestMissingHostsFIFO: a -missing-hosts list that is a named pipe is not
// opened before the run (its reader would see an end before the list),
// and the run waits for a reader that comes after it ended: the reader
// gets the whole list either way.
func TestMissingHostsFIFO(t *testing.T) {
	for _, late := range []bool{false, true} {
		fifo := filepath.Join(t.TempDir(), "todo")
		require.NoError(t, syscall.Mkfifo(fifo, 0o644))
		got := make(chan []byte, 1)
		read := func() {
			b, _ := os.ReadFile(fifo) // blocks until the run opens it
			got <- b
		}
		done := make(chan result, 1)
		if !late {
			go read()
		}
		go func() {
			done <- robotsdfa(t, []byte("https://b.example/x\nhttps://a.example/x\n"), "filter", "-pack", samplePack(t), "-agent", "bot", "-q", "-missing-hosts", fifo)
		}()
		if late {
			time.Sleep(500 * time.Millisecond) // the run has ended its work, and waits
			go read()
		}
		select {
		case b := <-got:
			require.Equal(t, "a.example\nb.example\n", string(b), "late %v", late)
		case <-time.After(time.Minute):
			t.Fatalf("late %v: the list never came through the pipe", late)
		}
		r := <-done
		require.Equal(t, exitOK, r.code, r.stderr)
	}
}
