package main

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/testexec"
	"github.com/robotsdfa/robotsdfa/store"
	"github.com/stretchr/testify/require"
)

// hostServers are three loopback servers, one a host key: one serves a
// robots.txt, one answers 404 (unavailable: allow all), one 500
// (unreachable: disallow all, for now). hits counts their requests.
type hostServers struct {
	ok, missing, failing string // host keys, "127.0.0.1:port"
	body                 []byte
	hits                 atomic.Int64
}

func newHostServers(t *testing.T) *hostServers {
	h := &hostServers{body: []byte("user-agent: *\ndisallow: /private\n")}
	serve := func(f func(w http.ResponseWriter, r *http.Request)) string {
		s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			h.hits.Add(1)
			f(w, r)
		}))
		t.Cleanup(s.Close)
		return strings.TrimPrefix(s.URL, "http://")
	}
	h.ok = serve(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		w.Write(h.body)
	})
	h.missing = serve(func(w http.ResponseWriter, r *http.Request) { http.NotFound(w, r) })
	h.failing = serve(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(500) })
	return h
}

// TestFetchHosts: fetch -hosts writes a pack of the hosts' robots.txt: the
// one served, compiled; the allow-all of the one unavailable; not the one
// unreachable, which -unreachable lists. Each host is fetched once, and
// each outcome is a line of standard output.
func TestFetchHosts(t *testing.T) {
	h := newHostServers(t)
	dir := t.TempDir()
	pack, unreachable := filepath.Join(dir, "hosts.pack"), filepath.Join(dir, "unreachable.txt")
	list := []byte(h.failing + "\n" + h.ok + "\n# a comment\n" + h.missing + "\n" + h.ok + "\n")
	r := robotsdfa(t, list, "fetch", "-hosts", "-", "-o", pack, "-scheme", "http", "-unreachable", unreachable, "-workers", "2")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Equal(t, int64(3), h.hits.Load(), "each host once")
	require.Contains(t, r.stderr, "fetch: 3 hosts: 2 added (1 of them allow all: no robots.txt), 1 unreachable (not added) → "+pack+": 2 hosts\n")
	require.NotContains(t, r.stderr, "warning", "no -agent to warn about: a pack holds every group")
	out := lines(r.stdout)
	require.Len(t, out, 3)
	sorted := []string{h.failing, h.missing, h.ok}
	sort.Strings(sorted)
	for i, l := range out {
		require.True(t, strings.HasPrefix(l, sorted[i]+"\t"), "in the hosts' order: %s", l)
	}
	require.Contains(t, r.stdout, h.ok+"\tadded\thttp://"+h.ok+"/robots.txt: success (HTTP 200), robots.txt")
	require.Contains(t, r.stdout, h.missing+"\tadded\thttp://"+h.missing+"/robots.txt: unavailable (HTTP 404), allow all")
	require.Contains(t, r.stdout, h.failing+"\tnot added\thttp://"+h.failing+"/robots.txt: unreachable (HTTP 500), disallow all")
	got, err := os.ReadFile(unreachable)
	require.NoError(t, err)
	require.Equal(t, h.failing+"\n", string(got))

	// A list line that is a URL names its scheme: http here, whatever
	// -scheme says (https by default, which these servers do not speak).
	schemed := filepath.Join(dir, "schemed.pack")
	r = robotsdfa(t, []byte("http://"+h.ok+"/some/page\nhttps://"+h.ok+"/\n"), "fetch", "-hosts", "-", "-o", schemed)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Len(t, lines(r.stdout), 1, "the host once, at the scheme of the line that first named it")
	require.True(t, strings.HasPrefix(r.stdout, h.ok+"\tadded\thttp://"+h.ok+"/robots.txt: success (HTTP 200), robots.txt"), r.stdout)
	// An unreachable host listed as a URL is listed again as one, to be
	// fetched at its scheme again.
	r = robotsdfa(t, []byte("http://"+h.failing+"/x\n"+h.missing+"\n"), "fetch", "-hosts", "-", "-o", schemed, "-scheme", "http", "-unreachable", unreachable)
	require.Equal(t, exitOK, r.code, r.stderr)
	got, err = os.ReadFile(unreachable)
	require.NoError(t, err)
	require.Equal(t, "http://"+h.failing+"/\n", string(got))
	// -unreachable may name the list itself, read whole first: what is
	// left of it to fetch again.
	again := writeTemp(t, "again.txt", []byte(h.ok+"\n"+h.failing+"\n"))
	r = robotsdfa(t, nil, "fetch", "-hosts", again, "-o", filepath.Join(dir, "again.pack"), "-scheme", "http", "-unreachable", again)
	require.Equal(t, exitOK, r.code, r.stderr)
	got, err = os.ReadFile(again)
	require.NoError(t, err)
	require.Equal(t, h.failing+"\n", string(got))

	st, err := store.Open(pack, store.Options{})
	require.NoError(t, err)
	defer st.Close()
	blob, err := st.Blob(h.ok)
	require.NoError(t, err)
	want, err := compile.Compile(h.body, compile.Options{}).AppendBinary(nil)
	require.NoError(t, err)
	require.True(t, bytes.Equal(want, blob), "the served robots.txt, compiled")
	require.False(t, st.Has(h.failing))

	urls := []byte("http://" + h.ok + "/private/x\nhttp://" + h.missing + "/private/x\nhttp://" + h.failing + "/private/x\n")
	r = robotsdfa(t, urls, "filter", "-pack", pack, "-agent", "bot", "-verdicts", "-explain", "-missing-hosts", filepath.Join(dir, "missing.txt"))
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Equal(t, "disallowed\thttp://"+h.ok+"/private/x\tline 2: Disallow, priority 8\n"+
		"allowed\thttp://"+h.missing+"/private/x\tno matching rule\n"+
		"allowed\thttp://"+h.failing+"/private/x\tno robots.txt\n", r.stdout)
	missing, err := os.ReadFile(filepath.Join(dir, "missing.txt"))
	require.NoError(t, err)
	require.Equal(t, h.failing+"\n", string(missing), "what -unreachable listed, filter lists as missing")
}

