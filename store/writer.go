package store

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	goruntime "runtime"
	"slices"
	"strings"

	farm "github.com/dgryski/go-farm"
	"github.com/klauspost/compress/s2"
	"github.com/klauspost/compress/zstd"
	"github.com/robotsdfa/robotsdfa/internal/atomicfile"
	"github.com/robotsdfa/robotsdfa/runtime"
)

// A Writer writes a store file in one streamed pass: each blob is
// compressed and written as it is added, identical blobs once, and the
// index of host keys goes at the end when the Writer is closed. It holds
// the host keys in memory (tens of bytes a host), never the blobs. A
// Writer is not safe for concurrent use.
type Writer struct {
	// MaxBlobBytes bounds the blobs the Writer takes (0 means
	// DefaultMaxBlobBytes), so that every host of the store it writes
	// loads in a Store opened with the same Options.MaxBlobBytes: a
	// larger blob fails with ErrTooLarge, its host not added, and the
	// Writer goes on. Set it before the first Add. CopyFrom copies
	// another store's blobs whatever their size.
	MaxBlobBytes int64

	path, tmp string
	f         *os.File
	w         *bufio.Writer
	off       int64 // where the next frame goes
	dec       *zstd.Decoder
	// hosts maps a host key to its content, or to deleted.
	hosts map[string]uint32
	// byBlob lists the contents of each blob fingerprint; byBody the
	// content of each body fingerprint (AddRobotsTxt).
	byBlob   map[uint64][]uint32
	byBody   map[[2]uint64]uint32
	contents []contentRec
	// err is the first failure, errClosed after Close: every call
	// after either returns it.
	err error
	// done: the file is closed, put in its place by Close or removed by
	// Abort (which does nothing more).
	done bool
}

// errClosed is what a Writer's calls return once it is closed.
var errClosed = errors.New("store: Writer closed")

// deleted marks a host key Delete removed.
const deleted = ^uint32(0)

// contentRec is a content record as the index holds it.
type contentRec struct {
	off      uint64
	frameLen uint32
	blobLen  uint32
	fp       uint64
	kind     uint32
}

// Create starts a store file at path. It is written beside path and put
// in its place by Close, so that a reader of path never sees it half
// written; Abort (or a failed Close) removes it. The file gets the
// permissions of the store it replaces, or a new file's (0666 less the
// umask), as a file written in place would.
func Create(path string) (*Writer, error) {
	f, err := atomicfile.CreateBeside(path, ".store-")
	if err != nil {
		return nil, err
	}
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
	if err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	w := &Writer{path: path, tmp: f.Name(), f: f, w: bufio.NewWriterSize(f, 1<<20), off: headerSize,
		dec: dec, hosts: map[string]uint32{}, byBlob: map[uint64][]uint32{}, byBody: map[[2]uint64]uint32{}}
	if _, err := w.w.Write(make([]byte, headerSize)); err != nil { // the header's place
		w.Abort()
		return nil, err
	}
	return w, nil
}

// Key returns the key a store keeps a host's robots.txt under:
// runtime.HostKey of host, which may be a URL (whose scheme sets the
// default port dropped) or a host with an optional port.
func Key(host string) (string, bool) {
	if !strings.Contains(host, "://") && !strings.HasPrefix(host, "//") {
		host = "//" + host
	}
	return runtime.HostKey(host)
}

// Add adds a host's compiled robots.txt (runtime.Robots.AppendBinary's
// blob), validated first: a blob runtime.Load refuses is an error. A
// blob identical to one added before (the same Fingerprint64, and the
// same bytes) is stored once. Adding a host again replaces its blob.
func (w *Writer) Add(host string, blob []byte) error {
	if w.err != nil {
		return w.err
	}
	key, ok := Key(host)
	if !ok {
		return fmt.Errorf("store: %q is not a host", host)
	}
	id, err := w.content(blob)
	if err != nil {
		return fmt.Errorf("store: the blob of %s: %w", key, err)
	}
	return w.put(key, id)
}

// Content is a blob a Writer holds, for hosts to share (PutHost).
type Content uint32

// AddContent adds a blob (validated and stored once, as Add does) for
// hosts to be mapped to with PutHost: for a caller that knows which hosts
// serve the same file, so that the blob is checked once, not per host.
func (w *Writer) AddContent(blob []byte) (Content, error) {
	if w.err != nil {
		return 0, w.err
	}
	if err := w.fits(len(blob)); err != nil {
		return 0, err
	}
	p, err := Prepare(blob)
	if err != nil {
		return 0, err
	}
	return w.AddPrepared(p)
}

