package store

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"path/filepath"
	"strconv"
	"testing"

	farm "github.com/dgryski/go-farm"
	"github.com/stretchr/testify/require"
)

// bucketsStore writes a store of 130 hosts over three contents, so that
// its directory has four buckets, and returns its bytes and table.
func bucketsStore(t *testing.T) ([]byte, *v2) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "buckets.store")
	w, err := Create(path)
	require.NoError(t, err)
	for i := range 130 {
		body := fmt.Sprintf("User-agent: *\nDisallow: /%d\n", i%3)
		require.NoError(t, w.AddRobotsTxt(fmt.Sprintf("h%d.example", i), []byte(body), compiled))
	}
	require.NoError(t, w.Close())
	data, tab := storeBytes(t, path)
	require.Equal(t, uint32(2), tab.hdr.dirBits)
	return data, tab
}

// TestOpenRefuses: each check of a store's header and index, failed by
// one field changed (the index's checksum then recomputed, so that the
// change reaches the check), is refused with its error, its reason and
// the byte offset of the field at fault.
func TestOpenRefuses(t *testing.T) {
	good, tab := bucketsStore(t)
	le := binary.LittleEndian
	dirAt := int(tab.hdr.indexOff)
	recAt, contAt := dirAt+len(tab.dir), tab.contentsAt()
	hosts, contents := int(tab.hdr.hosts), int(tab.hdr.contents)
	firstOf1 := int(le.Uint32(tab.dir[4:])) // the first host of bucket 1
	for _, c := range []struct {
		name   string
		change func(b []byte) []byte
		err    error
		reason string
		at     int
	}{
		{"shorter than a header", func(b []byte) []byte { return b[:headerSize-1] }, ErrFormat, "shorter than a header", 0},
		{"magic", func(b []byte) []byte { b[7] = 'X'; return b }, ErrFormat, "is not \"RDFApack\"", 0},
		{"version 4", func(b []byte) []byte { le.PutUint32(b[8:], 4); return b }, ErrVersion, "version 4", 8},
		{"version 1 not compressed", func(b []byte) []byte { le.PutUint32(b[8:], 1); return b }, ErrVersion, "version 1", 8},
		{"flags", func(b []byte) []byte { le.PutUint32(b[12:], 1); return b }, ErrFormat, "flags or reserved", 12},
		{"reserved word", func(b []byte) []byte { le.PutUint32(b[36:], 1); return b }, ErrFormat, "flags or reserved", 12},
		{"length field", func(b []byte) []byte { le.PutUint64(b[16:], uint64(len(b)+1)); return b }, ErrFormat, "length field", 16},
		{"directory bits", func(b []byte) []byte { le.PutUint32(b[32:], maxDirBits+1); return b }, ErrFormat, "directory of 25 bits", 32},
		{"index in the header", func(b []byte) []byte { le.PutUint64(b[40:], headerSize-1); return b }, ErrFormat, "index at 63", 40},
		{"index in the header, its length to the end", func(b []byte) []byte {
			le.PutUint64(b[40:], headerSize-1)
			le.PutUint64(b[48:], uint64(len(b))-(headerSize-1))
			return b
		}, ErrFormat, "index at 63", 40},
		{"index past the end", func(b []byte) []byte { le.PutUint64(b[40:], uint64(len(b)+1)); return b }, ErrFormat, "index at", 40},
		{"index length", func(b []byte) []byte { le.PutUint64(b[48:], le.Uint64(b[48:])-1); return b }, ErrFormat, "index at", 40},
		{"hosts", func(b []byte) []byte { le.PutUint32(b[24:], uint32(len(b))); return b }, ErrFormat, "do not fit", 24},
		{"contents", func(b []byte) []byte { le.PutUint32(b[28:], uint32(len(b))); return b }, ErrFormat, "do not fit", 24},
		{"directory's first", func(b []byte) []byte { le.PutUint32(b[dirAt:], 1); return b }, ErrFormat, "does not span the 130 hosts", dirAt},
		{"directory's end", func(b []byte) []byte { le.PutUint32(b[dirAt+16:], uint32(hosts-1)); return b }, ErrFormat, "does not span", dirAt},
		{"directory's order", func(b []byte) []byte { le.PutUint32(b[dirAt+8:], le.Uint32(b[dirAt+12:])+1); return b }, ErrFormat, "not in order at bucket 2", dirAt + 8},
		{"a host's content", func(b []byte) []byte { le.PutUint32(b[recAt+16+8:], uint32(contents)); return b }, ErrFormat, "host 1: content 3 of 3", recAt + 16 + 8},
		{"a host's key offset", func(b []byte) []byte { le.PutUint32(b[recAt+16+12:], uint32(len(tab.keys)-1)); return b }, ErrFormat, "host 1: key at", recAt + 16 + 12},
		{"an empty key", func(b []byte) []byte { le.PutUint16(b[int(tab.keysAt):], 0); return b }, ErrFormat, "host 0: key at 0", recAt + 12},
		{"a key past the keys", func(b []byte) []byte { le.PutUint16(b[int(tab.keysAt):], uint16(len(tab.keys))); return b }, ErrFormat, "host 0: key at 0", recAt + 12},
		{"a fingerprint", func(b []byte) []byte { le.PutUint64(b[recAt+16:], le.Uint64(b[recAt+16:])+1); return b }, ErrFormat, "host 1: fingerprint", recAt + 16},
		{"two records swapped", func(b []byte) []byte {
			r0, r1 := bytes.Clone(b[recAt:recAt+16]), bytes.Clone(b[recAt+16:recAt+32])
			copy(b[recAt:], r1)
			copy(b[recAt+16:], r0)
			return b
		}, ErrFormat, "host 1: records not sorted", recAt + 16},
		{"a key twice", func(b []byte) []byte { copy(b[recAt+16:recAt+32], b[recAt:recAt+16]); return b }, ErrFormat, "host 1: records not sorted, or a key repeated", recAt + 16},
		{"a host in the bucket before", func(b []byte) []byte { le.PutUint32(b[dirAt+4:], uint32(firstOf1+1)); return b }, ErrFormat, fmt.Sprintf("host %d is not in its directory bucket 1", firstOf1), recAt + 16*firstOf1},
		{"a host in the bucket after", func(b []byte) []byte { le.PutUint32(b[dirAt+4:], uint32(firstOf1-1)); return b }, ErrFormat, fmt.Sprintf("host %d is not in its directory bucket 0", firstOf1-1), recAt + 16*(firstOf1-1)},
		{"a content's kind", func(b []byte) []byte { le.PutUint32(b[contAt+24:], kindS2+1); return b }, ErrFormat, "content 0: kind 3", contAt + 24},
		{"the last content's kind", func(b []byte) []byte { le.PutUint32(b[contAt+2*contentSize+24:], kindS2+1); return b }, ErrFormat, "content 2: kind 3", contAt + 2*contentSize + 24},
		{"a content's reserved word", func(b []byte) []byte { le.PutUint32(b[contAt+contentSize+28:], 1); return b }, ErrFormat, "content 1: kind", contAt + contentSize + 24},
		{"a blob of 2 GiB", func(b []byte) []byte { le.PutUint32(b[contAt+contentSize+12:], maxBlobLen+1); return b }, ErrFormat, "content 1: blob of 2147483648 bytes", contAt + contentSize + 12},
		{"a frame in the header", func(b []byte) []byte { le.PutUint64(b[contAt+contentSize:], headerSize-1); return b }, ErrFormat, "content 1: frame of", contAt + contentSize},
		{"a raw frame not its blob's length", func(b []byte) []byte { le.PutUint32(b[contAt+24:], kindRaw); return b }, ErrFormat, "content 0: blob of", contAt + 12},
	} {
		b := c.change(bytes.Clone(good))
		if len(b) >= headerSize && le.Uint64(b[40:]) <= uint64(len(b)) {
			resealed(b)
		}
		_, err := openV2(b)
		require.ErrorIs(t, err, c.err, c.name)
		require.ErrorContains(t, err, c.reason, c.name)
		require.ErrorContains(t, err, "(byte offset "+strconv.Itoa(c.at)+")", c.name)
	}
	// The index's checksum, not recomputed.
	b := bytes.Clone(good)
	b[len(b)-1] ^= 1
	_, err := openV2(b)
	require.ErrorIs(t, err, ErrChecksum)
	require.ErrorContains(t, err, "(byte offset 56)")
	// And the file unchanged opens.
	_, err = openV2(resealed(bytes.Clone(good)))
	require.NoError(t, err)
}

