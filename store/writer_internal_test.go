package store

import (
	"fmt"
	"os"
	"path/filepath"
	goruntime "runtime"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/stretchr/testify/require"
)

// compiled is the compiler the package's tests give a Writer.
func compiled(body []byte) ([]byte, error) {
	return compile.Compile(body, compile.Options{}).AppendBinary(nil)
}

// mustCompile compiles body to its blob.
func mustCompile(t *testing.T, body string) []byte {
	t.Helper()
	blob, err := compiled([]byte(body))
	require.NoError(t, err)
	return blob
}

// prepared compiles body and prepares its blob.
func prepared(t *testing.T, body string) *Prepared {
	t.Helper()
	p, err := Prepare(mustCompile(t, body))
	require.NoError(t, err)
	return p
}

// TestWriterFingerprintCollision: a blob is stored once by its bytes, not
// by its fingerprint alone: a blob given another's fingerprint (as a
// collision would) gets a content of its own, of every frame kind, while
// the same bytes again get the content they have.
func TestWriterFingerprintCollision(t *testing.T) {
	var large strings.Builder
	large.WriteString("User-agent: *\n")
	for i := range 200 {
		large.WriteString("Disallow: /area-" + strings.Repeat("x", i%7) + "/page\n")
	}
	a := prepared(t, "User-agent: *\nDisallow: /a\n")
	sameLength := prepared(t, "User-agent: *\nDisallow: /b\n")
	require.Equal(t, len(a.blob), len(sameLength.blob))
	big := prepared(t, large.String())
	// A frame stored raw, as one that compression does not shrink is.
	c := prepared(t, "User-agent: *\nDisallow: /c\n")
	raw := &Prepared{blob: c.blob, frame: c.blob, fp: c.fp, kind: kindRaw}
	kinds := map[uint32]bool{}
	for _, p := range []*Prepared{a, sameLength, big, raw} {
		kinds[p.kind] = true
	}
	require.Equal(t, map[uint32]bool{kindRaw: true, kindS2: true, kindZstd: true}, kinds, "every frame kind")

	w, err := Create(filepath.Join(t.TempDir(), "c.store"))
	require.NoError(t, err)
	defer w.Abort()
	ids := map[Content]bool{}
	for _, p := range []*Prepared{a, big, raw} {
		id, err := w.AddPrepared(p)
		require.NoError(t, err)
		ids[id] = true
	}
	require.Len(t, ids, 3)
	for _, p := range []*Prepared{a, big, raw} {
		id, err := w.AddPrepared(p)
		require.NoError(t, err)
		require.True(t, ids[id], "the same bytes again: the content they have")
		for _, other := range []*Prepared{a, sameLength, big, raw} {
			if other == p {
				continue
			}
			forged := *other
			forged.fp = p.fp
			same, err := w.holds(uint32(id), forged.blob)
			require.NoError(t, err)
			require.False(t, same)
			fid, err := w.AddPrepared(&forged)
			require.NoError(t, err)
			require.False(t, ids[fid], "another blob under this fingerprint: a content of its own")
		}
	}
	require.Equal(t, 3+3*3, w.Contents())
}

// TestWriterHostsAndContents: PutHost takes only a content the Writer
// returned, Hosts counts the hosts held (a deleted one left out), and a
// Writer that failed or was aborted takes nothing more.
func TestWriterHostsAndContents(t *testing.T) {
	w, err := Create(filepath.Join(t.TempDir(), "h.store"))
	require.NoError(t, err)
	c, err := w.AddPrepared(prepared(t, "User-agent: *\nDisallow: /a\n"))
	require.NoError(t, err)
	require.ErrorContains(t, w.PutHost("a.example", c+1), "content 1 of 1")
	require.Equal(t, 0, w.Hosts())
	for _, h := range []string{"a.example", "b.example", "c.example"} {
		require.NoError(t, w.PutHost(h, c))
	}
	require.NoError(t, w.Delete("b.example"))
	require.Equal(t, 2, w.Hosts())
	require.Equal(t, 1, w.Contents())
	w.Abort()
	require.Error(t, w.PutHost("d.example", c))
	_, err = w.AddPrepared(prepared(t, "User-agent: *\nDisallow: /d\n"))
	require.Error(t, err)
	require.Equal(t, 1, w.Contents())
}

// TestCopyFromReusesFrames: copying a store into a Writer that has
// already written one of its blobs writes that blob's frame once, and a
// copied frame only over the same bytes (a frame of another blob under
// the same fingerprint is written again).
func TestCopyFromReusesFrames(t *testing.T) {
	dir := t.TempDir()
	w, err := Create(filepath.Join(dir, "old.store"))
	require.NoError(t, err)
	a, b := prepared(t, "User-agent: *\nDisallow: /a\n"), prepared(t, "User-agent: *\nDisallow: /b\n")
	for host, p := range map[string]*Prepared{"a.example": a, "b.example": b} {
		c, err := w.AddPrepared(p)
		require.NoError(t, err)
		require.NoError(t, w.PutHost(host, c))
	}
	require.NoError(t, w.Close())
	old, err := Open(filepath.Join(dir, "old.store"), Options{})
	require.NoError(t, err)
	defer old.Close()

	w, err = Create(filepath.Join(dir, "new.store"))
	require.NoError(t, err)
	defer w.Abort()
	// b's blob under a's fingerprint: a collision the copy must not take.
	// Written first, and with a's frame length and kind, so that only the
	// frames' bytes tell the copy of a from it.
	forged := *b
	forged.fp = a.fp
	require.Equal(t, len(a.frame), len(forged.frame))
	require.Equal(t, a.kind, forged.kind)
	_, err = w.AddPrepared(&forged)
	require.NoError(t, err)
	ca, err := w.AddPrepared(a)
	require.NoError(t, err)
	require.NoError(t, w.PutHost("new.example", ca))
	require.Equal(t, 2, w.Contents())
	require.NoError(t, w.CopyFrom(old))
	require.Equal(t, 3, w.Contents(), "a's frame reused, b's written")
	require.Equal(t, uint32(ca), w.hosts["a.example"])
}