// TestFetchHostsFrom: with -from, the new pack keeps the old one's other
// hosts, in its mode, and replaces the ones fetched.
func TestFetchHostsFrom(t *testing.T) {
	h := newHostServers(t)
	src := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(src, "a.example.txt"), []byte("user-agent: *\ndisallow: /a\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(src, strings.ReplaceAll(h.ok, ":", "_")+".txt"), []byte("user-agent: *\ndisallow: /old\n"), 0o644))
	base := filepath.Join(t.TempDir(), "base.pack")
	r := robotsdfa(t, nil, "compile", "-mode", "rfc", "-robots-dir", src, "-o", base)
	require.Equal(t, exitOK, r.code, r.stderr)

	out := filepath.Join(t.TempDir(), "out.pack")
	r = robotsdfa(t, []byte(h.ok+"\n"), "fetch", "-hosts", "-", "-from", base, "-o", out, "-scheme", "http", "-workers", "1")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stderr, "1 added (0 of them allow all: no robots.txt), 0 unreachable (not added) → "+out+": 2 hosts, the other 1 of "+base+"'s kept\n")
	requireUpdated(t, base, out, map[string][]byte{h.ok: h.body}, nil, compile.RFC9309)

	r = robotsdfa(t, []byte(h.ok+"\n"), "fetch", "-hosts", "-", "-from", base, "-o", out, "-scheme", "http", "-mode", "google")
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "compiled in rfc mode; -mode google would mix two modes in one pack")
}

