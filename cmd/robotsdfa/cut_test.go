package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A robots.txt longer than -max-bytes is read only so far, as a crawler
// reading 500 KiB reads it (google): a rule past the cut does not apply,
// which a verdict alone cannot show, so every command that answers from
// the file says so; one that fits draws no warning.
func TestCutFileWarns(t *testing.T) {
	body := "user-agent: *\n" + strings.Repeat("# padding\n", 60) + "disallow: /late\n"
	robots := writeTemp(t, "robots.txt", []byte(body))
	const warning = "robots.txt is longer than 500 bytes (-max-bytes): the rest of it is ignored\n"
	out := filepath.Join(t.TempDir(), "out.blob")
	urls := writeTemp(t, "urls.txt", []byte("http://e.com/late\n"))
	for _, c := range []struct {
		name   string
		args   []string
		stdout string
	}{
		{"check", []string{"check", "-max-bytes", "500", robots, "bot", "/late"}, "allowed\t/late\n"},
		{"explain", []string{"explain", "-max-bytes", "500", robots, "bot", "/late"}, ""},
		{"filter", []string{"filter", "-max-bytes", "500", "-robots", robots, "-agent", "bot", "-verdicts", urls}, "allowed\thttp://e.com/late\n"},
		{"compile", []string{"compile", "-max-bytes", "500", "-o", out, robots}, ""},
		{"records", []string{"records", "-max-bytes", "500", robots, "bot"}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := robotsdfa(t, nil, c.args...)
			require.Equal(t, exitOK, r.code, r.stderr)
			require.Contains(t, r.stderr, "robotsdfa "+c.name+": warning: ")
			require.Contains(t, r.stderr, warning)
			if c.stdout != "" {
				require.Equal(t, c.stdout, r.stdout)
			}
			whole := append([]string{}, c.args...)
			whole[2] = "-1"
			r = robotsdfa(t, nil, whole...)
			require.NotContains(t, r.stderr, "warning", "the whole file read")
		})
	}
	r := robotsdfa(t, nil, "compile", "-max-bytes", "500", "-o", out, robots)
	require.Contains(t, r.stderr, "robots.txt (500 bytes, google mode) →", "the bytes read, not the one past them")
}

// Over a directory, compile names each file it cut and filter counts the
// hosts whose file it cut; the bytes counted are those read.
func TestCutFilesInDirectory(t *testing.T) {
	dir := t.TempDir()
	long := "user-agent: *\n" + strings.Repeat("# padding\n", 60) + "disallow: /late\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "long.example.txt"), []byte(long), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "short.example.txt"), []byte("user-agent: *\ndisallow: /late\n"), 0o644))
	pack := filepath.Join(t.TempDir(), "p.pack")
	r := robotsdfa(t, nil, "compile", "-max-bytes", "500", "-robots-dir", dir, "-o", pack)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stderr, "robotsdfa compile: warning: "+filepath.Join(dir, "long.example.txt")+" is longer than 500 bytes (-max-bytes): the rest of it is ignored\n")
	require.NotContains(t, r.stderr, "short.example.txt")
	require.Contains(t, r.stderr, "2 files (530 bytes, google mode)")

	urls := writeTemp(t, "urls.txt", []byte("http://long.example/late\nhttp://short.example/late\n"))
	r = robotsdfa(t, nil, "filter", "-max-bytes", "500", "-robots-dir", dir, "-agent", "bot", "-verdicts", urls)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Equal(t, "allowed\thttp://long.example/late\ndisallowed\thttp://short.example/late\n", r.stdout)
	require.Contains(t, r.stderr, "2 hosts: 2 with a robots.txt (1 cut at -max-bytes), 0 without")
	r = robotsdfa(t, nil, "filter", "-robots-dir", dir, "-agent", "bot", "-verdicts", urls)
	require.Contains(t, r.stderr, "2 hosts: 2 with a robots.txt, 0 without")
}
