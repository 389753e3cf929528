package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/robotsdfa/robotsdfa/bench/workload"
	"github.com/robotsdfa/robotsdfa/internal/counts"
	"github.com/stretchr/testify/require"
)

// tenfoldSample writes the sample frontier ten times over (260,000
// lines: long enough to interrupt) and returns its path and line count.
func tenfoldSample(t *testing.T) (string, int) {
	t.Helper()
	urls, err := workload.ReadLines(sampleURLs)
	require.NoError(t, err)
	var in bytes.Buffer
	for range 10 {
		for _, u := range urls {
			in.WriteString(u + "\n")
		}
	}
	return writeTemp(t, "urls.txt", in.Bytes()), 10 * len(urls)
}

// TestFilterInterrupt: SIGINT or SIGTERM at a random moment of a real run
// loses no line: the output is the uninterrupted run's first lines, whole
// and in order, the run exits 130 saying how many input lines are done,
// and the run resumed with -skip gives the rest exactly. With -verdicts
// (a line out for every line in) and without (allowed URLs only), and
// compressed (-o out.txt.zst: whole frames, which -append adds to).
func TestFilterInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the binary eighteen times over a 260,000-line input")
	}
	dir := t.TempDir()
	input, lines := tenfoldSample(t)
	resume := regexp.MustCompile(`the first (\d+) input lines are done.*-skip (\d+)`)
	rng := rand.New(rand.NewSource(130))
	for _, tc := range []struct {
		verdicts bool
		name     string // -o's
	}{{true, "out.txt"}, {false, "out.txt"}, {true, "out.txt.zst"}} {
		verdicts := tc.verdicts
		args := []string{"filter", "-robots-dir", sampleRobots, "-hosts", sampleHosts, "-agent", "googlebot", "-workers", "2", input}
		if verdicts {
			args = append(args, "-verdicts")
		}
		full := robotsdfa(t, nil, append(args, "-o", filepath.Join(dir, "full-"+tc.name))...)
		require.Equal(t, exitOK, full.code, full.stderr)
		want := readOutput(t, filepath.Join(dir, "full-"+tc.name))
		if verdicts {
			require.Equal(t, lines, bytes.Count(want, []byte{'\n'}))
		}
		interrupted := 0
		for run := 0; run < 6; run++ {
			out := filepath.Join(dir, tc.name)
			// A run that hangs after the signal (a deadlock in the
			// shutdown) is killed and fails the test, not the suite's
			// timeout.
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, exe, append(args, "-o", out)...)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := os.Remove(out); !errors.Is(err, fs.ErrNotExist) {
				require.NoError(t, err, "the run before's output")
			}
			require.NoError(t, cmd.Start())
			// The output file is created after the signal handler is
			// installed: a signal before that, at the process's start,
			// ends it as any program (a loaded machine took over 20 ms).
			waitForFile(t, out)
			time.Sleep(time.Duration(rng.Intn(250)) * time.Millisecond)
			sig := os.Interrupt
			if run%2 == 1 {
				sig = syscall.SIGTERM
			}
			cmd.Process.Signal(sig)
			err := cmd.Wait()
			require.NoError(t, ctx.Err(), "the run hung after %v", sig)
			got := readOutput(t, out)
			if err == nil {
				require.Equal(t, string(want), string(got), "a run that ended before the signal")
				continue
			}
			require.Equal(t, 130, cmd.ProcessState.ExitCode(), stderr.String())
			m := resume.FindStringSubmatch(stderr.String())
			require.NotNil(t, m, stderr.String())
			require.Equal(t, m[1], m[2])
			done, _ := strconv.Atoi(m[1])
			require.LessOrEqual(t, done, lines)
			require.True(t, bytes.HasPrefix(want, got), "the output is not a prefix of the full run's (%d bytes)", len(got))
			require.True(t, len(got) == 0 || got[len(got)-1] == '\n', "the output ends in a cut line")
			if verdicts {
				require.Equal(t, done, bytes.Count(got, []byte{'\n'}), "lines written against lines done")
			}
			// Resumed as the message says: -skip, and -append to the
			// same file.
			require.Contains(t, stderr.String(), "run the same command with -skip "+m[2]+" -append\n")
			r := robotsdfa(t, nil, append(args, "-o", out, "-skip", m[2], "-append")...)
			require.Equal(t, exitOK, r.code, r.stderr)
			all := readOutput(t, out)
			require.Equal(t, string(want), string(all), "interrupted at line %d, resumed", done)
			require.Contains(t, r.stderr, counts.Group3(lines-done)+" lines")
			interrupted++
		}
		require.Greater(t, interrupted, 0, "no run was interrupted: the input is too small for the delays")
		t.Logf("verdicts=%v -o %s: %d of 6 runs interrupted", verdicts, tc.name, interrupted)
	}
}

