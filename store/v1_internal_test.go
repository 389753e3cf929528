package store

import (
	"bytes"
	"encoding/binary"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/stretchr/testify/require"
)

// TestV1Bound: a version 1 pack is decompressed into at most v1Ratio
// times its size: a file of a few KiB whose frame expands to 96 MiB is
// refused with ErrFormat, with little memory taken (the packs a writer
// made open: TestStoreOlderVersions).
func TestV1Bound(t *testing.T) {
	var content bytes.Buffer
	zw, err := zstd.NewWriter(&content, zstd.WithEncoderLevel(zstd.SpeedBestCompression))
	require.NoError(t, err)
	_, err = zw.Write(v1Content(v1HeaderSize))
	require.NoError(t, err)
	zeros := make([]byte, 1<<20)
	for range 96 {
		_, err = zw.Write(zeros)
		require.NoError(t, err)
	}
	require.NoError(t, zw.Close())
	require.Less(t, content.Len(), (96<<20)/v1Ratio, "the frame does not expand past the ratio")
	path := filepath.Join(t.TempDir(), "bomb.pack")
	require.NoError(t, os.WriteFile(path, content.Bytes(), 0o644))

	n := allocated(func() { _, err = Open(path, Options{}) })
	require.ErrorIs(t, err, ErrFormat)
	require.ErrorContains(t, err, "decompresses past")
	require.Less(t, n, uint64(32<<20))
}

// TestV1Large: a version 1 pack whose content is past 1 MiB opens when it
// is within v1Ratio times the file's size: the sample's content with 2
// MiB of random bytes after its blobs (which no record points at).
func TestV1Large(t *testing.T) {
	good := v1Sample(t)
	le := binary.LittleEndian
	pad := make([]byte, 2<<20)
	rand.NewChaCha8([32]byte{'v', '1'}).Read(pad)
	b := append(bytes.Clone(good), pad...)
	le.PutUint64(b[24:], uint64(len(b)))
	st, err := Open(v1Pack(t, b), Options{})
	require.NoError(t, err)
	defer st.Close()
	require.Equal(t, 3, st.Hosts())
	off, n := le.Uint32(good[v1HeaderSize:]), le.Uint32(good[v1HeaderSize+4:])
	_, err = st.Robots(v1Key(string(good[off : off+n])))
	require.NoError(t, err)
}

// TestV1Slack: a small version 1 pack opens even when its content is
// past v1Ratio times its size, as the bound gives every pack 1 MiB more:
// the sample's content with 768 KiB of zeros after its blobs, which
// compress to almost nothing.
func TestV1Slack(t *testing.T) {
	good := v1Sample(t)
	b := append(bytes.Clone(good), make([]byte, 768<<10)...)
	binary.LittleEndian.PutUint64(b[24:], uint64(len(b)))
	path := v1Pack(t, b)
	fi, err := os.Stat(path)
	require.NoError(t, err)
	require.Greater(t, int64(len(b)), v1Ratio*fi.Size(), "the pack is within the ratio: it does not test the slack")
	st, err := Open(path, Options{})
	require.NoError(t, err)
	defer st.Close()
	require.Equal(t, 3, st.Hosts())
}

// v1Sample is the decompressed content of testdata's version 1 pack.
func v1Sample(t *testing.T) []byte {
	t.Helper()
	f, err := os.Open("../testdata/packs/v1/sample.pack")
	require.NoError(t, err)
	defer f.Close()
	zr, err := zstd.NewReader(f)
	require.NoError(t, err)
	defer zr.Close()
	b, err := io.ReadAll(zr)
	require.NoError(t, err)
	return b
}

// v1Content is a version 1 pack's content of size bytes, zero but for
// its magic, its version and its length: no hosts, no blobs.
func v1Content(size int) []byte {
	b := make([]byte, size)
	copy(b, magic)
	binary.LittleEndian.PutUint32(b[8:], 1)
	binary.LittleEndian.PutUint64(b[24:], uint64(size))
	return b
}