// s2Below is the blob length under which a frame is S2, not zstd: S2
// decodes a small blob in a fifth of zstd's time, for frames about a
// quarter larger (a store of the corpus 5% larger; docs/PERFORMANCE.md,
// "S2 for small blobs").
const s2Below = 4096

// Prepared is a blob validated and compressed, ready for a Writer.
// Prepare is the costly part of adding a blob and is safe for concurrent
// use: a caller with many blobs prepares them in parallel and adds them
// in order.
type Prepared struct {
	blob, frame []byte
	fp          uint64
	kind        uint32
}

// Prepare validates blob (runtime.Load) and compresses it.
func Prepare(blob []byte) (*Prepared, error) {
	p, err := prepare(blob)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	return p, nil
}

// prepare is Prepare, its errors without the package's name.
func prepare(blob []byte) (*Prepared, error) {
	if _, err := runtime.Load(blob); err != nil {
		return nil, err
	}
	if len(blob) > maxBlobLen {
		return nil, fmt.Errorf("a blob of %d bytes", len(blob))
	}
	p := &Prepared{blob: blob, fp: farm.Fingerprint64(blob), kind: kindZstd}
	if len(blob) < s2Below {
		p.frame, p.kind = s2.EncodeBetter(nil, blob), kindS2
	} else {
		p.frame = frameEncoder().EncodeAll(blob, nil)
	}
	if len(p.frame) >= len(blob) {
		p.frame, p.kind = blob, kindRaw // compression does not pay
	}
	return p, nil
}

// AddPrepared adds a prepared blob, once: a content already holding the
// same bytes is returned instead.
func (w *Writer) AddPrepared(p *Prepared) (Content, error) {
	if w.err != nil {
		return 0, w.err
	}
	if err := w.fits(len(p.blob)); err != nil {
		return 0, err
	}
	for _, id := range w.byBlob[p.fp] {
		same, err := w.holds(id, p.blob)
		if err != nil {
			return 0, w.fail(err)
		}
		if same {
			return Content(id), nil
		}
	}
	rec := contentRec{off: uint64(w.off), frameLen: uint32(len(p.frame)), blobLen: uint32(len(p.blob)), fp: p.fp, kind: p.kind}
	id, err := w.addContent(rec, p.frame)
	if err != nil {
		return 0, w.fail(err)
	}
	return Content(id), nil
}

// PutHost maps a host to a content AddContent returned.
func (w *Writer) PutHost(host string, c Content) error {
	if w.err != nil {
		return w.err
	}
	if int(c) >= len(w.contents) {
		return fmt.Errorf("store: content %d of %d", c, len(w.contents))
	}
	key, ok := Key(host)
	if !ok {
		return fmt.Errorf("store: %q is not a host", host)
	}
	return w.put(key, uint32(c))
}

// AddRobotsTxt adds a host's robots.txt body, compiled by compile (for
// example compile.Compile(body, opts).AppendBinary(nil), so that this
// package does not link the compiler). Bodies identical to one added
// before (the same 128-bit Fingerprint128) are compiled once.
func (w *Writer) AddRobotsTxt(host string, body []byte, compile func(body []byte) ([]byte, error)) error {
	if w.err != nil {
		return w.err
	}
	key, ok := Key(host)
	if !ok {
		return fmt.Errorf("store: %q is not a host", host)
	}
	hi, lo := farm.Fingerprint128(body)
	if id, ok := w.byBody[[2]uint64{hi, lo}]; ok {
		return w.put(key, id)
	}
	blob, err := compile(body)
	if err != nil {
		return fmt.Errorf("store: compiling the robots.txt of %s: %w", key, err)
	}
	id, err := w.content(blob)
	if err != nil {
		return fmt.Errorf("store: the blob of %s: %w", key, err)
	}
	w.byBody[[2]uint64{hi, lo}] = id
	return w.put(key, id)
}

// Delete removes a host, one added before or one CopyFrom would copy.
func (w *Writer) Delete(host string) error {
	if w.err != nil {
		return w.err
	}
	key, ok := Key(host)
	if !ok {
		return fmt.Errorf("store: %q is not a host", host)
	}
	w.hosts[key] = deleted
	return nil
}

func (w *Writer) put(key string, id uint32) error {
	if len(key) > maxKeyLen {
		return fmt.Errorf("store: host key of %d bytes", len(key))
	}
	if uint64(len(w.hosts)) >= 1<<32-2 {
		return w.fail(errors.New("store: too many hosts"))
	}
	w.hosts[key] = id
	return nil
}

