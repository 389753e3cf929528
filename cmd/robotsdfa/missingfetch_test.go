package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/fetch"
	"github.com/robotsdfa/robotsdfa/runtime"
	"github.com/robotsdfa/robotsdfa/store"
	"github.com/stretchr/testify/require"
)

// TestMissingHostsFetchable: every host filter -missing-hosts lists is one
// fetch -hosts takes and requests, whatever the frontier held: a URL whose
// host names no origin (a quote leaked from HTML, a space, a port over
// 65535, an unclosed bracket) is an unusable line, not a listed host that
// would stop fetch -hosts' whole list. The fetches are a stub's (no
// network): what is checked is what would be requested.
func TestMissingHostsFetchable(t *testing.T) {
	frontier := []string{
		"https://www.example.com/a",
		`https://"www.example.org/quoted`,
		"http://a b/space",
		"http://example.net:99999/port",
		"http://example.net:0x50/port",
		"http://[::1/bracket",
		"http://[0]/not-ipv6",
		"http://a|b/pipe",
		"http://b%C3%BCcher.example/encoded",
		"http://a%2eb/dot",
		"http://a%20b/encoded-space",
		"HTTP://Example.COM:8080/port",
		"http://[2001:db8::1]:8080/v6",
		"http://a_b.example/underscore",
	}
	unusable := map[string]bool{
		`https://"www.example.org/quoted`: true, "http://a b/space": true, "http://example.net:99999/port": true,
		"http://example.net:0x50/port": true, "http://[::1/bracket": true, "http://[0]/not-ipv6": true,
		"http://a|b/pipe": true, "http://a%20b/encoded-space": true,
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "frontier.txt")
	require.NoError(t, os.WriteFile(in, []byte(strings.Join(frontier, "\n")+"\n"), 0o644))
	robots := filepath.Join(dir, "robots")
	require.NoError(t, os.Mkdir(robots, 0o755))
	list := filepath.Join(dir, "missing.txt")
	r := runIn(t, "filter", "-robots-dir", robots, "-agent", "bot", "-verdicts", "-missing-hosts", list, "-o", filepath.Join(dir, "out.txt"), in)
	require.Equal(t, exitOK, r.code, r.stderr)
	out, err := os.ReadFile(filepath.Join(dir, "out.txt"))
	require.NoError(t, err)
	var errors []string
	for _, l := range lines(string(out)) {
		if f := strings.Split(l, "\t"); f[0] == "error" {
			errors = append(errors, f[1])
		}
	}
	var want []string
	for u := range unusable {
		want = append(want, u)
	}
	sort.Strings(errors)
	sort.Strings(want)
	require.Equal(t, want, errors)
	listed, err := os.ReadFile(list)
	require.NoError(t, err)
	require.Equal(t, "[2001:db8::1]:8080\na.b\na_b.example\nexample.com:8080\nwww.example.com\nxn--bcher-kva.example\n", string(listed))

	var mu sync.Mutex
	var requested []string
	allowAll := compile.Compile(nil, compile.Options{})
	get := func(_ context.Context, u string) (*runtime.Robots, fetch.Outcome, error) {
		mu.Lock()
		requested = append(requested, u)
		mu.Unlock()
		return allowAll, fetch.Outcome{Rules: "allow all"}, nil
	}
	pack := filepath.Join(dir, "hosts.pack")
	var stdout, stderr bytes.Buffer
	code := runFetchHosts(&env{stdout: &stdout, stderr: &stderr}, &fetch.Client{}, fetchHostsJob{hosts: list, out: pack, scheme: "https", workers: 2}, get)
	require.Equal(t, exitOK, code, stderr.String())
	sort.Strings(requested)
	require.Equal(t, []string{"https://[2001:db8::1]:8080/", "https://a.b/", "https://a_b.example/", "https://example.com:8080/", "https://www.example.com/", "https://xn--bcher-kva.example/"}, requested)
	st, err := store.Open(pack, store.Options{})
	require.NoError(t, err)
	defer st.Close()
	require.Equal(t, 6, st.Hosts())
}
