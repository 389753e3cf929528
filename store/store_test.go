package store_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/robotsdfa/robotsdfa/bench/workload"
	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/testcorpus"
	"github.com/robotsdfa/robotsdfa/runtime"
	"github.com/robotsdfa/robotsdfa/store"
	"github.com/stretchr/testify/require"
)

// compileBlob is the compiler a writer is given.
func compileBlob(mode compile.Mode) func([]byte) ([]byte, error) {
	return func(body []byte) ([]byte, error) {
		return compile.Compile(body, compile.Options{Mode: mode}).AppendBinary(nil)
	}
}

// sample is the testdata corpus: each host of hosts.tsv with its body.
type sample struct {
	hosts  []string
	bodies map[string][]byte // by host
	urls   []string
}

func loadSample(t testing.TB) sample {
	t.Helper()
	dir, err := testcorpus.SampleDir()
	require.NoError(t, err)
	table, err := workload.ReadHosts(filepath.Join(dir, "hosts.tsv"))
	require.NoError(t, err)
	s := sample{bodies: map[string][]byte{}}
	for host, file := range table {
		body, err := os.ReadFile(filepath.Join(dir, "robots", file))
		require.NoError(t, err)
		s.hosts = append(s.hosts, host)
		s.bodies[host] = body
	}
	sort.Strings(s.hosts)
	root, err := testcorpus.Root()
	require.NoError(t, err)
	s.urls, err = workload.ReadLines(filepath.Join(root, "testdata", "frontier", "urls.txt.zst"))
	require.NoError(t, err)
	return s
}

// writeSample writes the sample's hosts to a store, counting compiles.
func writeSample(t testing.TB, s sample, mode compile.Mode) (path string, compiles int) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "sample.store")
	w, err := store.Create(path)
	require.NoError(t, err)
	c := compileBlob(mode)
	for _, h := range s.hosts {
		require.NoError(t, w.AddRobotsTxt(h, s.bodies[h], func(b []byte) ([]byte, error) { compiles++; return c(b) }))
	}
	require.NoError(t, w.Close())
	return path, compiles
}

// TestStoreAnswersAsTheFiles: both. A store of the sample's 413 hosts (300
// files) answers every frontier URL as each host's own robots.txt does,
// through Agent, Robots and Blob; identical bodies are compiled once and
// stored once; hosts the store does not hold are ErrNotFound.
func TestStoreAnswersAsTheFiles(t *testing.T) {
	s := loadSample(t)
	for _, mode := range []compile.Mode{compile.Google, compile.RFC9309} {
		path, compiles := writeSample(t, s, mode)
		distinct := map[string]bool{}
		for _, b := range s.bodies {
			distinct[string(b)] = true
		}
		require.Equal(t, len(distinct), compiles, "each distinct body compiled once")
		st, err := store.Open(path, store.Options{CacheBytes: 1 << 20}) // small: evictions
		require.NoError(t, err)
		require.Equal(t, len(s.hosts), st.Hosts())
		require.LessOrEqual(t, st.Contents(), len(distinct))
		agent := st.Agent("googlebot")
		byHost := map[string]runtime.Matcher{}
		checked, missing := 0, 0
		for _, u := range s.urls {
			key, ok := runtime.HostKey(u)
			require.True(t, ok, u)
			res, err := agent.Check(u)
			body, held := s.bodies[key]
			if !held {
				require.ErrorIs(t, err, store.ErrNotFound, u)
				missing++
				continue
			}
			require.NoError(t, err, u)
			m, ok := byHost[key]
			if !ok {
				m = compile.Compile(body, compile.Options{Mode: mode}).Agent("googlebot")
				byHost[key] = m
			}
			require.Equal(t, m.Check(u), res, "%s [%v]", u, mode)
			checked++
		}
		require.Greater(t, checked, 10000)
		stats := st.CacheStats()
		require.Greater(t, stats.Evictions, int64(0), "a 1 MiB cache evicts over the sample")
		require.LessOrEqual(t, stats.Bytes, int64(1<<20)+2*int64(maxBlob(t, st))+512)
		for _, h := range s.hosts[:20] {
			r, err := st.Robots(h)
			require.NoError(t, err)
			blob, err := st.Blob(h)
			require.NoError(t, err)
			want, _ := compileBlob(mode)(s.bodies[h])
			require.Equal(t, want, blob, h)
			require.Equal(t, mode == compile.RFC9309, r.RFC())
		}
		_, err = st.Robots("no-such-host.example")
		require.ErrorIs(t, err, store.ErrNotFound)
		require.NoError(t, st.Close())
		t.Logf("[%v] %d hosts, %d contents, %d checks, %d URLs of hosts not held; %+v", mode, st.Hosts(), st.Contents(), checked, missing, stats)
	}
}

