package robotsdir

import (
	"io/fs"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestIrregularMode: a named pipe, a socket and a device are named; a
// regular file and a directory are no concern of Irregular's.
func TestIrregularMode(t *testing.T) {
	for m, want := range map[fs.FileMode]string{
		0o644:                             "",
		fs.ModeDir | 0o755:                "",
		fs.ModeNamedPipe | 0o644:          "a named pipe",
		fs.ModeSocket | 0o755:             "a socket",
		fs.ModeDevice | 0o660:             "a device",
		fs.ModeDevice | fs.ModeCharDevice: "a device",
		fs.ModeIrregular:                  "not a regular file",
		fs.ModeSymlink | fs.ModeNamedPipe: "a named pipe",
		fs.ModeSymlink | fs.ModeIrregular: "not a regular file",
	} {
		require.Equal(t, want, irregularMode(m), "%v", m)
	}
}
