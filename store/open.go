package store

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	goruntime "runtime"
	"sync"

	farm "github.com/dgryski/go-farm"
	"github.com/klauspost/compress/s2"
	"github.com/klauspost/compress/zstd"
)

// table is a store's index and contents: a version 2 or 3 file
// (memory-mapped or read) or a version 1 pack (decompressed).
type table interface {
	hosts() int
	contents() int
	// lookup finds a host key (fp its Fingerprint64).
	lookup(key []byte, fp uint64) (content uint32, ok bool)
	// frame returns a content's record and frame, bounds checked.
	frame(content uint32) (contentRec, []byte, error)
	// eachHost calls fn with every host key and its content, in index
	// order, until fn fails.
	eachHost(fn func(key string, content uint32) error) error
}

// v2 is the table of a store file of version 2 or 3 (the same layout),
// over data (the whole file).
type v2 struct {
	data      []byte
	version   uint32
	hdr       header
	dir       []byte // 2^b + 1 u32
	hostRecs  []byte
	contRecs  []byte
	keys      []byte
	keysAt    int64 // the keys area's offset in the file
	framesEnd uint64
}

// openV2 validates a version 2 or 3 file's header and index: the lengths, the
// index checksum, the directory, every host record (sorted, in its bucket,
// its content and key in range, its fingerprint its key's) and every
// content record (its frame in the frames' region). The frames are read
// only when looked up.
func openV2(data []byte) (*v2, error) {
	le := binary.LittleEndian
	if len(data) < headerSize {
		return nil, formatError(ErrFormat, 0, "%d bytes is shorter than a header", len(data))
	}
	if string(data[:8]) != magic {
		return nil, formatError(ErrFormat, 0, "magic %q is not %q", data[:8], magic)
	}
	v := le.Uint32(data[8:])
	if v != 2 && v != version {
		return nil, formatError(ErrVersion, 8, "version %d, this package reads 1 to %d", v, version)
	}
	t := &v2{data: data, version: v}
	h := &t.hdr
	h.fileLen, h.hosts, h.contents = le.Uint64(data[16:]), le.Uint32(data[24:]), le.Uint32(data[28:])
	h.dirBits, h.indexOff, h.indexLn, h.checksum = le.Uint32(data[32:]), le.Uint64(data[40:]), le.Uint64(data[48:]), le.Uint64(data[56:])
	switch {
	case le.Uint32(data[12:]) != 0 || le.Uint32(data[36:]) != 0:
		return nil, formatError(ErrFormat, 12, "flags or reserved word not zero")
	case h.fileLen != uint64(len(data)):
		return nil, formatError(ErrFormat, 16, "length field %d, file has %d bytes", h.fileLen, len(data))
	case h.dirBits > maxDirBits:
		return nil, formatError(ErrFormat, 32, "directory of %d bits", h.dirBits)
	case h.indexOff < headerSize || h.indexOff > h.fileLen || h.indexLn != h.fileLen-h.indexOff:
		return nil, formatError(ErrFormat, 40, "index at %d, %d bytes, in a file of %d", h.indexOff, h.indexLn, h.fileLen)
	}
	index := data[h.indexOff:]
	dirLen := (uint64(1)<<h.dirBits + 1) * 4
	fixed := dirLen + uint64(h.hosts)*hostRecSize + uint64(h.contents)*contentSize
	if fixed > h.indexLn {
		return nil, formatError(ErrFormat, 24, "%d hosts and %d contents do not fit a %d-byte index", h.hosts, h.contents, h.indexLn)
	}
	if got := farm.Fingerprint64(index); got != h.checksum {
		return nil, formatError(ErrChecksum, 56, "index checksum %#016x, its bytes give %#016x", h.checksum, got)
	}
	t.dir = index[:dirLen]
	t.hostRecs = index[dirLen : dirLen+uint64(h.hosts)*hostRecSize]
	t.contRecs = index[dirLen+uint64(h.hosts)*hostRecSize : fixed]
	t.keys = index[fixed:]
	t.keysAt = int64(h.indexOff + fixed)
	t.framesEnd = h.indexOff
	return t, t.validate()
}