func (w *Writer) fail(err error) error {
	if w.err == nil {
		w.err = err
	}
	return err
}

// content returns the content holding blob (validated by the caller),
// writing a new one when no content holds the same bytes.
func (w *Writer) content(blob []byte) (uint32, error) {
	if err := w.fits(len(blob)); err != nil {
		return 0, err
	}
	p, err := prepare(blob)
	if err != nil {
		return 0, err
	}
	c, err := w.AddPrepared(p)
	return uint32(c), err
}

// fits refuses a blob of n bytes over MaxBlobBytes, which a Store opened
// with the same bound would not load; the Writer goes on.
func (w *Writer) fits(n int) error {
	limit := w.MaxBlobBytes
	if limit <= 0 {
		limit = DefaultMaxBlobBytes
	}
	if int64(n) > limit {
		return fmt.Errorf("%w: a blob of %d bytes, over the bound of %d (Writer.MaxBlobBytes)", ErrTooLarge, n, limit)
	}
	return nil
}

// addContent writes a frame and records its content.
func (w *Writer) addContent(rec contentRec, frame []byte) (uint32, error) {
	if uint64(len(w.contents)) >= 1<<32-2 {
		return 0, errors.New("store: too many contents")
	}
	if _, err := w.w.Write(frame); err != nil {
		return 0, err
	}
	w.off += int64(len(frame))
	id := uint32(len(w.contents))
	w.contents = append(w.contents, rec)
	w.byBlob[rec.fp] = append(w.byBlob[rec.fp], id)
	return id, nil
}

// holds reports whether content id holds blob's bytes: read back from the
// file and compared (fingerprints matched already).
func (w *Writer) holds(id uint32, blob []byte) (bool, error) {
	rec := w.contents[id]
	if int(rec.blobLen) != len(blob) {
		return false, nil
	}
	frame, err := w.readFrame(rec)
	if err != nil {
		return false, err
	}
	var raw []byte
	switch rec.kind {
	case kindRaw:
		return bytes.Equal(frame, blob), nil
	case kindS2:
		raw, err = s2Decode(frame, len(blob))
	default:
		raw, err = w.dec.DecodeAll(frame, nil)
	}
	if err != nil {
		return false, fmt.Errorf("store: reading back a frame written at %d: %w", rec.off, err)
	}
	return bytes.Equal(raw, blob), nil
}

func (w *Writer) readFrame(rec contentRec) ([]byte, error) {
	if err := w.w.Flush(); err != nil {
		return nil, err
	}
	frame := make([]byte, rec.frameLen)
	if _, err := w.f.ReadAt(frame, int64(rec.off)); err != nil {
		return nil, err
	}
	return frame, nil
}

// CopyFrom adds every host of old that this Writer has not been given
// (added or deleted): after the changed hosts, it turns old into the new
// store. Frames are copied as they are, without decompressing, and each
// of old's contents at most once; a content identical to one written
// already is not written again.
func (w *Writer) CopyFrom(old *Store) error {
	if w.err != nil {
		return w.err
	}
	newID := map[uint32]uint32{}
	err := old.eachHost(func(key string, content uint32) error {
		if _, ok := w.hosts[key]; ok {
			return nil
		}
		id, ok := newID[content]
		if !ok {
			rec, frame, err := old.frame(content)
			if err != nil {
				return fmt.Errorf("store: copying %s: %w", key, err)
			}
			if id, ok = w.copied(rec, frame); !ok {
				rec.off = uint64(w.off)
				if id, err = w.addContent(rec, frame); err != nil {
					return w.fail(err)
				}
			}
			goruntime.KeepAlive(old) // frame is a slice of its mapped file
			newID[content] = id
		}
		w.hosts[key] = id
		return nil
	})
	if err != nil {
		return w.fail(err)
	}
	return nil
}

// copied finds a content already written whose frame is the same as one
// of another store (the same fingerprint and frame bytes).
func (w *Writer) copied(rec contentRec, frame []byte) (uint32, bool) {
	for _, id := range w.byBlob[rec.fp] {
		c := w.contents[id]
		if c.blobLen != rec.blobLen || c.kind != rec.kind || c.frameLen != rec.frameLen {
			continue
		}
		if mine, err := w.readFrame(c); err == nil && bytes.Equal(mine, frame) {
			return id, true
		}
	}
	return 0, false
}

