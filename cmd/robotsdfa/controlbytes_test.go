package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// hostile is a robots.txt whose every kind of line holds escape
// sequences: a rule (with a tab), a sitemap, an unknown record, a value
// that cannot be read, a rule that never matches.
const hostile = "User-agent: *\nDisallow: /a\x1b[31mb\tc\nSitemap: http://s.example/\x1b]0;title\x07\xc2\x9b2J\nX-\x1b[2J: y\nCrawl-delay: \x1b[5m\nDisallow: q\x1b[4m\n"

// hostileURL is a URL its rule decides.
const hostileURL = "http://s.example/a\x1b[31mb\tc"

// TestReportsShowNoControlBytes: what a robots.txt, a blob, a server's
// answer or a file name holds reaches no report as a control byte
// (SECURITY.md). The reports show each as \xHH; the tab-separated outputs
// keep their three fields, a tab inside one escaped too.
func TestReportsShowNoControlBytes(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "r.txt")
	require.NoError(t, os.WriteFile(path, []byte(hostile), 0o644))
	blob := filepath.Join(dir, "r\x1b[1m.blob")
	compiled := runIn(t, "compile", "-o", blob, path)
	require.Equal(t, exitOK, compiled.code, compiled.stderr)
	noControls := func(args []string, r result, shown ...string) {
		t.Helper()
		for _, s := range []string{r.stdout, r.stderr} {
			require.NotContains(t, s, "\x1b", "%q", args)
			require.NotContains(t, s, "\x07", "%q", args)
			require.NotContains(t, s, "\xc2\x9b", "%q", args)
		}
		for _, s := range shown {
			require.Contains(t, r.stdout+r.stderr, s, "%q", args)
		}
	}
	for _, c := range []struct {
		args  []string
		shown []string
	}{
		{[]string{"records", path, "g"}, []string{`http://s.example/\x1b]0;title\x07\xc2\x9b2J`, `x-\x1b[2j: y`}},
		{[]string{"records", blob, "g"}, []string{`http://s.example/\x1b]0;title\x07`}},
		{[]string{"lint", path}, []string{`"\x1b[5m" cannot be read`, `(write /q\x1b[4m)`}},
		{[]string{"explain", path, "g", hostileURL}, []string{"Disallow: /a\\x1b[31mb\tc  <- decides"}},
		{[]string{"inspect", blob}, []string{`r\x1b[1m.blob: blob v3`}},
		{[]string{"check", filepath.Join(dir, "no\x1b[8m.txt"), "g", "/"}, []string{`no\x1b[8m.txt`}},
	} {
		noControls(c.args, runIn(t, c.args...), c.shown...)
	}
	args := []string{"check", "-explain", path, "g", hostileURL}
	r := runIn(t, args...)
	noControls(args, r)
	require.Equal(t, "disallowed\thttp://s.example/a\\x1b[31mb\\x09c\tline 2: Disallow: /a\\x1b[31mb\\x09c\n", r.stdout)
}

// TestFetchShowsNoControlBytes: as above, for what a server answers.
func TestFetchShowsNoControlBytes(t *testing.T) {
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(hostile))
	}))
	defer s.Close()
	u := strings.Replace(hostileURL, "http://s.example", s.URL, 1)
	r := runIn(t, "fetch", "-explain", "-agent", "g", u)
	require.Equal(t, exitFound, r.code, r.stderr)
	require.NotContains(t, r.stdout+r.stderr, "\x1b")
	require.Equal(t, "disallowed\t"+s.URL+"/a\\x1b[31mb\\x09c\tline 2: Disallow: /a\\x1b[31mb\\x09c\n", r.stdout)
	require.Contains(t, r.stderr, `sitemaps: http://s.example/\x1b]0;title\x07\xc2\x9b2J`)
	require.NotContains(t, r.stdout+r.stderr, "\xc2\x9b")
}
