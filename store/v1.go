package store

import (
	"encoding/binary"
	"io"
	"sort"
	"strings"

	farm "github.com/dgryski/go-farm"
	"github.com/klauspost/compress/zstd"
)

// A version 1 pack (robotsdfa 25 November 2026) is one zstd frame holding,
// little-endian:
//
//	0   magic "RDFApack"
//	8   u32 version (1)
//	12  u32 H hosts, 16 u32 B blobs, 20 u32 0, 24 u64 content length
//	32  H host records: u32 key offset, u32 key length, u32 blob
//	    B blob records: u64 offset, u64 length
//	    host keys, sorted, strictly increasing ("host_port" for a port)
//	    blobs, 8-aligned
//
// It is read whole and decompressed into memory; its keys are read in
// this version's form ("host:port").
const (
	v1HeaderSize  = 32
	v1HostRecSize = 12
	v1BlobRecSize = 16
	// maxV1Bytes bounds a version 1 pack's decompressed content, and
	// v1Ratio its ratio to the file: the corpus's pack decompresses to
	// 8.9 times its size, and a zstd frame of runs can reach 30,000.
	maxV1Bytes = 16 << 30
	v1Ratio    = 64
)

// v1 is a version 1 pack's table, in memory.
type v1 struct {
	keys   []string // sorted
	blobOf []uint32
	blobs  [][]byte
}

// openV1 decompresses a version 1 pack of size bytes, into no more than
// v1Ratio times its size, and validates its index.
func openV1(r io.Reader, size int64) (*v1, error) {
	zr, err := zstd.NewReader(r, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(maxV1Bytes))
	if err != nil {
		return nil, err
	}
	defer zr.Close()
	bound := min(maxV1Bytes, v1Ratio*size+1<<20)
	b, err := io.ReadAll(io.LimitReader(zr, bound+1))
	if err != nil {
		return nil, formatError(ErrFormat, 0, "a version 1 pack whose zstd frame does not decompress: %v", err)
	}
	if int64(len(b)) > bound {
		return nil, formatError(ErrFormat, 0, "a version 1 pack of %d bytes that decompresses past %d, %d times its size", size, bound, v1Ratio)
	}
	le := binary.LittleEndian
	if len(b) < v1HeaderSize || string(b[:8]) != magic {
		return nil, formatError(ErrFormat, 0, "not a pack")
	}
	if v := le.Uint32(b[8:]); v != 1 {
		return nil, formatError(ErrVersion, 8, "a zstd-compressed pack of version %d", v)
	}
	nh, nb := int64(le.Uint32(b[12:])), int64(le.Uint32(b[16:]))
	if le.Uint32(b[20:]) != 0 || le.Uint64(b[24:]) != uint64(len(b)) {
		return nil, formatError(ErrFormat, 20, "reserved word or content length wrong (%d bytes decompressed)", len(b))
	}
	strAt := v1HeaderSize + nh*v1HostRecSize + nb*v1BlobRecSize
	if strAt > int64(len(b)) {
		return nil, formatError(ErrFormat, 12, "%d hosts and %d blobs do not fit %d bytes", nh, nb, len(b))
	}
	t := &v1{keys: make([]string, nh), blobOf: make([]uint32, nh), blobs: make([][]byte, nb)}
	at := v1HeaderSize + nh*v1HostRecSize
	for i := int64(0); i < nb; i++ {
		o := at + i*v1BlobRecSize
		off, n := le.Uint64(b[o:]), le.Uint64(b[o+8:])
		if off%8 != 0 || off < uint64(strAt) || off > uint64(len(b)) || n > uint64(len(b))-off || n > maxBlobLen {
			return nil, formatError(ErrFormat, o, "blob %d at %d, %d bytes: out of range", i, off, n)
		}
		t.blobs[i] = b[off : off+n : off+n]
	}
	for i := int64(0); i < nh; i++ {
		o := v1HeaderSize + i*v1HostRecSize
		off, n, blob := int64(le.Uint32(b[o:])), int64(le.Uint32(b[o+4:])), le.Uint32(b[o+8:])
		if off < strAt || off+n > int64(len(b)) || n == 0 || int64(blob) >= nb {
			return nil, formatError(ErrFormat, o, "host %d: key at %d, %d bytes, blob %d: out of range", i, off, n, blob)
		}
		t.keys[i], t.blobOf[i] = v1Key(string(b[off:off+n])), blob
	}
	// The "_port" to ":port" change can reorder keys: sort by key.
	order := make([]int, nh)
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(i, j int) bool { return t.keys[order[i]] < t.keys[order[j]] })
	keys, blobOf := make([]string, nh), make([]uint32, nh)
	for i, k := range order {
		keys[i], blobOf[i] = t.keys[k], t.blobOf[k]
		if i > 0 && keys[i] == keys[i-1] {
			return nil, formatError(ErrFormat, v1HeaderSize+int64(k)*v1HostRecSize, "host key %q twice", keys[i])
		}
	}
	t.keys, t.blobOf = keys, blobOf
	return t, nil
}

// v1Key is a version 1 key in this version's form: "host_port", as the
// file names of a robots.txt directory wrote a port, is "host:port".
func v1Key(k string) string {
	i := strings.LastIndexByte(k, '_')
	if i <= 0 || i == len(k)-1 {
		return k
	}
	for _, c := range k[i+1:] {
		if c < '0' || c > '9' {
			return k
		}
	}
	return k[:i] + ":" + k[i+1:]
}

func (t *v1) hosts() int    { return len(t.keys) }
func (t *v1) contents() int { return len(t.blobs) }

func (t *v1) lookup(key []byte, _ uint64) (uint32, bool) {
	i := sort.Search(len(t.keys), func(i int) bool { return t.keys[i] >= string(key) })
	if i < len(t.keys) && t.keys[i] == string(key) {
		return t.blobOf[i], true
	}
	return 0, false
}

func (t *v1) frame(i uint32) (contentRec, []byte, error) {
	b := t.blobs[i]
	return contentRec{blobLen: uint32(len(b)), frameLen: uint32(len(b)), fp: farm.Fingerprint64(b), kind: kindRaw}, b, nil
}

func (t *v1) eachHost(fn func(string, uint32) error) error {
	for i, k := range t.keys {
		if err := fn(k, t.blobOf[i]); err != nil {
			return err
		}
	}
	return nil
}