// Close writes the index and the header and puts the file in its place.
// The store holds every host added or copied and not deleted. After a
// write failed (the file could not be written, or read back) or Abort,
// Close removes what was written and returns that error; a Writer's
// calls after Close return an error.
func (w *Writer) Close() error {
	if w.err != nil {
		w.Abort()
		return w.err
	}
	type hostRec struct {
		fp      uint64
		key     string
		content uint32
	}
	hosts := make([]hostRec, 0, len(w.hosts))
	keysLen := uint64(0)
	for k, id := range w.hosts {
		if id == deleted {
			continue
		}
		hosts = append(hosts, hostRec{farm.Fingerprint64([]byte(k)), k, id})
		keysLen += 2 + uint64(len(k))
	}
	slices.SortFunc(hosts, func(a, b hostRec) int {
		if a.fp != b.fp {
			if a.fp < b.fp {
				return -1
			}
			return 1
		}
		return strings.Compare(a.key, b.key)
	})
	if keysLen > math.MaxUint32 {
		w.Abort()
		return fmt.Errorf("store: %d bytes of host keys: a store holds at most 4 GiB of them", keysLen)
	}
	b := dirBitsFor(len(hosts))
	dirLen := (1<<b + 1) * 4
	indexLen := uint64(dirLen) + uint64(len(hosts))*hostRecSize + uint64(len(w.contents))*contentSize + keysLen
	if indexLen > math.MaxInt {
		// Only a 32-bit machine gets here: the index must fit in memory.
		w.Abort()
		return fmt.Errorf("store: an index of %d bytes does not fit in this machine's memory", indexLen)
	}
	index := make([]byte, int(indexLen))
	le := binary.LittleEndian
	// The directory: bucket k starts at the first host whose bucket is k.
	k := uint64(0)
	for i, h := range hosts {
		for bk := bucketOf(h.fp, b); k <= bk; k++ {
			le.PutUint32(index[4*k:], uint32(i))
		}
	}
	for ; k <= 1<<b; k++ {
		le.PutUint32(index[4*k:], uint32(len(hosts)))
	}
	at := dirLen
	keyAt := dirLen + len(hosts)*hostRecSize + len(w.contents)*contentSize
	keyOff := 0
	for _, h := range hosts {
		le.PutUint64(index[at:], h.fp)
		le.PutUint32(index[at+8:], h.content)
		le.PutUint32(index[at+12:], uint32(keyOff))
		at += hostRecSize
		le.PutUint16(index[keyAt+keyOff:], uint16(len(h.key)))
		copy(index[keyAt+keyOff+2:], h.key)
		keyOff += 2 + len(h.key)
	}
	for _, c := range w.contents {
		le.PutUint64(index[at:], c.off)
		le.PutUint32(index[at+8:], c.frameLen)
		le.PutUint32(index[at+12:], c.blobLen)
		le.PutUint64(index[at+16:], c.fp)
		le.PutUint32(index[at+24:], c.kind)
		at += contentSize
	}
	hdr := header{hosts: uint32(len(hosts)), contents: uint32(len(w.contents)), dirBits: b,
		indexOff: uint64(w.off), indexLn: uint64(len(index)), checksum: farm.Fingerprint64(index)}
	hdr.fileLen = hdr.indexOff + hdr.indexLn
	var head [headerSize]byte
	hdr.put(head[:])
	err := w.finish(index, head[:])
	if err != nil {
		w.fail(err)
		w.Abort()
		return err
	}
	w.done, w.err = true, errClosed
	return nil
}

func (w *Writer) finish(index, head []byte) error {
	if _, err := w.w.Write(index); err != nil {
		return err
	}
	if err := w.w.Flush(); err != nil {
		return err
	}
	if _, err := w.f.WriteAt(head, 0); err != nil {
		return err
	}
	if err := w.f.Sync(); err != nil {
		return err
	}
	if err := w.f.Close(); err != nil {
		return err
	}
	w.dec.Close()
	return os.Rename(w.tmp, w.path)
}

// Abort stops writing and removes what was written; after Close, or
// again, it does nothing.
func (w *Writer) Abort() {
	if w.done {
		return
	}
	w.done = true
	w.f.Close()
	os.Remove(w.tmp)
	w.dec.Close()
	if w.err == nil {
		w.err = errors.New("store: writer aborted")
	}
}

// Hosts and Contents count what the Writer holds so far (deleted hosts
// left out of Hosts).
func (w *Writer) Hosts() int {
	n := 0
	for _, id := range w.hosts {
		if id != deleted {
			n++
		}
	}
	return n
}

// Contents counts the distinct blobs written.
func (w *Writer) Contents() int { return len(w.contents) }

var _ io.Closer = (*Writer)(nil)