// v1Pack writes content as a version 1 pack and returns its path.
func v1Pack(t *testing.T, content []byte) string {
	t.Helper()
	zw, err := zstd.NewWriter(nil)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "v1.pack")
	require.NoError(t, os.WriteFile(path, zw.EncodeAll(content, nil), 0o644))
	return path
}

// TestV1Refuses: each check of a version 1 pack's content, failed by one
// field changed, is refused with its error and the byte offset of the
// field (in the decompressed content); the content unchanged opens.
func TestV1Refuses(t *testing.T) {
	good := v1Sample(t)
	le := binary.LittleEndian
	nh, nb := int(le.Uint32(good[12:])), int(le.Uint32(good[16:]))
	require.Equal(t, 3, nh)
	strAt := v1HeaderSize + nh*v1HostRecSize + nb*v1BlobRecSize
	blobAt := v1HeaderSize + nh*v1HostRecSize
	end := uint64(len(good))
	for _, c := range []struct {
		name   string
		change func(b []byte)
		err    error
		reason string
		at     int
	}{
		{"magic", func(b []byte) { b[0] = 'X' }, ErrFormat, "not a pack", 0},
		{"version 2 inside", func(b []byte) { le.PutUint32(b[8:], 2) }, ErrVersion, "version 2", 8},
		{"reserved word", func(b []byte) { le.PutUint32(b[20:], 1) }, ErrFormat, "reserved word or content length", 20},
		{"content length", func(b []byte) { le.PutUint64(b[24:], end-1) }, ErrFormat, "reserved word or content length", 20},
		{"hosts past the content", func(b []byte) { le.PutUint32(b[12:], uint32(len(b)/v1HostRecSize)) }, ErrFormat, "do not fit", 12},
		{"blobs past the content", func(b []byte) { le.PutUint32(b[16:], uint32(len(b)/v1BlobRecSize)) }, ErrFormat, "do not fit", 12},
		{"a blob not 8-aligned", func(b []byte) { le.PutUint64(b[blobAt:], le.Uint64(b[blobAt:])+1) }, ErrFormat, "blob 0 at", blobAt},
		{"a blob in the records", func(b []byte) { le.PutUint64(b[blobAt:], uint64(strAt-strAt%8-8)) }, ErrFormat, "blob 0 at", blobAt},
		{"a blob past the end", func(b []byte) { le.PutUint64(b[blobAt:], (end+8)&^7) }, ErrFormat, "blob 0 at", blobAt},
		{"a blob running past the end", func(b []byte) { le.PutUint64(b[blobAt+8:], end-le.Uint64(b[blobAt:])+1) }, ErrFormat, "blob 0 at", blobAt},
		{"a blob of 2 GiB", func(b []byte) { le.PutUint64(b[blobAt+8:], maxBlobLen+1) }, ErrFormat, "blob 0 at", blobAt},
		{"a key in the records", func(b []byte) { le.PutUint32(b[v1HeaderSize:], uint32(strAt-1)) }, ErrFormat, "host 0: key at", v1HeaderSize},
		{"a key past the end", func(b []byte) { le.PutUint32(b[v1HeaderSize+4:], uint32(end)) }, ErrFormat, "host 0: key at", v1HeaderSize},
		{"an empty key", func(b []byte) { le.PutUint32(b[v1HeaderSize+4:], 0) }, ErrFormat, "host 0: key at", v1HeaderSize},
		{"a host's blob", func(b []byte) { le.PutUint32(b[v1HeaderSize+8:], uint32(nb)) }, ErrFormat, "host 0: key at", v1HeaderSize},
		{"a key twice", func(b []byte) { copy(b[v1HeaderSize+v1HostRecSize:], b[v1HeaderSize:v1HeaderSize+8]) }, ErrFormat, "twice", v1HeaderSize + v1HostRecSize},
	} {
		b := bytes.Clone(good)
		c.change(b)
		_, err := Open(v1Pack(t, b), Options{})
		require.ErrorIs(t, err, c.err, c.name)
		require.ErrorContains(t, err, c.reason, c.name)
		require.ErrorContains(t, err, "(byte offset "+strconv.Itoa(c.at)+")", c.name)
	}
	st, err := Open(v1Pack(t, good), Options{})
	require.NoError(t, err)
	defer st.Close()
	// Keys before the first and after the last: not found, and no
	// search runs off the table.
	for _, host := range []string{"a.example", "zzz.example", "example.com", "example.com:8081"} {
		_, err := st.Robots(host)
		require.ErrorIs(t, err, ErrNotFound, host)
	}
}