// TestFetchHostsRefuses: -hosts's flags without it, and it with a URL or
// what goes with URLs, are usage errors, as are a -timeout of no time
// (the library would read it as its default) and -refresh with no cache; a list line that is not a host
// (no origin: an unclosed bracket, a port not of digits), or a URL of a
// scheme fetch does not speak, is named, before any fetch.
func TestFetchHostsRefuses(t *testing.T) {
	h := newHostServers(t)
	list := writeTemp(t, "hosts.txt", []byte(h.ok+"\n"))
	bad := writeTemp(t, "bad.txt", []byte(h.ok+"\nnot a host\n"))
	noOrigin := writeTemp(t, "no-origin.txt", []byte(h.ok+"\n[::1\n"))
	port := writeTemp(t, "port.txt", []byte("# a port not of digits\n"+h.ok+"\n\nexample.com:abc\n"))
	ftp := writeTemp(t, "ftp.txt", []byte("ftp://"+h.ok+"/\n"))
	out := filepath.Join(t.TempDir(), "out.pack")
	base := filepath.Join(t.TempDir(), "base.pack")
	dir := t.TempDir()
	for _, c := range []struct {
		name   string
		args   []string
		stderr string
	}{
		{"no -o", []string{"-hosts", list}, "-hosts needs -o, the pack to write"},
		{"a URL too", []string{"-hosts", list, "-o", out, "http://" + h.ok + "/"}, "-hosts takes no URL"},
		{"-o without -hosts", []string{"-o", out, "http://" + h.ok + "/"}, "-o goes with -hosts"},
		{"-unreachable without -hosts", []string{"-unreachable", out, "http://" + h.ok + "/"}, "-unreachable goes with -hosts"},
		{"three without -hosts", []string{"-unreachable", out, "-o", out, "-from", out, "http://" + h.ok + "/"}, "-from goes with -hosts"},
		{"a scheme", []string{"-hosts", list, "-o", out, "-scheme", "ftp"}, `-scheme is https or http, not "ftp"`},
		{"no workers", []string{"-hosts", list, "-o", out, "-workers", "0"}, "-workers must be at least 1"},
		{"too many workers", []string{"-hosts", list, "-o", out, "-workers", "1000000000000"}, "-workers must be at most 1,024"},
		{"no time", []string{"-timeout", "0", "http://" + h.ok + "/"}, `invalid value "0" for flag -timeout: want a duration above 0`},
		{"a time past", []string{"-hosts", list, "-o", out, "-timeout", "-1s"}, `invalid value "-1s" for flag -timeout: want a duration above 0`},
		{"-refresh without -cache", []string{"-refresh", "http://" + h.ok + "/"}, "-refresh goes with -cache"},
		{"-agent", []string{"-hosts", list, "-o", out, "-agent", "bot"}, "-agent and -explain go with URLs"},
		{"the list as -o", []string{"-hosts", list, "-o", list}, "would overwrite the input"},
		{"-unreachable as -o", []string{"-hosts", list, "-o", out, "-unreachable", out}, "-unreachable and -o name one file, " + out + ": the list would replace the pack"},
		{"-unreachable as -from", []string{"-hosts", list, "-o", out, "-from", base, "-unreachable", base}, "-unreachable and -from name one file, " + base},
		{"not a host", []string{"-hosts", bad, "-o", out, "-scheme", "http"}, `bad.txt:2: "not a host" is not a host`},
		{"no origin", []string{"-hosts", noOrigin, "-o", out, "-scheme", "http"}, `no-origin.txt:2: "[::1" is not a host`},
		{"a port not of digits", []string{"-hosts", port, "-o", out, "-scheme", "http"}, `port.txt:4: "example.com:abc" is not a host`},
		{"a URL of a scheme fetch does not speak", []string{"-hosts", ftp, "-o", out}, "ftp.txt:1: ftp://" + h.ok + "/ names no origin: "},
		// Written when the run ends: tried before it begins.
		{"-unreachable a directory", []string{"-hosts", list, "-o", out, "-unreachable", dir}, "-unreachable " + dir + " is a directory"},
		{"-unreachable in no directory", []string{"-hosts", list, "-o", out, "-unreachable", filepath.Join(dir, "no", "retry.txt")}, "-unreachable " + filepath.Join(dir, "no", "retry.txt") + ": no directory " + filepath.Join(dir, "no")},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := robotsdfa(t, nil, append([]string{"fetch"}, c.args...)...)
			require.Equal(t, exitProblem, r.code, r.stderr)
			require.Contains(t, r.stderr, c.stderr)
			require.NoFileExists(t, out)
			require.NoFileExists(t, base)
		})
	}
	require.Equal(t, int64(0), h.hits.Load(), "nothing fetched")
}

// TestFetchHostsInterrupted: SIGINT while a fetch is in flight ends the
// run with 130 and no pack: none at -o, nothing left beside it; it says
// whether what was fetched is kept (-cache).
func TestFetchHostsInterrupted(t *testing.T) {
	arrived := make(chan struct{}, 1)
	release := make(chan struct{})
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case arrived <- struct{}{}:
		default:
		}
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(s.Close)
	t.Cleanup(func() { close(release) }) // before Close, which waits for the handler
	dir := t.TempDir()
	pack := filepath.Join(dir, "hosts.pack")
	// interrupt runs fetch -hosts on the server with more flags, sends
	// SIGINT once its request arrived, and returns its standard error.
	interrupt := func(more ...string) string {
		cmd, _ := testexec.Command(t, exe, append([]string{"fetch", "-hosts", "-", "-o", pack, "-scheme", "http"}, more...)...)
		cmd.Stdin = strings.NewReader(strings.TrimPrefix(s.URL, "http://") + "\n")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		require.NoError(t, cmd.Start())
		select {
		case <-arrived:
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
			t.Fatal("no request in 20 s")
		}
		require.NoError(t, cmd.Process.Signal(os.Interrupt))
		require.Error(t, cmd.Wait())
		require.Equal(t, 130, cmd.ProcessState.ExitCode(), stderr.String())
		return stderr.String()
	}
	require.Contains(t, interrupt(), "fetch: interrupted: no pack written (0 of 1 host fetched); a run again fetches them again (-cache DIR would keep them)\n")
	left, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Empty(t, left, "nothing written beside -o")

	cache := t.TempDir()
	require.Contains(t, interrupt("-cache", cache), "fetch: interrupted: no pack written (0 of 1 host fetched); those fetched are kept in "+cache+", where a run again with -cache "+cache+" takes them from\n")
}

