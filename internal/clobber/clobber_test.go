package clobber

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSameAndInside(t *testing.T) {
	dir := t.TempDir()
	rd := filepath.Join(dir, "rd")
	require.NoError(t, os.Mkdir(rd, 0o755))
	file := filepath.Join(rd, "a.example.txt")
	require.NoError(t, os.WriteFile(file, []byte("x"), 0o644))
	link := filepath.Join(dir, "link.txt")
	require.NoError(t, os.Symlink(file, link))
	hard := filepath.Join(dir, "hard.txt")
	require.NoError(t, os.Link(file, hard))
	dirLink := filepath.Join(dir, "rdlink")
	require.NoError(t, os.Symlink(rd, dirLink))
	other := filepath.Join(dir, "other.txt")
	require.NoError(t, os.WriteFile(other, []byte("x"), 0o644))

	for _, c := range []struct {
		out, in string
		want    bool
	}{
		{file, file, true},
		{filepath.Join(rd, ".", "a.example.txt"), file, true},
		{link, file, true},
		{hard, file, true},
		{file, other, false},
		{filepath.Join(dir, "new.txt"), filepath.Join(dir, "new.txt"), true}, // neither exists: the path
		{filepath.Join(dir, "new.txt"), filepath.Join(rd, "..", "new.txt"), true},
		{filepath.Join(dir, "new.txt"), other, false},
	} {
		require.Equal(t, c.want, Same(c.out, c.in), "Same(%s, %s)", c.out, c.in)
	}
	for _, c := range []struct {
		path, dir string
		want      bool
	}{
		{file, rd, true},
		{filepath.Join(rd, "new.txt"), rd, true},
		{filepath.Join(rd, "sub", "new.txt"), rd, false}, // no such directory: nothing written there
		{filepath.Join(dirLink, "new.txt"), rd, true},
		{file, dirLink, true},
		{link, rd, true},  // a link that leads in
		{hard, rd, false}, // a second name is a file of its own place (Same sees it)
		{rd, rd, true},
		{filepath.Join(dir, "rd2.txt"), rd, false},
		{filepath.Join(dir, "new.txt"), rd, false},
		{file, filepath.Join(dir, "none"), false},
	} {
		require.Equal(t, c.want, Inside(c.path, c.dir), "Inside(%s, %s)", c.path, c.dir)
	}
}
