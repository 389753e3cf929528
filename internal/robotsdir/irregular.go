package robotsdir

import (
	"io/fs"
	"os"
)

// Irregular says what the file at path is when it exists and is neither a
// regular file nor a directory ("a named pipe", "a socket", "a device"),
// following symbolic links; "" otherwise. A reader of a directory passes
// over such an entry, as grep -r does: opening a named pipe blocks until
// something writes to it, and a device may never end.
func Irregular(path string) string {
	st, err := os.Stat(path)
	if err != nil {
		return "" // the read names the error
	}
	return irregularMode(st.Mode())
}

// irregularMode is Irregular's answer for a file of mode m.
func irregularMode(m fs.FileMode) string {
	switch t := m.Type(); {
	case m.IsRegular() || m.IsDir():
		return ""
	case t&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case t&fs.ModeSocket != 0:
		return "a socket"
	case t&fs.ModeDevice != 0:
		return "a device"
	default:
		return "not a regular file"
	}
}
