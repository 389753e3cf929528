package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// TestIsTerminal: a regular file is no terminal, nor /dev/null (a
// character device); a pseudo-terminal is one.
func TestIsTerminal(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "f"))
	require.NoError(t, err)
	defer f.Close()
	require.False(t, isTerminal(f))
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	require.NoError(t, err)
	defer null.Close()
	require.False(t, isTerminal(null), "/dev/null")
	pty, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	defer pty.Close()
	require.True(t, isTerminal(pty), "/dev/ptmx")
}

// TestFilterProgressDefaults: with the intervals as shipped, filter's
// progress shows where a user looks: on a terminal (a pseudo-terminal
// here), a line redrawn in place within a quarter of a second and erased
// before the summary; elsewhere with -progress, a line within a few
// seconds. The input comes from a pipe the test holds open until it has
// seen the first progress line, so that no run ends before it.
func TestFilterProgressDefaults(t *testing.T) {
	urls := strings.Join(sampleFrontier(t), "\n") + "\n"
	half := len(urls) / 2
	half = strings.IndexByte(urls[half:], '\n') + half + 1
	// filter runs it with stderr as standard error, writes the first half
	// of the frontier, waits until seen says the first progress line came,
	// then writes the rest; it returns filter's exit code.
	filter := func(t *testing.T, stderr io.Writer, seen func() bool, args ...string) int {
		pr, pw := io.Pipe()
		t.Cleanup(func() { pw.Close() }) // a test that failed before the end
		code := make(chan int, 1)
		go func() {
			// A run that ends before its input does fails the test's writes.
			defer pr.Close()
			e := &env{stdin: pr, stdout: io.Discard, stderr: stderr}
			code <- run(e, append([]string{"filter", "-robots-dir", sampleRobots, "-hosts", sampleHosts, "-agent", "googlebot"}, args...))
		}()
		_, err := io.WriteString(pw, urls[:half])
		require.NoError(t, err)
		require.Eventually(t, seen, 20*time.Second, 10*time.Millisecond, "no progress line")
		_, err = io.WriteString(pw, urls[half:])
		require.NoError(t, err)
		require.NoError(t, pw.Close())
		return <-code
	}

	t.Run("terminal", func(t *testing.T) {
		t.Parallel()
		master, slave := openPTY(t)
		var mu sync.Mutex
		var shown []byte
		read := make(chan struct{})
		go func() {
			defer close(read)
			buf := make([]byte, 4096)
			for {
				n, err := master.Read(buf)
				mu.Lock()
				shown = append(shown, buf[:n]...)
				mu.Unlock()
				if err != nil {
					return
				}
			}
		}()
		text := func() string { mu.Lock(); defer mu.Unlock(); return string(shown) }
		redraw := "\r\033[Krobotsdfa filter: "
		code := filter(t, slave, func() bool { return strings.Contains(text(), redraw) })
		require.Equal(t, exitOK, code, text())
		require.NoError(t, slave.Close())
		<-read
		// The terminal turns "\n" into "\r\n"; the last redraw is erased and
		// the summary follows it.
		got := text()
		last := strings.LastIndex(got, "\r\033[K")
		require.Regexp(t, `^\r\033\[Krobotsdfa filter: 26,199 lines in [\d.]+s`, got[last:])
		require.Contains(t, got[:last], redraw, "a progress line before the summary")
	})

	t.Run("not a terminal", func(t *testing.T) {
		t.Parallel()
		var errb bytes.Buffer
		stderr := &lockedWriter{w: &errb} // read while filter writes
		text := func() string { stderr.mu.Lock(); defer stderr.mu.Unlock(); return errb.String() }
		progress := regexp.MustCompile(`(?m)^robotsdfa filter: [\d,]+ lines, [\d.]+ MB\b`)
		code := filter(t, stderr, func() bool { return progress.MatchString(text()) }, "-progress")
		require.Equal(t, exitOK, code, text())
		require.Contains(t, text(), "robotsdfa filter: 26,199 lines in ")
	})
}

// openPTY opens a pseudo-terminal: the master, which reads what is
// written to the slave, and the slave, a terminal.
func openPTY(t *testing.T) (master, slave *os.File) {
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	t.Cleanup(func() { master.Close() })
	var unlock int32
	var n uint32
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, master.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); errno != 0 {
		t.Skipf("unlocking the pseudo-terminal: %v", errno)
	}
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, master.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); errno != 0 {
		t.Skipf("the pseudo-terminal's number: %v", errno)
	}
	slave, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("opening the pseudo-terminal's slave: %v", err)
	}
	t.Cleanup(func() { slave.Close() })
	return master, slave
}
