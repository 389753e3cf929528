package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCompiledForOtherAgent: a blob or pack compiled with -agent answers
// those tokens, and refuses another (whose own groups it may have left
// out) instead of answering with the '*' groups: check, records and
// filter -robots fail naming the tokens; filter -robots-dir and -pack
// make that host's URLs errors; inspect says what a blob, or a pack's
// blobs, were compiled for.
func TestCompiledForOtherAgent(t *testing.T) {
	body := []byte("user-agent: googlebot\ndisallow: /g\n\nuser-agent: bingbot\ndisallow: /b\n\nuser-agent: *\ndisallow: /all\n")
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "e.example.txt"), body, 0o644))
	blob := filepath.Join(t.TempDir(), "e.blob")
	r := robotsdfa(t, nil, "compile", "-agent", "googlebot", "-o", blob, filepath.Join(dir, "e.example.txt"))
	require.Equal(t, exitOK, r.code, r.stderr)
	const refusal = "e.blob: a blob compiled for googlebot only (compile -agent), so not for bingbot: the groups of a token it was not compiled for may have been left out"

	r = robotsdfa(t, nil, "check", blob, "Googlebot", "https://e.example/g", "https://e.example/b")
	require.Equal(t, exitFound, r.code, r.stderr)
	require.Equal(t, "disallowed\thttps://e.example/g\nallowed\thttps://e.example/b\n", r.stdout)
	for _, args := range [][]string{
		{"check", blob, "bingbot", "https://e.example/b"},
		{"check", blob, "bingbot,googlebot", "https://e.example/b"},
		{"records", blob, "bingbot"},
		{"filter", "-robots", blob, "-agent", "bingbot"},
	} {
		r = robotsdfa(t, []byte("https://e.example/b\n"), args...)
		require.Equal(t, exitProblem, r.code, "%v: %s", args, r.stderr)
		require.Contains(t, r.stderr, refusal, args)
		require.Empty(t, r.stdout, args)
	}
	r = robotsdfa(t, nil, "inspect", blob)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stdout, "  compiled for these product tokens only (compile -agent); another's own groups may be left out\n  googlebot: group 0\n")

	// A directory whose file is that blob, and a pack compiled with -agent.
	blobDir := t.TempDir()
	data, err := os.ReadFile(blob)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(blobDir, "e.example.txt"), data, 0o644))
	pack := filepath.Join(t.TempDir(), "e.pack")
	r = robotsdfa(t, nil, "compile", "-robots-dir", dir, "-agent", "googlebot", "-o", pack)
	require.Equal(t, exitOK, r.code, r.stderr)
	r = robotsdfa(t, nil, "inspect", pack)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stdout, "  1 blob compiled for some product tokens only (compile -agent), answering no other: googlebot (1)\n")
	for _, src := range [][]string{{"-robots-dir", blobDir}, {"-pack", pack}} {
		in := []byte("https://e.example/b\nhttps://other.example/b\n")
		r = robotsdfa(t, in, append([]string{"filter", "-agent", "bingbot", "-verdicts"}, src...)...)
		require.Equal(t, exitProblem, r.code, r.stderr)
		got := lines(r.stdout)
		require.Len(t, got, 2, src)
		require.Regexp(t, `^error\thttps://e.example/b\trobots.txt .*compiled for .*googlebot`, got[0], src)
		require.Equal(t, "allowed\thttps://other.example/b", got[1], src)
		require.Contains(t, r.stderr, "1 unreadable", src)

		r = robotsdfa(t, in, append([]string{"filter", "-agent", "googlebot", "-verdicts"}, src...)...)
		require.Equal(t, exitOK, r.code, r.stderr)
		require.Equal(t, "allowed\thttps://e.example/b\nallowed\thttps://other.example/b\n", r.stdout, src)
	}
}