// validate checks the directory and every record, so that a lookup needs
// no more than bounds it can trust.
func (t *v2) validate() error {
	le := binary.LittleEndian
	h := &t.hdr
	dirAt := int64(h.indexOff)
	buckets := uint64(1) << h.dirBits
	if le.Uint32(t.dir) != 0 || le.Uint32(t.dir[4*buckets:]) != h.hosts {
		return formatError(ErrFormat, dirAt, "directory does not span the %d hosts", h.hosts)
	}
	for k := uint64(0); k < buckets; k++ {
		if le.Uint32(t.dir[4*k:]) > le.Uint32(t.dir[4*k+4:]) {
			return formatError(ErrFormat, dirAt+int64(4*k), "directory not in order at bucket %d", k)
		}
	}
	recAt := dirAt + int64(len(t.dir))
	var prevFP uint64
	var prevKey []byte
	for i := uint32(0); i < h.hosts; i++ {
		o := int64(i) * hostRecSize
		fp, content, keyOff := le.Uint64(t.hostRecs[o:]), le.Uint32(t.hostRecs[o+8:]), uint64(le.Uint32(t.hostRecs[o+12:]))
		if content >= h.contents {
			return formatError(ErrFormat, recAt+o+8, "host %d: content %d of %d", i, content, h.contents)
		}
		key, ok := t.keyAt(keyOff)
		if !ok {
			return formatError(ErrFormat, recAt+o+12, "host %d: key at %d outside the %d-byte keys area", i, keyOff, len(t.keys))
		}
		if farm.Fingerprint64(key) != fp {
			return formatError(ErrFormat, recAt+o, "host %d: fingerprint is not its key's", i)
		}
		if i > 0 && (fp < prevFP || fp == prevFP && bytes.Compare(prevKey, key) >= 0) {
			return formatError(ErrFormat, recAt+o, "host %d: records not sorted, or a key repeated", i)
		}
		if b := bucketOf(fp, h.dirBits); le.Uint32(t.dir[4*b:]) > i || le.Uint32(t.dir[4*b+4:]) <= i {
			return formatError(ErrFormat, recAt+o, "host %d is not in its directory bucket %d", i, b)
		}
		prevFP, prevKey = fp, key
	}
	contAt := recAt + int64(len(t.hostRecs))
	maxKind := uint32(kindS2)
	if t.version == 2 {
		maxKind = kindZstd
	}
	for i := uint32(0); i < h.contents; i++ {
		o := int64(i) * contentSize
		rec := t.content(i)
		switch {
		// Not off+frameLen > framesEnd: off is any u64, and the sum wraps.
		case rec.off < headerSize || rec.off > t.framesEnd || uint64(rec.frameLen) > t.framesEnd-rec.off:
			return formatError(ErrFormat, contAt+o, "content %d: frame of %d bytes at %d, outside the frames [%d, %d)", i, rec.frameLen, rec.off, headerSize, t.framesEnd)
		case rec.kind > maxKind || le.Uint32(t.contRecs[o+28:]) != 0:
			return formatError(ErrFormat, contAt+o+24, "content %d: kind %d in a file of version %d", i, rec.kind, t.version)
		case rec.blobLen > maxBlobLen || rec.kind == kindRaw && rec.frameLen != rec.blobLen:
			return formatError(ErrFormat, contAt+o+12, "content %d: blob of %d bytes in a frame of %d", i, rec.blobLen, rec.frameLen)
		}
	}
	return nil
}

// keyAt is the key at off in the keys area.
func (t *v2) keyAt(off uint64) ([]byte, bool) {
	if off+2 > uint64(len(t.keys)) {
		return nil, false
	}
	n := uint64(binary.LittleEndian.Uint16(t.keys[off:]))
	if off+2+n > uint64(len(t.keys)) || n == 0 {
		return nil, false
	}
	return t.keys[off+2 : off+2+n], true
}

func (t *v2) content(i uint32) contentRec {
	le := binary.LittleEndian
	o := int(i) * contentSize
	return contentRec{off: le.Uint64(t.contRecs[o:]), frameLen: le.Uint32(t.contRecs[o+8:]),
		blobLen: le.Uint32(t.contRecs[o+12:]), fp: le.Uint64(t.contRecs[o+16:]), kind: le.Uint32(t.contRecs[o+24:])}
}

func (t *v2) hosts() int    { return int(t.hdr.hosts) }
func (t *v2) contents() int { return int(t.hdr.contents) }

// lookup searches the key's directory bucket for its fingerprint, then
// compares keys.
func (t *v2) lookup(key []byte, fp uint64) (uint32, bool) {
	le := binary.LittleEndian
	b := bucketOf(fp, t.hdr.dirBits)
	lo, hi := int(le.Uint32(t.dir[4*b:])), int(le.Uint32(t.dir[4*b+4:]))
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if le.Uint64(t.hostRecs[m*hostRecSize:]) < fp {
			lo = m + 1
		} else {
			hi = m
		}
	}
	for ; lo < int(t.hdr.hosts) && le.Uint64(t.hostRecs[lo*hostRecSize:]) == fp; lo++ {
		o := lo * hostRecSize
		if k, _ := t.keyAt(uint64(le.Uint32(t.hostRecs[o+12:]))); bytes.Equal(k, key) {
			return le.Uint32(t.hostRecs[o+8:]), true
		}
	}
	return 0, false
}

