package clobber

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// robotsDir makes, in a test's directory dir, a -robots-dir rd holding
// file, a.example.txt, with a hard link to it outside, hard.
func robotsDir(t *testing.T) (dir, rd, file, hard string) {
	dir = t.TempDir()
	rd = filepath.Join(dir, "rd")
	require.NoError(t, os.Mkdir(rd, 0o755))
	file = filepath.Join(rd, "a.example.txt")
	require.NoError(t, os.WriteFile(file, []byte("x"), 0o644))
	hard = filepath.Join(dir, "hard.txt")
	require.NoError(t, os.Link(file, hard))
	return dir, rd, file, hard
}

func TestSameAndInside(t *testing.T) {
	dir, rd, file, hard := robotsDir(t)
	link := filepath.Join(dir, "link.txt")
	require.NoError(t, os.Symlink(file, link))
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
	// No flag given, or no -robots-dir: nothing to refuse (Inside would
	// read "" as the working directory's child).
	require.NoError(t, InsideError("-o", "", "."))
	require.NoError(t, InsideError("-o", "x.txt", ""))
}

// TestLinkedIntoRefused: an output elsewhere that is another name of a
// file of -robots-dir, a hard link to it or the target of a symbolic link
// in it, is refused as one inside it would be: filter writes -o in place,
// which would empty that host's robots.txt before it is read.
func TestLinkedIntoRefused(t *testing.T) {
	dir, rd, _, hard := robotsDir(t)
	target := filepath.Join(dir, "target.txt")
	require.NoError(t, os.WriteFile(target, []byte("x"), 0o644))
	require.NoError(t, os.Symlink(target, filepath.Join(rd, "b.example.txt")))
	other := filepath.Join(dir, "other.txt")
	require.NoError(t, os.WriteFile(other, []byte("x"), 0o644))
	require.NoError(t, os.Link(other, filepath.Join(dir, "other2.txt"))) // linked, but not into rd
	for i := range 20 {
		require.NoError(t, os.WriteFile(filepath.Join(rd, fmt.Sprintf("h%02d.example.txt", i)), nil, 0o644))
	}
	defer func(n int) { readBatch = n }(readBatch)
	readBatch = 3 // names read a few at a time, as a large directory's are

	for out, want := range map[string]string{
		hard:                          "-o " + hard + " is a.example.txt of -robots-dir " + rd + " under another name",
		target:                        "-o " + target + " is b.example.txt of -robots-dir " + rd + " under another name",
		other:                         "",
		filepath.Join(dir, "new.txt"): "",
	} {
		err := InsideError("-o", out, rd)
		if want == "" {
			require.NoError(t, err, out)
			continue
		}
		require.ErrorContains(t, err, want)
	}
	late := filepath.Join(rd, "z.example.txt")
	require.NoError(t, os.Link(other, late))
	require.ErrorContains(t, InsideError("-o", other, rd), "is z.example.txt of")
}