func maxBlob(t testing.TB, st *store.Store) int {
	n := 0
	for i := range st.Contents() {
		b, err := st.ContentBlob(i)
		require.NoError(t, err)
		n = max(n, len(b))
	}
	return n
}

// TestStoreKeys: a host is found however its URL writes it: case, IDN,
// default port, trailing dot; a port other than the default is its own
// host.
func TestStoreKeys(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.store")
	w, err := store.Create(path)
	require.NoError(t, err)
	disallow := compileBlob(compile.Google)
	require.NoError(t, w.AddRobotsTxt("https://bücher.de/", []byte("User-agent: *\nDisallow: /\n"), disallow))
	require.NoError(t, w.AddRobotsTxt("example.com:8080", []byte("User-agent: *\nDisallow: /8080\n"), disallow))
	require.NoError(t, w.AddRobotsTxt("Example.COM", []byte("User-agent: *\nDisallow: /plain\n"), disallow))
	require.NoError(t, w.Close())
	st, err := store.Open(path, store.Options{})
	require.NoError(t, err)
	defer st.Close()
	a := st.Agent("bot")
	for u, want := range map[string]bool{
		"https://xn--bcher-kva.de/x": false, "https://BÜCHER.de./x": false, "http://bücher.de:80/x": false,
		"https://example.com:443/plain": false, "http://EXAMPLE.com/plain": false, "http://example.com:8080/plain": true,
		"http://example.com:8080/8080": false, "https://example.com./8080": true,
	} {
		ok, err := a.Allowed(u)
		require.NoError(t, err, u)
		require.Equal(t, want, ok, u)
	}
	_, err = a.Allowed("http://example.com:9090/")
	require.ErrorIs(t, err, store.ErrNotFound)
	_, err = a.Allowed("/no/host")
	require.Error(t, err)
}

// TestStoreLongKeys: hosts whose keys are about as long as a slot holds
// inline (62 bytes), and far longer, each answer with their own rules,
// cold and cached, beside hosts that differ from them in their last byte.
func TestStoreLongKeys(t *testing.T) {
	path := filepath.Join(t.TempDir(), "long.store")
	w, err := store.Create(path)
	require.NoError(t, err)
	disallow := compileBlob(compile.Google)
	var held, twins []string
	for _, n := range []int{61, 62, 63, 64, 200, 253} {
		host, twin := hostOfLen(n, 'a'), hostOfLen(n, 'b')
		require.Len(t, host, n)
		body := fmt.Sprintf("User-agent: *\nDisallow: /own-%d/\n", len(held))
		require.NoError(t, w.AddRobotsTxt(host, []byte(body), disallow))
		held, twins = append(held, host), append(twins, twin)
	}
	require.NoError(t, w.Close())
	st, err := store.Open(path, store.Options{})
	require.NoError(t, err)
	defer st.Close()
	a := st.Agent("bot")
	for round := range 2 {
		for i, host := range held {
			ok, err := a.Allowed(fmt.Sprintf("https://%s/own-%d/", host, i))
			require.NoError(t, err, host)
			require.False(t, ok, "round %d: %s's own rule", round, host)
			ok, err = a.Allowed(fmt.Sprintf("https://%s/own-%d/", host, (i+1)%len(held)))
			require.NoError(t, err, host)
			require.True(t, ok, "round %d: %s with another host's rule", round, host)
			_, err = a.Allowed("https://" + twins[i] + "/")
			require.ErrorIs(t, err, store.ErrNotFound, "round %d: %s", round, twins[i])
		}
	}
	// Each host's Matcher is in its slot now, its key held inline or not.
	misses := st.CacheStats().Misses
	for _, host := range held {
		_, err := a.Allowed("https://" + host + "/")
		require.NoError(t, err)
		require.Equal(t, misses, st.CacheStats().Misses, "%d bytes: found in its slot", len(host))
	}
}

// hostOfLen is a host name of n bytes (n >= 3): labels of x, then last.
func hostOfLen(n int, last byte) string {
	var labels []string
	for rest := n - 2; rest > 0; {
		l := min(60, rest)
		if rest-l == 1 { // no room for a dot and a label after it
			l--
		}
		labels = append(labels, strings.Repeat("x", l))
		rest -= l
		if rest > 0 {
			rest-- // the dot
		}
	}
	return strings.Join(labels, ".") + "." + string(last)
}