func (t *v2) frame(i uint32) (contentRec, []byte, error) {
	rec := t.content(i)
	return rec, t.data[rec.off : rec.off+uint64(rec.frameLen)], nil
}

func (t *v2) eachHost(fn func(string, uint32) error) error {
	le := binary.LittleEndian
	for i := 0; i < int(t.hdr.hosts); i++ {
		o := i * hostRecSize
		k, _ := t.keyAt(uint64(le.Uint32(t.hostRecs[o+12:])))
		if err := fn(string(k), le.Uint32(t.hostRecs[o+8:])); err != nil {
			return err
		}
	}
	return nil
}

// The frames' encoder and decoder; EncodeAll and DecodeAll are safe for
// concurrent use. SpeedDefault: over the corpus's blobs, 4% larger frames
// than SpeedBetterCompression, in 40% of the time (docs/PERFORMANCE.md,
// "The store").
var (
	decoderOnce, encoderOnce sync.Once
	decoder                  *zstd.Decoder
	encoder                  *zstd.Encoder
)

func frameEncoder() *zstd.Encoder {
	encoderOnce.Do(func() {
		encoder, _ = zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault), zstd.WithEncoderConcurrency(goruntime.GOMAXPROCS(0)))
	})
	return encoder
}

func frameDecoder() *zstd.Decoder {
	decoderOnce.Do(func() {
		decoder, _ = zstd.NewReader(nil, zstd.WithDecoderConcurrency(0), zstd.WithDecoderMaxMemory(maxBlobLen))
	})
	return decoder
}

// decodeFrame decompresses a content's frame into its blob, of at most
// limit bytes.
func decodeFrame(t table, i uint32, limit int64) ([]byte, error) {
	rec, frame, err := t.frame(i)
	if err != nil {
		return nil, err
	}
	if int64(rec.blobLen) > limit {
		return nil, fmt.Errorf("%w: content %d: a blob of %d bytes, over the bound of %d (Options.MaxBlobBytes)", ErrTooLarge, i, rec.blobLen, limit)
	}
	switch rec.kind {
	case kindRaw:
		// A copy: what a Store hands out stays valid once its file is
		// unmapped.
		return bytes.Clone(frame), nil
	case kindS2:
		return s2Blob(i, rec, frame)
	}
	blob, err := frameDecoder().DecodeAll(frame, make([]byte, 0, rec.blobLen))
	if err != nil {
		return nil, formatError(ErrFormat, int64(rec.off), "content %d: frame of %d bytes: %v", i, rec.frameLen, err)
	}
	if len(blob) != int(rec.blobLen) {
		return nil, formatError(ErrFormat, int64(rec.off), "content %d: %d bytes decompressed, the record says %d", i, len(blob), rec.blobLen)
	}
	return blob, nil
}

// blobOf keeps t alive past its reading of the frame, a slice of t's
// mapped file: unreachable, t is unmapped (Open).
func blobOf(t table, i uint32, limit int64) ([]byte, error) {
	defer goruntime.KeepAlive(t)
	return decodeFrame(t, i, limit)
}

// readFile reads a store file whole, where it cannot be mapped.
func readFile(f *os.File, size int64) ([]byte, error) {
	data := make([]byte, size)
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, fmt.Errorf("reading: %w", err)
	}
	return data, nil
}

// s2Blob decodes an S2 frame (a block: its decoded length, then the
// encoded bytes) into its blob. The length is checked before any memory
// is taken, and, since a block carries no checksum as a zstd frame does,
// the blob's fingerprint against its record's.
func s2Blob(i uint32, rec contentRec, frame []byte) ([]byte, error) {
	blob, err := s2Decode(frame, int(rec.blobLen))
	if err != nil {
		return nil, formatError(ErrFormat, int64(rec.off), "content %d: S2 frame of %d bytes: %v", i, rec.frameLen, err)
	}
	if farm.Fingerprint64(blob) != rec.fp {
		return nil, formatError(ErrFormat, int64(rec.off), "content %d: the blob's fingerprint is not its record's", i)
	}
	return blob, nil
}

// s2Decode decodes an S2 block that must hold n bytes, taking no more
// memory than n whatever its header says.
func s2Decode(frame []byte, n int) ([]byte, error) {
	m, err := s2.DecodedLen(frame)
	if err != nil {
		return nil, err
	}
	if m != n {
		return nil, fmt.Errorf("its header says %d bytes, the record %d", m, n)
	}
	return s2.Decode(make([]byte, n), frame)
}
