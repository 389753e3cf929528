package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/automaton"
	"github.com/robotsdfa/robotsdfa/internal/testexec"
	"github.com/stretchr/testify/require"
)

// TestStdinAsFile: every command that reads one robots.txt or blob reads
// it from standard input for "-", and answers as for the file, the file's
// name given as "standard input".
func TestStdinAsFile(t *testing.T) {
	robots := repo("testdata", "corpus", "robots", "en.wikipedia.org__protego2019.txt")
	body, err := os.ReadFile(robots)
	require.NoError(t, err)
	dir := t.TempDir()
	blobPath := filepath.Join(dir, "w.blob")
	r := robotsdfa(t, nil, "compile", robots, "-o", blobPath)
	require.Equal(t, exitOK, r.code, r.stderr)
	blob, err := os.ReadFile(blobPath)
	require.NoError(t, err)
	urls := writeTemp(t, "urls.txt", []byte("https://en.wikipedia.org/wiki/Go\nhttps://en.wikipedia.org/w/index.php?title=Go\n"))
	const allowed, disallowed = "https://en.wikipedia.org/wiki/Go", "https://en.wikipedia.org/w/index.php?title=Go"

	for _, c := range []struct {
		name string
		file string // the file given, then its bytes on standard input as "-"
		data []byte
		args []string // "F" is where the file goes
		has  string   // in the output
	}{
		{"check", robots, body, []string{"check", "-explain", "F", "googlebot", allowed, disallowed}, ""},
		// The rule deciding disallowed is on line 157, past byte 3,000.
		{"check, cut by -max-bytes", robots, body, []string{"check", "-max-bytes", "3000", "F", "googlebot", disallowed}, "allowed\t" + disallowed},
		{"check a blob", blobPath, blob, []string{"check", "F", "googlebot", allowed, disallowed}, ""},
		{"explain", robots, body, []string{"explain", "F", "googlebot", disallowed}, ""},
		{"lint", robots, body, []string{"lint", "F"}, ""},
		{"lint -json", robots, body, []string{"lint", "-json", "F"}, ""},
		{"records", robots, body, []string{"records", "F", "googlebot"}, ""},
		{"records of a blob", blobPath, blob, []string{"records", "-json", "F", "googlebot"}, ""},
		{"inspect", blobPath, blob, []string{"inspect", "F"}, ""},
		{"filter -robots", robots, body, []string{"filter", "-q", "-verdicts", "-robots", "F", "-agent", "googlebot", urls}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			withFile, withStdin := substitute(c.args, c.file), substitute(c.args, "-")
			want := robotsdfa(t, nil, withFile...)
			got := robotsdfa(t, c.data, withStdin...)
			require.Equal(t, want.code, got.code, got.stderr)
			require.NotEmpty(t, want.stdout)
			require.Contains(t, want.stdout, c.has)
			require.Equal(t, want.stdout, strings.ReplaceAll(got.stdout, "standard input", c.file))
			require.Equal(t, want.stderr, strings.ReplaceAll(got.stderr, "standard input", c.file))
		})
	}

	// compile writes the same blob from standard input.
	fromStdin := filepath.Join(dir, "stdin.blob")
	r = robotsdfa(t, body, "compile", "-", "-o", fromStdin)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stderr, "compile: standard input (")
	got, err := os.ReadFile(fromStdin)
	require.NoError(t, err)
	require.Equal(t, blob, got)
}

// TestStdinRefused: "-" where standard input cannot serve is a clear
// error, not a read of nothing.
func TestStdinRefused(t *testing.T) {
	robots := repo("testdata", "corpus", "robots", "en.wikipedia.org__protego2019.txt")
	pack := filepath.Join(t.TempDir(), "x.pack")
	r := robotsdfa(t, nil, "compile", "-robots-dir", repo("testdata", "corpus", "robots"), "-o", pack)
	require.Equal(t, exitOK, r.code, r.stderr)
	packData, err := os.ReadFile(pack)
	require.NoError(t, err)
	body, err := os.ReadFile(robots)
	require.NoError(t, err)

	for _, c := range []struct {
		name  string
		stdin []byte
		args  []string
		want  string
	}{
		{"a pack to inspect", packData, []string{"inspect", "-"}, "standard input: a pack is opened from its file"},
		{"a robots.txt to inspect", body, []string{"inspect", "-"}, "standard input: not a blob"},
		{"a pack as a robots.txt", packData, []string{"check", "-", "googlebot", "/"}, "standard input: is a store"},
		{"standard input twice", body, []string{"lint", "-", "-"}, "- (standard input) given more than once"},
		{"the robots.txt and the URLs", body, []string{"filter", "-robots", "-", "-agent", "googlebot"}, "-robots - reads the robots.txt from standard input"},
		{"the robots.txt and the URLs, named", body, []string{"filter", "-robots", "-", "-agent", "googlebot", "-"}, "-robots - reads the robots.txt from standard input"},
	} {
		r := robotsdfa(t, c.stdin, c.args...)
		require.Equal(t, exitProblem, r.code, c.name)
		require.Contains(t, r.stderr, c.want, c.name)
		require.Empty(t, r.stdout, c.name)
	}
}

// substitute puts file in the place of args' "F".
func substitute(args []string, file string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if a == "F" {
			a = file
		}
		out[i] = a
	}
	return out
}

// TestBlobFileBound: a blob given to a command is read whole up to the
// bound of a store's blob, and refused past it, from a file as from
// standard input.
func TestBlobFileBound(t *testing.T) {
	p := filepath.Join(t.TempDir(), "huge.blob")
	require.NoError(t, os.WriteFile(p, []byte(automaton.Magic), 0o644))
	require.NoError(t, os.Truncate(p, maxBlobBytes+1))
	for _, args := range [][]string{{"check", p, "googlebot", "/"}, {"inspect", p}, {"records", p, "googlebot"}} {
		r := robotsdfa(t, nil, args...)
		require.Equal(t, exitProblem, r.code, args[0])
		require.Contains(t, r.stderr, p+": a blob of more than 67108864 bytes", args[0])
	}
	// At the bound it is read, and refused as a damaged blob.
	at := filepath.Join(t.TempDir(), "at.blob")
	require.NoError(t, os.WriteFile(at, []byte(automaton.Magic), 0o644))
	require.NoError(t, os.Truncate(at, maxBlobBytes))
	r := robotsdfa(t, nil, "inspect", at)
	require.Equal(t, exitProblem, r.code)
	require.NotContains(t, r.stderr, "a blob of more than")
	require.Contains(t, r.stderr, at+": ")

	f, err := os.Open(p)
	require.NoError(t, err)
	defer f.Close()
	cmd, _ := testexec.Command(t, exe, "check", "-", "googlebot", "/")
	cmd.Stdin = f
	out, err := cmd.CombinedOutput()
	require.Error(t, err)
	require.Contains(t, string(out), "standard input: a blob of more than 67108864 bytes")
}
