package store

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	farm "github.com/dgryski/go-farm"
	"github.com/klauspost/compress/s2"
	"github.com/stretchr/testify/require"
)

// kindsBodies are a small robots.txt (an S2 frame) and a large one (a
// zstd frame), by host.
func kindsBodies() map[string]string {
	var large strings.Builder
	large.WriteString("User-agent: *\n")
	for i := range 200 {
		fmt.Fprintf(&large, "Disallow: /area-%d/*/page.php$\n", i)
	}
	return map[string]string{"small.example": "User-agent: *\nDisallow: /p\n", "large.example": large.String()}
}

// kindsStore writes a store of kindsBodies and returns its path and the
// blobs given, by host.
func kindsStore(t *testing.T) (string, map[string][]byte) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "kinds.store")
	w, err := Create(path)
	require.NoError(t, err)
	blobs := map[string][]byte{}
	for host, body := range kindsBodies() {
		blobs[host] = mustCompile(t, body)
		require.NoError(t, w.Add(host, blobs[host]))
	}
	require.NoError(t, w.Close())
	return path, blobs
}

// storeBytes reads the store at path and parses its index.
func storeBytes(t *testing.T, path string) ([]byte, *v2) {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	tab, err := openV2(data)
	require.NoError(t, err)
	return data, tab
}

// contentsAt is the byte offset of tab's content records in its file.
func (t *v2) contentsAt() int { return int(t.hdr.indexOff) + len(t.dir) + len(t.hostRecs) }

// TestFrameKinds: a blob under s2Below bytes is stored as an S2 frame, a
// larger one as zstd; both come back whole; the file is of version 3.
func TestFrameKinds(t *testing.T) {
	path, blobs := kindsStore(t)
	require.Less(t, len(blobs["small.example"]), s2Below)
	require.GreaterOrEqual(t, len(blobs["large.example"]), s2Below)
	st, err := Open(path, Options{})
	require.NoError(t, err)
	defer st.Close()
	require.Equal(t, 3, st.Version())
	want := map[string]uint32{"small.example": kindS2, "large.example": kindZstd}
	for host, blob := range blobs {
		id, ok := st.t.lookup([]byte(host), farm.Fingerprint64([]byte(host)))
		require.True(t, ok, host)
		rec, frame, err := st.t.frame(id)
		require.NoError(t, err)
		require.Equal(t, want[host], rec.kind, host)
		require.Less(t, len(frame), len(blob), host)
		got, err := st.Blob(host)
		require.NoError(t, err)
		require.Equal(t, blob, got, host)
	}
}

// TestFrameKindsByVersion: an S2 frame in a file that says version 2 is
// refused at Open, as is an unknown kind in version 3, naming the kind's
// byte offset.
func TestFrameKindsByVersion(t *testing.T) {
	path, _ := kindsStore(t)
	good, tab := storeBytes(t, path)
	s2At := -1
	for i := range tab.hdr.contents {
		if tab.content(i).kind == kindS2 && s2At < 0 {
			s2At = tab.contentsAt() + int(i)*contentSize + 24
		}
	}
	require.GreaterOrEqual(t, s2At, 0)
	open := func(b []byte) error {
		p := filepath.Join(t.TempDir(), "k.store")
		require.NoError(t, os.WriteFile(p, b, 0o644))
		s, err := Open(p, Options{})
		if err == nil {
			s.Close()
		}
		return err
	}
	v2file := bytes.Clone(good)
	binary.LittleEndian.PutUint32(v2file[8:], 2)
	err := open(v2file)
	require.ErrorIs(t, err, ErrFormat)
	require.ErrorContains(t, err, "kind 2 in a file of version 2")
	require.ErrorContains(t, err, "byte offset "+strconv.Itoa(s2At))

	kind3 := bytes.Clone(good)
	binary.LittleEndian.PutUint32(kind3[s2At:], 3)
	err = open(resealed(kind3))
	require.ErrorIs(t, err, ErrFormat)
	require.ErrorContains(t, err, "kind 3 in a file of version 3")

	binary.LittleEndian.PutUint32(v2file[8:], 4)
	require.ErrorIs(t, open(v2file), ErrVersion)
}

// resealed sets b's index checksum to its index's, so that damage to the
// index reaches validation (anyone can compute a checksum).
func resealed(b []byte) []byte {
	binary.LittleEndian.PutUint64(b[56:], farm.Fingerprint64(b[binary.LittleEndian.Uint64(b[40:]):]))
	return b
}

