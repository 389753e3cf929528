package store

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// The store file, version 3 (docs/FORMAT.md, "Stores"), little-endian;
// version 2 is the same but for the kind S2:
//
//	header, 64 bytes:
//	  0   magic "RDFApack"
//	  8   u32 version (3)
//	  12  u32 flags (0)
//	  16  u64 file length
//	  24  u32 H, hosts
//	  28  u32 C, contents (distinct blobs)
//	  32  u32 b, directory bits
//	  36  u32 reserved (0)
//	  40  u64 index offset
//	  48  u64 index length
//	  56  u64 index checksum: Fingerprint64 of the index's bytes
//	contents' frames, from byte 64: each blob alone, zstd- or
//	  S2-compressed or raw, in the order they were added
//	index:
//	  directory: 2^b + 1 u32, the first host record of each bucket (the
//	    fingerprint's top b bits), then H
//	  H host records, 16 bytes, sorted by fingerprint then key:
//	    u64 Fingerprint64 of the host key, u32 content, u32 key offset
//	    (in the keys area)
//	  C content records, 32 bytes:
//	    u64 frame offset, u32 frame length, u32 blob length,
//	    u64 Fingerprint64 of the blob, u32 kind (0 raw, 1 zstd, 2 S2),
//	    u32 0
//	  keys area: each host key as u16 length and bytes, in record order
const (
	magic         = "RDFApack"
	version       = 3
	headerSize    = 64
	hostRecSize   = 16
	contentSize   = 32
	kindRaw       = 0
	kindZstd      = 1
	kindS2        = 2 // from version 3
	maxKeyLen     = 1<<16 - 1
	maxBlobLen    = 1<<31 - 1
	maxDirBits    = 24
	zstdMagicByte = 0x28 // a version 1 pack is one zstd frame: 28 b5 2f fd
)

// Errors that Open's and a lookup's errors wrap (errors.Is).
var (
	// ErrFormat: the file is not a store, or is damaged; the error names
	// the byte offset.
	ErrFormat = errors.New("robotsdfa store: bad format")
	// ErrVersion: a store of a version this package does not read.
	ErrVersion = errors.New("robotsdfa store: unsupported version")
	// ErrChecksum: the index's checksum does not match its bytes.
	ErrChecksum = errors.New("robotsdfa store: checksum mismatch")
	// ErrNotFound: the store holds no robots.txt for the host.
	ErrNotFound = errors.New("robotsdfa store: host not found")
	// ErrTooLarge: the host's blob is larger than Options.MaxBlobBytes.
	ErrTooLarge = errors.New("robotsdfa store: blob too large")
	// ErrClosed: the Store was closed before the call.
	ErrClosed = errors.New("robotsdfa store: closed")
	// ErrNotCompiledFor: the host's robots.txt was compiled for other
	// product tokens than the Agent's (robotsdfa compile -agent,
	// compile.Options.Tokens), so that their own groups may have been
	// left out (runtime.Robots.CompiledFor); the error names the tokens
	// it was compiled for.
	ErrNotCompiledFor = errors.New("robotsdfa store: compiled for other product tokens")
)

// formatError is a damaged store's error: what is wrong and at which byte.
func formatError(kind error, off int64, format string, args ...any) error {
	return fmt.Errorf("%w: %s (byte offset %d)", kind, fmt.Sprintf(format, args...), off)
}

// header is a store file's header, read.
type header struct {
	fileLen           uint64
	hosts, contents   uint32
	dirBits           uint32
	indexOff, indexLn uint64
	checksum          uint64
}

func (h *header) put(b []byte) {
	le := binary.LittleEndian
	copy(b, magic)
	le.PutUint32(b[8:], version)
	le.PutUint32(b[12:], 0)
	le.PutUint64(b[16:], h.fileLen)
	le.PutUint32(b[24:], h.hosts)
	le.PutUint32(b[28:], h.contents)
	le.PutUint32(b[32:], h.dirBits)
	le.PutUint32(b[36:], 0)
	le.PutUint64(b[40:], h.indexOff)
	le.PutUint64(b[48:], h.indexLn)
	le.PutUint64(b[56:], h.checksum)
}

// dirBitsFor is the directory size for n hosts: about 64 hosts a bucket,
// so that a lookup's search stays within a few cache lines.
func dirBitsFor(n int) uint32 {
	b := uint32(0)
	for b < maxDirBits && n>>(b+6) > 0 {
		b++
	}
	return b
}

// bucketOf is fingerprint fp's bucket in a directory of b bits.
func bucketOf(fp uint64, b uint32) uint64 {
	if b == 0 {
		return 0
	}
	return fp >> (64 - b)
}
