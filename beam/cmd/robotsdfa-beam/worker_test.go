package main

import (
	"bytes"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/robotsdfa/robotsdfa/internal/testexec"
	"github.com/stretchr/testify/require"
)

// TestServesAsWorker: started as a container runner's boot loader starts
// the worker binary (Dataflow's, or Flink's with --environment_type
// DOCKER: the SDK harness's flags and no command), the command serves as
// a Beam worker and dials the endpoints given, here a loopback listener,
// rather than printing its usage and exiting 2.
func TestServesAsWorker(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	addr := ln.Addr().String()
	var stderr bytes.Buffer
	cmd, _ := testexec.Command(t, exe, "--worker=true", "--id=w1", "--logging_endpoint="+addr, "--control_endpoint="+addr)
	cmd.Stdout, cmd.Stderr = io.Discard, &stderr
	require.NoError(t, cmd.Start())
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	dialled := make(chan net.Conn, 1)
	go func() {
		if c, err := ln.Accept(); err == nil {
			dialled <- c
		}
	}()
	select {
	case c := <-dialled:
		c.Close()
		require.NoError(t, cmd.Process.Kill())
		<-exited
	case err := <-exited:
		t.Fatalf("exited (%v) without dialling the runner:\n%s", err, stderr.String())
	case <-time.After(time.Minute):
		require.NoError(t, cmd.Process.Kill())
		<-exited
		t.Fatalf("no dial in a minute:\n%s", stderr.String())
	}
}

// TestNotAWorker: flags with no command that are not a worker's are
// refused as before, saying where the command goes; no argument at all is
// the usage.
func TestNotAWorker(t *testing.T) {
	code, stderr := runCmd(t)
	require.Equal(t, 2, code, stderr)
	require.True(t, strings.HasPrefix(stderr, "usage: robotsdfa-beam filter "), stderr)
	for _, args := range [][]string{
		{"--worker=false", "--id=w1"},
		{"--runner", "direct", "filter", "-pack", "p.store"},
		{"--no-such-flag"},
	} {
		code, stderr := runCmd(t, args...)
		require.Equal(t, 2, code, "%q: %s", args, stderr)
		require.Contains(t, stderr, "robotsdfa-beam: the command (filter or compile) comes first", "%q", args)
		require.Contains(t, stderr, "usage: robotsdfa-beam filter ", "%q", args)
	}
}