// allocated is the bytes the Go heap gave out while f ran.
func allocated(f func()) uint64 {
	var before, after goruntime.MemStats
	goruntime.ReadMemStats(&before)
	f()
	goruntime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// A store gets the permissions a file written in place would: a new one
// 0666 less the umask (as another file created here), one that replaces a
// store its mode; nothing is left beside it.
func TestCreatePermissions(t *testing.T) {
	dir := t.TempDir()
	probe := filepath.Join(dir, "probe")
	f, err := os.OpenFile(probe, os.O_CREATE|os.O_WRONLY, 0o666)
	require.NoError(t, err)
	require.NoError(t, f.Close())
	st, err := os.Stat(probe)
	require.NoError(t, err)
	newMode := st.Mode().Perm()
	require.NoError(t, os.Remove(probe))

	path := filepath.Join(dir, "hosts.store")
	write := func() {
		w, err := Create(path)
		require.NoError(t, err)
		require.NoError(t, w.AddRobotsTxt("example.com", []byte("user-agent: *\ndisallow: /x\n"), compiled))
		require.NoError(t, w.Close())
	}
	write()
	st, err = os.Stat(path)
	require.NoError(t, err)
	require.Equal(t, newMode, st.Mode().Perm(), "a new store")
	require.NoError(t, os.Chmod(path, 0o640))
	write()
	st, err = os.Stat(path)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o640), st.Mode().Perm(), "a store replaced")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1, "nothing beside it")

	// Aborted: nothing left, the store in place untouched.
	w, err := Create(path)
	require.NoError(t, err)
	w.Abort()
	entries, err = os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1)
}

// TestWriterBlobTooLarge: a Writer takes no blob over its MaxBlobBytes,
// by any of its ways to add one, and goes on; the store it writes opens
// with the same bound, every host loading; one at the bound is taken, and
// a zero bound is DefaultMaxBlobBytes.
func TestWriterBlobTooLarge(t *testing.T) {
	bodies := kindsBodies()
	large, small := mustCompile(t, bodies["large.example"]), mustCompile(t, bodies["small.example"])
	n := len(large)
	path := filepath.Join(t.TempDir(), "bound.store")
	w, err := Create(path)
	require.NoError(t, err)
	w.MaxBlobBytes = int64(n - 1)
	want := fmt.Sprintf("a blob of %d bytes, over the bound of %d (Writer.MaxBlobBytes)", n, n-1)
	err = w.Add("large.example", large)
	require.ErrorIs(t, err, ErrTooLarge)
	require.ErrorContains(t, err, "the blob of large.example: ")
	require.ErrorContains(t, err, want)
	_, err = w.AddContent(large)
	require.ErrorIs(t, err, ErrTooLarge)
	p, err := Prepare(large)
	require.NoError(t, err)
	_, err = w.AddPrepared(p)
	require.ErrorIs(t, err, ErrTooLarge)
	err = w.AddRobotsTxt("large.example", []byte(bodies["large.example"]), compiled)
	require.ErrorIs(t, err, ErrTooLarge)
	require.NoError(t, w.Add("small.example", small), "the Writer goes on")
	other := mustCompile(t, "user-agent: *\ndisallow: /other\n")
	c, err := w.AddContent(other)
	require.NoError(t, err)
	again, err := w.AddContent(other)
	require.NoError(t, err)
	require.Equal(t, c, again, "a blob once")
	require.NoError(t, w.PutHost("other.example", c))
	require.Equal(t, 2, w.Contents())
	require.NoError(t, w.Close())
	st, err := Open(path, Options{MaxBlobBytes: int64(n - 1)})
	require.NoError(t, err)
	require.Equal(t, 2, st.Hosts())
	b, err := st.Blob("other.example")
	require.NoError(t, err)
	require.Equal(t, other, b)
	_, err = st.Robots("small.example")
	require.NoError(t, err)
	_, err = st.Robots("large.example")
	require.ErrorIs(t, err, ErrNotFound)
	st.Close()

	w, err = Create(filepath.Join(t.TempDir(), "at.store"))
	require.NoError(t, err)
	defer w.Abort()
	w.MaxBlobBytes = int64(n)
	require.NoError(t, w.Add("large.example", large))

	w.MaxBlobBytes = 0
	require.NoError(t, w.fits(DefaultMaxBlobBytes))
	require.ErrorIs(t, w.fits(DefaultMaxBlobBytes+1), ErrTooLarge)
	w.MaxBlobBytes = -1
	require.ErrorIs(t, w.fits(DefaultMaxBlobBytes+1), ErrTooLarge)
}
