package store

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	goruntime "runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/robotsdfa/robotsdfa/runtime"
	"github.com/stretchr/testify/require"
)

// closeStore writes a store of three hosts, one for each kind of frame:
// raw, and kindsBodies' S2 and zstd. It returns the path, each host's
// blob and a URL of each host that its rules disallow.
func closeStore(t *testing.T) (path string, blobs map[string][]byte, urls map[string]string) {
	t.Helper()
	var raw strings.Builder
	raw.WriteString("User-agent: *\n")
	for i := range 20 {
		fmt.Fprintf(&raw, "Disallow: /raw-%d\n", i)
	}
	bodies := kindsBodies()
	bodies["raw.example"] = raw.String()
	urls = map[string]string{"raw.example": "https://raw.example/raw-0", "small.example": "https://small.example/p",
		"large.example": "https://large.example/area-7/x/page.php"}
	path = filepath.Join(t.TempDir(), "close.store")
	w, err := Create(path)
	require.NoError(t, err)
	blobs = map[string][]byte{}
	for host, body := range bodies {
		blob := mustCompile(t, body)
		blobs[host] = blob
		if host != "raw.example" {
			require.NoError(t, w.Add(host, blob))
			continue
		}
		// Stored raw, as a blob that no compression shrinks is.
		p, err := Prepare(blob)
		require.NoError(t, err)
		c, err := w.AddPrepared(&Prepared{blob: blob, frame: blob, fp: p.fp, kind: kindRaw})
		require.NoError(t, err)
		require.NoError(t, w.PutHost(host, c))
	}
	require.NoError(t, w.Close())
	return path, blobs, urls
}

// mapped reports whether this process maps path (false where
// /proc/self/maps cannot be read: ok is then false).
func mapped(path string) (yes, ok bool) {
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		return false, false
	}
	return bytes.Contains(maps, []byte(path)), true
}

// TestCloseKeepsWhatWasHandedOut: after Close every call fails with
// ErrClosed (Has: false), and the Matchers, Robots and blobs a Store gave
// before stay whole after its file is unmapped, a raw frame's blob
// included (it was a slice of the mapping: reading it then faulted).
func TestCloseKeepsWhatWasHandedOut(t *testing.T) {
	path, blobs, urls := closeStore(t)
	st, err := Open(path, Options{})
	require.NoError(t, err)
	kinds := map[uint32]bool{}
	for i := range st.Contents() {
		rec, _, err := st.frame(uint32(i))
		require.NoError(t, err)
		kinds[rec.kind] = true
	}
	require.Equal(t, map[uint32]bool{kindRaw: true, kindS2: true, kindZstd: true}, kinds, "the store has every kind of frame")

	a := st.Agent("googlebot")
	matchers, robots, got := map[string]runtime.Matcher{}, map[string]*runtime.Robots{}, map[string][]byte{}
	for host, url := range urls {
		for range 2 { // the second binds with the screens: both kept
			matchers[host], err = a.Matcher(url)
			require.NoError(t, err)
		}
		robots[host], err = st.Robots(host)
		require.NoError(t, err)
		got[host], err = st.Blob(host)
		require.NoError(t, err)
	}
	content, err := st.ContentBlob(0)
	require.NoError(t, err)

	require.NoError(t, st.Close())
	require.NoError(t, st.Close(), "closing again")
	w, err := Create(filepath.Join(t.TempDir(), "next.store"))
	require.NoError(t, err)
	defer w.Abort()
	for name, call := range map[string]func() error{
		"Allowed":     func() error { _, err := a.Allowed(urls["small.example"]); return err },
		"Check":       func() error { _, err := a.Check(urls["small.example"]); return err },
		"CheckBytes":  func() error { _, err := a.CheckBytes([]byte(urls["small.example"])); return err },
		"Matcher":     func() error { _, err := a.Matcher(urls["small.example"]); return err },
		"Robots":      func() error { _, err := st.Robots("small.example"); return err },
		"Blob":        func() error { _, err := st.Blob("small.example"); return err },
		"ContentBlob": func() error { _, err := st.ContentBlob(0); return err },
		"Each":        func() error { return st.Each(func(string, int) error { return nil }) },
		"CopyFrom":    func() error { return w.CopyFrom(st) },
	} {
		require.ErrorIs(t, call(), ErrClosed, name)
	}
	require.False(t, st.Has("small.example"))

	// Unreachable, the Store's file is unmapped; what it gave is not in it.
	st, a = nil, nil
	if _, ok := mapped(path); ok {
		deadline := time.Now().Add(10 * time.Second)
		for yes, _ := mapped(path); yes; yes, _ = mapped(path) {
			require.True(t, time.Now().Before(deadline), "the file is still mapped")
			goruntime.GC()
			time.Sleep(10 * time.Millisecond)
		}
	}
	for host, url := range urls {
		require.False(t, matchers[host].Allowed(url), host)
		require.False(t, robots[host].Agent("googlebot").Allowed(url), host)
		require.Equal(t, blobs[host], got[host], host)
		_, err := runtime.Load(got[host])
		require.NoError(t, err, host)
	}
	_, err = runtime.Load(content)
	require.NoError(t, err)
}

// TestCloseWhileChecking (run under -race by CI): a Store closed while
// goroutines check gives each check its verdict or ErrClosed, and once a
// goroutine has met ErrClosed it meets nothing else.
func TestCloseWhileChecking(t *testing.T) {
	path, _, urls := closeStore(t)
	st, err := Open(path, Options{})
	require.NoError(t, err)
	a := st.Agent("googlebot")
	list := make([]string, 0, len(urls))
	for _, u := range urls {
		list = append(list, u, strings.Replace(u, "https://", "https://other.", 1))
	}
	var wg sync.WaitGroup
	started := make(chan struct{}, 4)
	errs := make(chan error, 4)
	var closedAt atomic.Int64 // when Close returned, in Unix nanoseconds
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// A goroutine that fails before its 100th check says it started
			// all the same, so that the test ends with its error.
			sent := false
			defer func() {
				if !sent {
					started <- struct{}{}
				}
			}()
			closed := false
			for i := 0; ; i++ {
				if i == 100 {
					started <- struct{}{}
					sent = true
				}
				if at := closedAt.Load(); !closed && at != 0 && time.Since(time.Unix(0, at)) > 5*time.Second {
					errs <- errors.New("no ErrClosed 5 s after Close")
					return
				}
				u := list[(i+g)%len(list)]
				ok, err := a.Allowed(u)
				switch {
				case err == ErrClosed:
					closed = true
				case closed:
					errs <- fmt.Errorf("%s after ErrClosed: %v, %v", u, ok, err)
					return
				case strings.Contains(u, "other.") && err != ErrNotFound:
					errs <- fmt.Errorf("%s: %v, want ErrNotFound", u, err)
					return
				case !strings.Contains(u, "other.") && (err != nil || ok):
					errs <- fmt.Errorf("%s: %v, %v, want disallowed", u, ok, err)
					return
				}
				if closed && i > 100 {
					return
				}
			}
		}()
	}
	for range 4 {
		<-started
	}
	require.NoError(t, st.Close())
	closedAt.Store(time.Now().UnixNano())
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