// TestOpenEdges: a store of no hosts opens (its index has no keys), as
// does one whose directory has an empty bucket (two equal bounds).
func TestOpenEdges(t *testing.T) {
	empty := filepath.Join(t.TempDir(), "empty.store")
	w, err := Create(empty)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	st, err := Open(empty, Options{})
	require.NoError(t, err)
	require.Equal(t, 0, st.Hosts())
	_, err = st.Robots("a.example")
	require.ErrorIs(t, err, ErrNotFound)
	st.Close()

	// 64 hosts make a directory of two buckets: all in the first.
	half := filepath.Join(t.TempDir(), "half.store")
	w, err = Create(half)
	require.NoError(t, err)
	n := 0
	for i := 0; n < 64; i++ {
		host := fmt.Sprintf("h%d.example", i)
		if fingerprint(host)>>63 == 0 {
			require.NoError(t, w.AddRobotsTxt(host, []byte("User-agent: *\nDisallow: /\n"), compiled))
			n++
		}
	}
	require.NoError(t, w.Close())
	data, tab := storeBytes(t, half)
	require.Equal(t, uint32(1), tab.hdr.dirBits)
	require.Equal(t, []uint32{0, 64, 64}, []uint32{le32(tab.dir, 0), le32(tab.dir, 1), le32(tab.dir, 2)})
	_, err = openV2(data)
	require.NoError(t, err)
}

func le32(b []byte, i int) uint32 { return binary.LittleEndian.Uint32(b[4*i:]) }

// TestOpenWidestDirectory: a directory of maxDirBits bits, which a writer
// takes past 2^29 hosts, opens; one bit more is refused (TestOpenRefuses).
// The store holds no host, so its index is the 64 MiB directory alone.
func TestOpenWidestDirectory(t *testing.T) {
	data := make([]byte, headerSize+(1<<maxDirBits+1)*4)
	index := data[headerSize:]
	h := header{fileLen: uint64(len(data)), dirBits: maxDirBits, indexOff: headerSize, indexLn: uint64(len(index)), checksum: farm.Fingerprint64(index)}
	h.put(data)
	tab, err := openV2(data)
	require.NoError(t, err)
	require.Len(t, tab.dir, len(index))
	_, ok := tab.lookup([]byte("a.example"), fingerprint("a.example"))
	require.False(t, ok)
}
