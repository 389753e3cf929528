package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestFilterTyping: URLs typed at a terminal, an empty line too, are
// answered each as it is typed, not once a chunk of a megabyte is full, the
// next line is typed or the input ends; the terminal is told so, and no
// progress line is drawn over what is typed.
func TestFilterTyping(t *testing.T) {
	ptmx, pts := openPTY(t)
	robots := writeTemp(t, "robots.txt", []byte("user-agent: *\ndisallow: /private\n"))
	outR, outW := io.Pipe()
	code := make(chan int, 1)
	go func() {
		code <- run(&env{stdin: pts, stdout: outW, stderr: pts}, []string{"filter", "-robots", robots, "-agent", "bot", "-verdicts"})
		outW.Close()
		pts.Close() // the terminal's side ends: ptmx reads what is left, then fails
	}()
	var shown bytes.Buffer // what the terminal shows: the echo of what is typed, standard error
	var mu sync.Mutex
	closed := make(chan struct{})
	go func() {
		defer close(closed)
		b := make([]byte, 4096)
		for {
			n, err := ptmx.Read(b)
			mu.Lock()
			shown.Write(b[:n])
			mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	answer := func(typed, want string) {
		t.Helper()
		_, err := ptmx.Write([]byte(typed + "\n"))
		require.NoError(t, err)
		select {
		case got := <-lines:
			require.Equal(t, want, got)
		case <-time.After(10 * time.Second):
			t.Fatalf("no answer to %q while the input is open", typed)
		}
	}
	answer("https://example.com/private/a", "disallowed\thttps://example.com/private/a")
	time.Sleep(600 * time.Millisecond) // a terminal's progress line is redrawn every 250 ms
	answer("/b", "allowed\t/b")
	// A read of a line end alone.
	answer("", "error\t\tempty line")
	_, err := ptmx.Write([]byte{4}) // Ctrl-D: the end of the input
	require.NoError(t, err)
	select {
	case c := <-code:
		require.Equal(t, exitOK, c)
	case <-time.After(10 * time.Second):
		t.Fatal("filter did not end at Ctrl-D")
	}
	_, more := <-lines
	require.False(t, more)
	<-closed
	mu.Lock()
	defer mu.Unlock()
	require.Contains(t, shown.String(), "robotsdfa filter: reading URLs from the terminal, one a line, each answered as it comes (Ctrl-D ends them;")
	require.Contains(t, shown.String(), "robotsdfa filter: 3 lines in ")
	require.NotContains(t, shown.String(), "\033[K", "a progress line drawn over what is typed")
}

// TestFilterTypingInterrupt: Ctrl-C ends URLs typed at a terminal with
// the summary alone: a session typed by hand has nothing to resume, and
// "-skip N" would only puzzle whoever typed.
func TestFilterTypingInterrupt(t *testing.T) {
	ptmx, pts := openPTY(t)
	robots := writeTemp(t, "robots.txt", []byte("user-agent: *\ndisallow: /private\n"))
	outR, outW := io.Pipe()
	code := make(chan int, 1)
	go func() {
		code <- run(&env{stdin: pts, stdout: outW, stderr: pts}, []string{"filter", "-robots", robots, "-agent", "bot"})
		outW.Close()
		pts.Close()
	}()
	var shown bytes.Buffer
	closed := make(chan struct{})
	go func() {
		defer close(closed)
		io.Copy(&shown, ptmx)
	}()
	answered := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			answered <- sc.Text()
		}
		close(answered)
	}()
	_, err := ptmx.Write([]byte("/a\n"))
	require.NoError(t, err)
	select {
	case got := <-answered:
		require.Equal(t, "/a", got)
	case <-time.After(10 * time.Second):
		t.Fatal("no answer")
	}
	// The terminal's Ctrl-C reaches the foreground process, this one,
	// whose filter is listening for it.
	require.NoError(t, syscall.Kill(os.Getpid(), syscall.SIGINT))
	select {
	case c := <-code:
		require.Equal(t, 130, c)
	case <-time.After(10 * time.Second):
		t.Fatal("filter did not end at Ctrl-C")
	}
	<-closed
	require.Contains(t, shown.String(), "robotsdfa filter: 1 line in ")
	require.NotContains(t, shown.String(), "-skip")
	require.NotContains(t, shown.String(), "interrupted")
}