// TestStoreZeroAllocs: a cached host's check allocates nothing, found or
// not found.
func TestStoreZeroAllocs(t *testing.T) {
	s := loadSample(t)
	path, _ := writeSample(t, s, compile.Google)
	st, err := store.Open(path, store.Options{})
	require.NoError(t, err)
	defer st.Close()
	a := st.Agent("googlebot")
	u := "https://en.wikipedia.org/wiki/Go_(programming_language)"
	_, err = a.Check(u)
	require.NoError(t, err)
	if n := testing.AllocsPerRun(200, func() { a.Check(u) }); n != 0 {
		t.Errorf("a cached host's check allocates %.1f times", n)
	}
	_, err = a.Check("https://not-held.example/x")
	require.ErrorIs(t, err, store.ErrNotFound)
	if n := testing.AllocsPerRun(200, func() { a.Check("https://not-held.example/x") }); n != 0 {
		t.Errorf("a cached missing host's check allocates %.1f times", n)
	}
}

// TestStoreConcurrent: goroutines check URLs of every host through a
// cache small enough to evict all the time, with two agents; every
// answer is its host's file's (run under -race by CI).
func TestStoreConcurrent(t *testing.T) {
	s := loadSample(t)
	path, _ := writeSample(t, s, compile.Google)
	st, err := store.Open(path, store.Options{CacheBytes: 256 << 10})
	require.NoError(t, err)
	defer st.Close()
	want := map[string][2]runtime.Result{}
	var urls []string
	for _, u := range s.urls[:4000] {
		key, _ := runtime.HostKey(u)
		if body, ok := s.bodies[key]; ok {
			r := compile.Compile(body, compile.Options{})
			want[u] = [2]runtime.Result{r.Agent("googlebot").Check(u), r.Agent("bingbot", "googlebot").Check(u)}
			urls = append(urls, u)
		}
	}
	agents := [2]*store.Agent{st.Agent("googlebot"), st.Agent("bingbot", "googlebot")}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range urls {
				u := urls[(i*7+g*131)%len(urls)]
				k := (i + g) % 2
				res, err := agents[k].Check(u)
				if err != nil || res != want[u][k] {
					errs <- fmt.Errorf("%s agent %d: %+v, %v; want %+v", u, k, res, err, want[u][k])
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	require.Greater(t, st.CacheStats().Evictions, int64(0))
}

// TestStoreUpdate: a store written from an old one plus changed, added
// and deleted hosts (CopyFrom) holds what a store written from scratch
// holds, and copies the unchanged blobs' frames as they are.
func TestStoreUpdate(t *testing.T) {
	s := loadSample(t)
	oldPath, _ := writeSample(t, s, compile.Google)
	old, err := store.Open(oldPath, store.Options{})
	require.NoError(t, err)
	defer old.Close()
	changed := s.hosts[:5]
	removed := s.hosts[5:8]
	newPath := filepath.Join(t.TempDir(), "new.store")
	w, err := store.Create(newPath)
	require.NoError(t, err)
	c := compileBlob(compile.Google)
	for _, h := range changed {
		require.NoError(t, w.AddRobotsTxt(h, []byte("User-agent: *\nDisallow: /changed\n"), c))
	}
	require.NoError(t, w.AddRobotsTxt("added.example", []byte("User-agent: *\nDisallow: /added\n"), c))
	for _, h := range removed {
		require.NoError(t, w.Delete(h))
	}
	require.NoError(t, w.CopyFrom(old))
	require.NoError(t, w.Close())
	st, err := store.Open(newPath, store.Options{})
	require.NoError(t, err)
	defer st.Close()
	require.Equal(t, len(s.hosts)-len(removed)+1, st.Hosts())
	a := st.Agent("bot")
	for _, h := range s.hosts {
		switch {
		case contains(removed, h):
			require.False(t, st.Has(h), h)
		case contains(changed, h):
			ok, err := a.Allowed("http://" + h + "/changed/x")
			require.NoError(t, err)
			require.False(t, ok, h)
		default:
			got, err := st.Blob(h)
			require.NoError(t, err)
			want, err := old.Blob(h)
			require.NoError(t, err)
			require.Equal(t, want, got, h)
		}
	}
	ok, err := a.Allowed("http://added.example/added")
	require.NoError(t, err)
	require.False(t, ok)
	// The changed hosts' one body is one content; the old contents that
	// no host keeps any more are not copied.
	require.LessOrEqual(t, st.Contents(), old.Contents()+2)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestStoreOlderVersions: a pack of version 1 and a store of version 2
// (testdata/packs) open, and their hosts answer as their files do;
// version 1's "host_port" keys are read as "host:port".
func TestStoreOlderVersions(t *testing.T) {
	for _, v := range []int{1, 2} {
		dir := fmt.Sprintf("../testdata/packs/v%d/", v)
		st, err := store.Open(dir+"sample.pack", store.Options{})
		require.NoError(t, err)
		defer st.Close()
		require.Equal(t, v, st.Version())
		require.Equal(t, 3, st.Hosts())
		example, err := os.ReadFile(dir + "example.txt")
		require.NoError(t, err)
		wiki, err := os.ReadFile("../testdata/corpus/robots/en.wikipedia.org__protego2019.txt")
		require.NoError(t, err)
		for u, body := range map[string][]byte{
			"http://example.com:8080/private/x": example, "https://example.org/private": example, "https://example.org/public": example,
			"https://en.wikipedia.org/w/index.php": wiki, "https://en.wikipedia.org/wiki/Go": wiki,
		} {
			res, err := st.Agent("googlebot").Check(u)
			require.NoError(t, err, u)
			require.Equal(t, compile.Compile(body, compile.Options{}).Agent("googlebot").Check(u), res, u)
		}
		r, err := st.Robots("example.com:8080")
		require.NoError(t, err)
		d, _ := r.Agent("x").CrawlDelay()
		require.Equal(t, "3s", d.String())

		// Each walks every host, and stops at its callback's error.
		var keys []string
		require.NoError(t, st.Each(func(key string, _ int) error {
			keys = append(keys, key)
			return nil
		}))
		sort.Strings(keys)
		require.Equal(t, []string{"en.wikipedia.org", "example.com:8080", "example.org"}, keys)
		calls, stop := 0, errors.New("stop")
		require.Equal(t, stop, st.Each(func(string, int) error { calls++; return stop }))
		require.Equal(t, 1, calls)
	}
}

// TestStoreDamage: a flipped byte in the index is refused at Open with
// ErrChecksum; a damaged frame makes its own hosts fail and no other;
// truncated and foreign files are refused with ErrFormat; nothing panics.
func TestStoreDamage(t *testing.T) {
	s := loadSample(t)
	path, _ := writeSample(t, s, compile.Google)
	good, err := os.ReadFile(path)
	require.NoError(t, err)
	write := func(b []byte) string {
		p := filepath.Join(t.TempDir(), "d.store")
		require.NoError(t, os.WriteFile(p, b, 0o644))
		return p
	}
	// The index: its checksum.
	bad := append([]byte(nil), good...)
	bad[len(bad)-3] ^= 1
	_, err = store.Open(write(bad), store.Options{})
	require.ErrorIs(t, err, store.ErrChecksum)
	require.Contains(t, err.Error(), "byte offset 56")
	for name, b := range map[string][]byte{
		"truncated": good[:len(good)-10], "header only": good[:64], "empty": {}, "a blob": []byte("RDFAblob\x03\x00" + strings.Repeat("\x00", 80)),
		"text": []byte("User-agent: *\nDisallow: /\n"),
	} {
		_, err = store.Open(write(b), store.Options{})
		require.ErrorIs(t, err, store.ErrFormat, name)
	}
	// A frame: the first content's hosts fail, the others answer.
	st, err := store.Open(path, store.Options{})
	require.NoError(t, err)
	first := map[string]bool{}
	require.NoError(t, st.Each(func(key string, content int) error {
		if content == 0 {
			first[key] = true
		}
		return nil
	}))
	st.Close()
	bad = append([]byte(nil), good...)
	for i := 64; i < 80; i++ {
		bad[i] ^= 0xff
	}
	st, err = store.Open(write(bad), store.Options{})
	require.NoError(t, err, "frames are not read at Open")
	defer st.Close()
	failed, answered := 0, 0
	for _, h := range s.hosts {
		_, err := st.Robots(h)
		if first[h] {
			require.Error(t, err, h)
			require.False(t, errors.Is(err, store.ErrNotFound), h)
			failed++
		} else {
			require.NoError(t, err, h)
			answered++
		}
	}
	require.Greater(t, failed, 0)
	require.Greater(t, answered, 100)
}