// TestFrameOutsideFrames: a content record whose frame does not lie in
// the frames' region is refused at Open, naming the record, even when its
// offset plus its length wraps around 2^64 into the region.
func TestFrameOutsideFrames(t *testing.T) {
	path, _ := kindsStore(t)
	good, tab := storeBytes(t, path)
	contAt, framesEnd := tab.contentsAt(), tab.framesEnd
	for name, c := range map[string]struct {
		off uint64
		n   uint32
	}{
		"wrapping past 2^64":           {^uint64(0), 1},
		"wrapping to the header's end": {^uint64(0) - headerSize + 2, headerSize},
		"in the header":                {headerSize - 1, 1},
		"past the frames":              {framesEnd - 1, 2},
		"at the index":                 {framesEnd, 1},
	} {
		bad := bytes.Clone(good)
		binary.LittleEndian.PutUint64(bad[contAt:], c.off)
		binary.LittleEndian.PutUint32(bad[contAt+8:], c.n)
		p := filepath.Join(t.TempDir(), "o.store")
		require.NoError(t, os.WriteFile(p, resealed(bad), 0o644))
		_, err := Open(p, Options{})
		require.ErrorIs(t, err, ErrFormat, name)
		require.ErrorContains(t, err, "content 0: frame of", name)
		require.ErrorContains(t, err, "byte offset "+strconv.Itoa(contAt), name)
	}
	// The last byte of the frames is still a frame's.
	ok := bytes.Clone(good)
	binary.LittleEndian.PutUint64(ok[contAt:], framesEnd-1)
	binary.LittleEndian.PutUint32(ok[contAt+8:], 1)
	p := filepath.Join(t.TempDir(), "edge.store")
	require.NoError(t, os.WriteFile(p, resealed(ok), 0o644))
	st, err := Open(p, Options{})
	require.NoError(t, err)
	st.Close()
}

// TestBlobTooLarge: a blob over Options.MaxBlobBytes fails its hosts'
// lookups with ErrTooLarge, through every way to a blob, and one at the
// bound loads; a record that claims 2 GiB fails before the memory is
// taken.
func TestBlobTooLarge(t *testing.T) {
	path, blobs := kindsStore(t)
	n := len(blobs["large.example"])
	st, err := Open(path, Options{MaxBlobBytes: int64(n - 1)})
	require.NoError(t, err)
	_, err = st.Robots("large.example")
	require.ErrorIs(t, err, ErrTooLarge)
	require.ErrorContains(t, err, fmt.Sprintf("a blob of %d bytes, over the bound of %d", n, n-1))
	_, err = st.Agent("bot").Allowed("https://large.example/x")
	require.ErrorIs(t, err, ErrTooLarge)
	_, err = st.Blob("large.example")
	require.ErrorIs(t, err, ErrTooLarge)
	_, err = st.Robots("small.example")
	require.NoError(t, err)
	st.Close()

	st, err = Open(path, Options{MaxBlobBytes: int64(n)})
	require.NoError(t, err)
	_, err = st.Robots("large.example")
	require.NoError(t, err)
	st.Close()

	// Every record claims a blob of 2^31-1 bytes.
	data, tab := storeBytes(t, path)
	for i := range int(tab.hdr.contents) {
		binary.LittleEndian.PutUint32(data[tab.contentsAt()+i*contentSize+12:], maxBlobLen)
	}
	p := filepath.Join(t.TempDir(), "huge.store")
	require.NoError(t, os.WriteFile(p, resealed(data), 0o644))
	st, err = Open(p, Options{})
	require.NoError(t, err)
	defer st.Close()
	taken := allocated(func() {
		for host := range blobs {
			_, err = st.Robots(host)
			require.ErrorIs(t, err, ErrTooLarge, host)
			_, err = st.Blob(host)
			require.ErrorIs(t, err, ErrTooLarge, host)
		}
	})
	require.Less(t, taken, uint64(1<<20))
}

// TestS2Blob: an S2 frame is decoded only into the length its record
// gives, and its blob must have the record's fingerprint.
func TestS2Blob(t *testing.T) {
	blob := bytes.Repeat([]byte("robots "), 100)
	frame := s2.EncodeBetter(nil, blob)
	rec := contentRec{off: 640, frameLen: uint32(len(frame)), blobLen: uint32(len(blob)), fp: farm.Fingerprint64(blob), kind: kindS2}
	got, err := s2Blob(7, rec, frame)
	require.NoError(t, err)
	require.Equal(t, blob, got)
	for name, c := range map[string]struct {
		rec   contentRec
		frame []byte
		want  string
	}{
		"a record shorter than the header": {contentRec{off: 640, blobLen: 100, fp: rec.fp}, frame, "its header says 700 bytes, the record 100"},
		"a header of a gigabyte":           {contentRec{off: 640, blobLen: 100, fp: rec.fp}, append(binary.AppendUvarint(nil, 1<<30), frame[2:]...), "its header says 1073741824 bytes, the record 100"},
		"another blob's fingerprint":       {contentRec{off: 640, blobLen: rec.blobLen, fp: rec.fp + 1}, frame, "the blob's fingerprint is not its record's"},
		"a frame cut short":                {rec, frame[:len(frame)-3], "corrupt"},
		"no frame":                         {rec, nil, "corrupt"},
	} {
		_, err := s2Blob(7, c.rec, c.frame)
		require.ErrorIs(t, err, ErrFormat, name)
		require.ErrorContains(t, err, "content 7", name)
		require.ErrorContains(t, err, "byte offset 640", name)
		require.ErrorContains(t, err, c.want, name)
	}
}