// TestFetchHostsCache: fetch -hosts with -cache keeps what it fetched, and
// a run again takes it from there: a run stopped part way loses no fetch.
func TestFetchHostsCache(t *testing.T) {
	var requests atomic.Int32
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		w.Header().Set("Cache-Control", "max-age=86400")
		io.WriteString(w, "User-agent: *\nDisallow: /private\n")
	}))
	t.Cleanup(s.Close)
	host := strings.TrimPrefix(s.URL, "http://")
	cache, dir := t.TempDir(), t.TempDir()
	for i, want := range []int32{1, 1} {
		pack := filepath.Join(dir, fmt.Sprintf("%d.pack", i))
		r := robotsdfa(t, []byte(host+"\n"), "fetch", "-hosts", "-", "-o", pack, "-scheme", "http", "-cache", cache)
		require.Equal(t, exitOK, r.code, r.stderr)
		require.Equal(t, want, requests.Load(), "run %d", i+1)
		require.Contains(t, r.stdout, host+"\tadded\t")
		r = robotsdfa(t, []byte("http://"+host+"/private/x\n"), "filter", "-pack", pack, "-agent", "bot", "-verdicts")
		require.Equal(t, "disallowed\thttp://"+host+"/private/x\n", r.stdout, r.stderr)
	}
}

// TestFetchHostsPages: of the hosts fetch -hosts adds, it names those
// whose robots.txt has no user-agent line, read in the run's mode (a web
// page served as the file, after a redirect too; "Useragent" is Google's
// spelling, not RFC 9309's), on each one's line and in the summary.
func TestFetchHostsPages(t *testing.T) {
	serve := func(body string) string {
		s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/robots.txt" && strings.HasPrefix(body, "<") {
				http.Redirect(w, r, "/home", http.StatusFound)
				return
			}
			fmt.Fprint(w, body)
		}))
		t.Cleanup(s.Close)
		return strings.TrimPrefix(s.URL, "http://")
	}
	page, google, rules := serve("<!DOCTYPE html>\n<p>Welcome</p>\n"), serve("Useragent: *\nDisallow: /\n"), serve("User-agent: *\nDisallow: /\n")
	const mark = ", no user-agent line: every URL allowed (a web page served as robots.txt?)"
	list := []byte(page + "\n" + google + "\n" + rules + "\n")
	for _, c := range []struct {
		mode    string
		pages   []string
		summary string
	}{
		{"google", []string{page}, "3 added (0 of them allow all: no robots.txt; 1 with no user-agent line in theirs: every URL allowed), 0 unreachable"},
		{"rfc", []string{page, google}, "3 added (0 of them allow all: no robots.txt; 2 with no user-agent line in theirs: every URL allowed), 0 unreachable"},
	} {
		r := robotsdfa(t, list, "fetch", "-hosts", "-", "-mode", c.mode, "-o", filepath.Join(t.TempDir(), "p.pack"), "-scheme", "http")
		require.Equal(t, exitOK, r.code, r.stderr)
		require.Contains(t, r.stderr, c.summary, c.mode)
		for _, l := range lines(r.stdout) {
			host, _, _ := strings.Cut(l, "\t")
			require.Equal(t, slices.Contains(c.pages, host), strings.HasSuffix(l, mark), "%s: %s", c.mode, l)
		}
	}
	r := robotsdfa(t, []byte(rules+"\n"), "fetch", "-hosts", "-", "-o", filepath.Join(t.TempDir(), "p.pack"), "-scheme", "http")
	require.Contains(t, r.stderr, "1 added (0 of them allow all: no robots.txt), 0 unreachable")
}
