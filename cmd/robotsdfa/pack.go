package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/klauspost/compress/zstd"
)

// A pack holds many hosts' blobs in one zstd-compressed file with an index
// by host key (docs/FORMAT.md, "Packs"). Inside the zstd frame, all
// little-endian:
//
//	0   magic "RDFApack"
//	8   u32 version (1)
//	12  u32 H, number of hosts
//	16  u32 B, number of blobs
//	20  u32 reserved, 0
//	24  u64 L, length of the content (this header included)
//	32  H host records: u32 name offset, u32 name length, u32 blob index
//	    B blob records: u64 offset, u64 length
//	    host names, sorted by bytes, strictly increasing
//	    blobs, each at an offset that is a multiple of 8
const (
	packMagic      = "RDFApack"
	packVersion    = 1
	packHeaderSize = 32
	hostRecSize    = 12
	blobRecSize    = 16
	// maxPackBytes bounds the decompressed content of a pack.
	maxPackBytes = 16 << 30
)

var errPack = errors.New("bad pack")

// pack is a decoded pack: the index, validated; blobs are validated when
// they are loaded.
type pack struct {
	hosts  []string
	blobOf []uint32
	blobs  [][]byte
	// size is the decompressed content's length, compressed the file's.
	size, compressed int64
}

// lookup returns the blob of a host key.
func (p *pack) lookup(key string) ([]byte, bool) {
	i := sort.SearchStrings(p.hosts, key)
	if i < len(p.hosts) && p.hosts[i] == key {
		return p.blobs[p.blobOf[i]], true
	}
	return nil, false
}

// writePack writes a pack of hosts (host key → blob index) and blobs.
func writePack(w io.Writer, hosts map[string]int, blobs [][]byte) error {
	names := make([]string, 0, len(hosts))
	for h := range hosts {
		names = append(names, h)
	}
	sort.Strings(names)
	strAt := packHeaderSize + len(names)*hostRecSize + len(blobs)*blobRecSize
	blobAt := align8(strAt + totalLen(names))
	end := blobAt
	for _, b := range blobs {
		end = align8(end) + len(b)
	}
	buf := make([]byte, 0, end)
	buf = append(buf, packMagic...)
	buf = binary.LittleEndian.AppendUint32(buf, packVersion)
	buf = binary.LittleEndian.AppendUint32(buf, uint32(len(names)))
	buf = binary.LittleEndian.AppendUint32(buf, uint32(len(blobs)))
	buf = binary.LittleEndian.AppendUint32(buf, 0)
	buf = binary.LittleEndian.AppendUint64(buf, uint64(end))
	off := strAt
	for _, h := range names {
		buf = binary.LittleEndian.AppendUint32(buf, uint32(off))
		buf = binary.LittleEndian.AppendUint32(buf, uint32(len(h)))
		buf = binary.LittleEndian.AppendUint32(buf, uint32(hosts[h]))
		off += len(h)
	}
	off = blobAt
	for _, b := range blobs {
		off = align8(off)
		buf = binary.LittleEndian.AppendUint64(buf, uint64(off))
		buf = binary.LittleEndian.AppendUint64(buf, uint64(len(b)))
		off += len(b)
	}
	for _, h := range names {
		buf = append(buf, h...)
	}
	for _, b := range blobs {
		buf = append(buf, make([]byte, align8(len(buf))-len(buf))...)
		buf = append(buf, b...)
	}
	zw, err := zstd.NewWriter(w, zstd.WithEncoderLevel(zstd.SpeedBetterCompression), zstd.WithEncoderCRC(true))
	if err != nil {
		return err
	}
	if _, err := zw.Write(buf); err != nil {
		zw.Close()
		return err
	}
	return zw.Close()
}

func align8(n int) int { return (n + 7) &^ 7 }

func totalLen(ss []string) int {
	n := 0
	for _, s := range ss {
		n += len(s)
	}
	return n
}

// readPack reads and decompresses a pack and validates its index. Errors
// name the file and, for the index, the offset in the decompressed
// content.
func readPack(path string) (*pack, error) {
	f, st, err := openRegular(path, "a pack")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// Decoded in this goroutine (BenchmarkReadPack: 27% faster than with
	// two decoder goroutines).
	zr, err := zstd.NewReader(f, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(maxPackBytes))
	if err != nil {
		return nil, err
	}
	defer zr.Close()
	content, err := packContent(zr, st.Size())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	p, err := decodePack(content)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	p.compressed = st.Size()
	return p, nil
}

// decodePack validates a pack's decompressed content and indexes it.
func decodePack(b []byte) (*pack, error) {
	bad := func(off int, format string, args ...any) error {
		return fmt.Errorf("%w: at byte %d: %s", errPack, off, fmt.Sprintf(format, args...))
	}
	if len(b) < packHeaderSize || string(b[:8]) != packMagic {
		if len(b) >= 8 && string(b[:8]) == "RDFAblob" {
			return nil, bad(0, "a blob, not a pack (use -robots with the source, or inspect)")
		}
		return nil, bad(0, "no pack header (want %q)", packMagic)
	}
	le := binary.LittleEndian
	if v := le.Uint32(b[8:]); v != packVersion {
		return nil, bad(8, "version %d, this build reads version %d", v, packVersion)
	}
	nh, nb := int64(le.Uint32(b[12:])), int64(le.Uint32(b[16:]))
	if le.Uint32(b[20:]) != 0 {
		return nil, bad(20, "reserved word not zero")
	}
	if l := le.Uint64(b[24:]); l != uint64(len(b)) {
		return nil, bad(24, "content length %d, but %d bytes decompressed", l, len(b))
	}
	strAt := packHeaderSize + nh*hostRecSize + nb*blobRecSize
	if strAt > int64(len(b)) {
		return nil, bad(12, "%d hosts and %d blobs do not fit in %d bytes", nh, nb, len(b))
	}
	p := &pack{hosts: make([]string, nh), blobOf: make([]uint32, nh), blobs: make([][]byte, nb), size: int64(len(b))}
	blobRecAt := packHeaderSize + nh*hostRecSize
	for i := int64(0); i < nb; i++ {
		o := blobRecAt + i*blobRecSize
		off, n := le.Uint64(b[o:]), le.Uint64(b[o+8:])
		if off%8 != 0 || off < uint64(strAt) || off > uint64(len(b)) || n > uint64(len(b))-off {
			return nil, bad(int(o), "blob %d at %d, %d bytes: out of range or not 8-aligned", i, off, n)
		}
		p.blobs[i] = b[off : off+n : off+n]
	}
	for i := int64(0); i < nh; i++ {
		o := packHeaderSize + i*hostRecSize
		off, n, blob := int64(le.Uint32(b[o:])), int64(le.Uint32(b[o+4:])), le.Uint32(b[o+8:])
		if off < strAt || off+n > int64(len(b)) || n == 0 {
			return nil, bad(int(o), "host %d: name at %d, %d bytes: out of range", i, off, n)
		}
		if int64(blob) >= nb {
			return nil, bad(int(o+8), "host %d: blob %d of %d", i, blob, nb)
		}
		p.hosts[i], p.blobOf[i] = string(b[off:off+n]), blob
		if i > 0 && strings.Compare(p.hosts[i-1], p.hosts[i]) >= 0 {
			return nil, bad(int(o), "host %d (%q) not after %q: index not sorted", i, p.hosts[i], p.hosts[i-1])
		}
	}
	return p, nil
}
