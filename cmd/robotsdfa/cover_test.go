package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// The tests run the built binary, so a coverage profile of the test
// process alone would miss every line they reach. When the tests measure
// coverage (go test -cover, -coverprofile, and tools built on them such as
// mutation testers), the binary is built with coverage as well and its
// runs' counters are added to the profile.

// coverBuild returns the flags that build the binary with the tests'
// coverage mode, and points its runs at a counter directory under dir;
// none when the tests do not measure coverage.
func coverBuild(dir string) ([]string, error) {
	mode := testing.CoverMode()
	if mode == "" {
		return nil, nil
	}
	counters := filepath.Join(dir, "cover")
	if err := os.Mkdir(counters, 0o755); err != nil {
		return nil, err
	}
	if err := os.Setenv("GOCOVERDIR", counters); err != nil {
		return nil, err
	}
	return []string{"-cover", "-covermode=" + mode, "-coverpkg=."}, nil
}

// coverMerge adds the binary's counters under dir to the test's profile.
func coverMerge(dir string) error {
	f := flag.Lookup("test.coverprofile")
	if testing.CoverMode() == "" || f == nil || f.Value.String() == "" {
		return nil
	}
	text := filepath.Join(dir, "cover.txt")
	cmd := exec.Command("go", "tool", "covdata", "textfmt", "-i", filepath.Join(dir, "cover"), "-o", text)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go tool covdata: %v: %s", err, out)
	}
	data, err := os.ReadFile(text)
	if err != nil {
		return err
	}
	// Drop the "mode:" line: the profile has one already.
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		data = data[i+1:]
	}
	profile, err := os.OpenFile(f.Value.String(), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	if _, err := profile.Write(data); err != nil {
		profile.Close()
		return err
	}
	return profile.Close()
}