// TestFilterInterruptWaiting: a filter waiting on a pipe that brings
// nothing more (a producer that stalled) answers SIGINT as any
// interrupt: the lines read are written, it says how many and how to
// resume, and exits 130; it does not wait for the pipe.
func TestFilterInterruptWaiting(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.txt")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, "filter", "-pack", samplePack(t), "-agent", "googlebot", "-verdicts", "-o", out)
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	defer stdin.Close()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	_, err = stdin.Write([]byte("https://example.com/a\nhttps://example.com/b\n"))
	require.NoError(t, err)
	waitForFile(t, out)
	require.NoError(t, cmd.Process.Signal(os.Interrupt))
	err = cmd.Wait()
	require.NoError(t, ctx.Err(), "the run waited for its input after the signal")
	require.Error(t, err)
	require.Equal(t, 130, cmd.ProcessState.ExitCode(), stderr.String())
	m := regexp.MustCompile(`the first (\d+) input lines are done.*-skip (\d+)`).FindStringSubmatch(stderr.String())
	require.NotNil(t, m, stderr.String())
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	done, _ := strconv.Atoi(m[1])
	require.LessOrEqual(t, done, 2)
	require.Equal(t, done, bytes.Count(got, []byte{'\n'}), "lines written against lines done")
	require.Equal(t, m[1], m[2])
}

// waitForFile waits up to 10 s for path to exist: filter creates its
// output after its signal handler is in place.
func waitForFile(t *testing.T, path string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
		if _, err := os.Stat(path); err == nil {
			return
		}
		require.True(t, time.Now().Before(deadline), "no %s after 10 s", path)
	}
}

// TestFilterInterruptBlockedOutput: SIGINT while the output is blocked (a
// reader of standard output that pauses), when every chunk in flight is
// done or waiting: the writer, once the output takes its bytes again,
// finishes the chunks sent and exits 130; it must not wait on the reader
// while the workers wait on it (the deadlock a writer's queue shorter than
// the chunks in flight made: which of the signal and a finished chunk the
// writer takes first is chance, so the scene is played six times).
func TestFilterInterruptBlockedOutput(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the binary six times over a 260,000-line input")
	}
	input, _ := tenfoldSample(t)
	for run := range 6 {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		cmd := exec.CommandContext(ctx, exe, "filter", "-robots-dir", sampleRobots, "-hosts", sampleHosts,
			"-agent", "googlebot", "-verdicts", "-workers", "2", input)
		stdout, err := cmd.StdoutPipe()
		require.NoError(t, err)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		require.NoError(t, cmd.Start())
		// Output has begun (the signal handler is in place); then the
		// reader pauses until the pipeline is full.
		var first [1]byte
		_, err = io.ReadFull(stdout, first[:])
		require.NoError(t, err)
		time.Sleep(300 * time.Millisecond)
		require.NoError(t, cmd.Process.Signal(os.Interrupt))
		time.Sleep(50 * time.Millisecond)
		rest, err := io.ReadAll(stdout)
		require.NoError(t, err)
		err = cmd.Wait()
		hung := ctx.Err()
		cancel()
		require.NoError(t, hung, "run %d hung after the signal", run)
		require.Error(t, err, "run %d ended before the signal", run)
		require.Equal(t, 130, cmd.ProcessState.ExitCode(), stderr.String())
		out := append(first[:], rest...)
		require.True(t, len(out) > 0 && out[len(out)-1] == '\n', "the output ends in a cut line")
		m := regexp.MustCompile(`the first (\d+) input lines are done`).FindStringSubmatch(stderr.String())
		require.NotNil(t, m, stderr.String())
		done, _ := strconv.Atoi(m[1])
		require.Equal(t, done, bytes.Count(out, []byte{'\n'}), "lines written against lines done")
	}
}