// TestV1Empty: a version 1 pack of no hosts is its header alone, and
// opens (a host is not found in it); a content a byte shorter than the
// header is no pack.
func TestV1Empty(t *testing.T) {
	head := v1Content(v1HeaderSize)
	st, err := Open(v1Pack(t, head), Options{})
	require.NoError(t, err)
	defer st.Close()
	_, err = st.Robots("example.com")
	require.ErrorIs(t, err, ErrNotFound)

	_, err = Open(v1Pack(t, head[:v1HeaderSize-1]), Options{})
	require.ErrorIs(t, err, ErrFormat)
	require.ErrorContains(t, err, "not a pack")
}

// TestV1BlobAfterRecords: with no host keys, the blobs begin right after
// the records, as the format lays them out: a blob there is read, and one
// 8 bytes before (in the records) is refused.
func TestV1BlobAfterRecords(t *testing.T) {
	le := binary.LittleEndian
	strAt := v1HeaderSize + v1BlobRecSize
	b := v1Content(strAt + 8)
	le.PutUint32(b[16:], 1)
	le.PutUint64(b[v1HeaderSize:], uint64(strAt))
	le.PutUint64(b[v1HeaderSize+8:], 8)
	st, err := Open(v1Pack(t, b), Options{})
	require.NoError(t, err)
	require.Equal(t, 1, st.Contents())
	require.NoError(t, st.Close())

	le.PutUint64(b[v1HeaderSize:], uint64(strAt-8))
	_, err = Open(v1Pack(t, b), Options{})
	require.ErrorIs(t, err, ErrFormat)
	require.ErrorContains(t, err, "blob 0 at 40, 8 bytes: out of range")
}

// TestV1Key: a version 1 key's "_port" is read as ":port", only when it
// is a non-empty run of digits after a non-empty host.
func TestV1Key(t *testing.T) {
	for k, want := range map[string]string{
		"example.com_8080": "example.com:8080", "a_b_0": "a_b:0", "a_9": "a:9",
		"_8080": "_8080", "example.com_": "example.com_", "example.com_80a": "example.com_80a",
		"example.com_/80": "example.com_/80", "example.com_:8": "example.com_:8", "example.com": "example.com",
	} {
		require.Equal(t, want, v1Key(k), k)
	}
}

// TestV1KeyAtEnd: a host key may lie anywhere after the records, up to
// the content's last byte: host 0's key moved past the blobs, ending on
// the last byte, is read and its host found with its rules; the same key
// one byte longer runs past the content and is refused.
func TestV1KeyAtEnd(t *testing.T) {
	good := v1Sample(t)
	le := binary.LittleEndian
	off, n := le.Uint32(good[v1HeaderSize:]), le.Uint32(good[v1HeaderSize+4:])
	raw := good[off : off+n]
	key := v1Key(string(raw))
	want, err := Open(v1Pack(t, good), Options{})
	require.NoError(t, err)
	defer want.Close()
	wantRobots, err := want.Robots(key)
	require.NoError(t, err, key)

	b := append(bytes.Clone(good), raw...)
	le.PutUint64(b[24:], uint64(len(b)))
	le.PutUint32(b[v1HeaderSize:], uint32(len(good)))
	st, err := Open(v1Pack(t, b), Options{})
	require.NoError(t, err)
	defer st.Close()
	got, err := st.Robots(key)
	require.NoError(t, err, key)
	wantBlob, err := wantRobots.AppendBinary(nil)
	require.NoError(t, err)
	gotBlob, err := got.AppendBinary(nil)
	require.NoError(t, err)
	require.Equal(t, wantBlob, gotBlob, key)

	le.PutUint32(b[v1HeaderSize+4:], n+1)
	_, err = Open(v1Pack(t, b), Options{})
	require.ErrorIs(t, err, ErrFormat)
	require.ErrorContains(t, err, "host 0: key at")
}
