package fetch

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	farm "github.com/dgryski/go-farm"
	"github.com/robotsdfa/robotsdfa/internal/atomicfile"
)

// DirStore is a Store in a directory, so that a cache survives restarts:
// one file per origin (its name the origin's fingerprint, its content the
// entry as JSON with the origin), written whole or not at all (a
// temporary file renamed), in front of which a MemoryStore keeps the
// entries in use. A file that does not read back as its origin's entry
// is a miss, reported as the Get's error; a directory shared by several
// processes is safe (each write is a rename) and the last write wins.
// A file stays until removed: Prune removes those of the origins not
// fetched since a given time. A file is read only if it is a regular file
// of at most MaxEntryFileBytes, so that a stray FIFO or a huge file in the
// directory is an error rather than a hang or an allocation of its size.
type DirStore struct {
	dir   string
	front *MemoryStore
	// maxFile is MaxEntryFileBytes; tests lower it.
	maxFile int64
}

// MaxEntryFileBytes bounds a DirStore's file: an entry whose blob is
// store.DefaultMaxBlobBytes, the most a pack accepts by default, takes a
// third more as JSON (the blob in base64); twice that leaves room for
// the rest. Put refuses a larger entry (it stays in memory), Get reads
// no larger file.
const MaxEntryFileBytes = 128 << 20

// dirEntry is a DirStore file.
type dirEntry struct {
	Origin Origin
	Entry  Entry
}

// OpenDirStore opens (making it if needed) a store in dir, whose entries
// in use are kept in memory within maxBytes (as a MemoryStore counts
// them) and maxEntries (0: no bound on the count).
func OpenDirStore(dir string, maxBytes, maxEntries int) (*DirStore, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("fetch: cache directory: %w", err)
	}
	return &DirStore{dir: dir, front: NewMemoryStore(maxBytes, maxEntries), maxFile: MaxEntryFileBytes}, nil
}

// path is o's file.
func (s *DirStore) path(o Origin) string {
	fp := farm.Fingerprint64([]byte(o))
	var b [8]byte
	for i := range b {
		b[i] = byte(fp >> (56 - 8*i))
	}
	name := hex.EncodeToString(b[:])
	return filepath.Join(s.dir, name[:2], name+".json")
}

// entryTempPrefix begins the name of an entry's file while it is written.
const entryTempPrefix = ".entry-"

// Get returns o's entry: from memory, else from its file.
func (s *DirStore) Get(ctx context.Context, o Origin) (Entry, bool, error) {
	if e, ok, _ := s.front.Get(ctx, o); ok {
		return e, true, nil
	}
	b, err := s.readEntryFile(s.path(o))
	if errors.Is(err, fs.ErrNotExist) {
		return Entry{}, false, nil
	}
	if err != nil {
		return Entry{}, false, fmt.Errorf("fetch: cache: %w", err)
	}
	var de dirEntry
	if err := json.Unmarshal(b, &de); err != nil {
		return Entry{}, false, fmt.Errorf("fetch: cache: %s: %w", s.path(o), err)
	}
	if de.Origin != o {
		return Entry{}, false, nil // another origin with the same fingerprint
	}
	s.front.put(o, de.Entry)
	return de.Entry, true, nil
}

// readEntryFile reads the file at path if it is a regular file of at
// most s.maxFile bytes. It opens nothing else, so that a FIFO put in the
// directory does not block Get.
func (s *DirStore) readEntryFile(path string) ([]byte, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file (%v)", path, info.Mode().Type())
	}
	if info.Size() > s.maxFile {
		return nil, fmt.Errorf("%s: %d bytes, past the bound of %d", path, info.Size(), s.maxFile)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, s.maxFile+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > s.maxFile {
		return nil, fmt.Errorf("%s: grew past the bound of %d bytes while read", path, s.maxFile)
	}
	return b, nil
}

// Put writes o's entry to its file and keeps it in memory.
func (s *DirStore) Put(ctx context.Context, o Origin, e Entry) error {
	s.front.put(o, e)
	b, err := json.Marshal(dirEntry{o, e})
	if err != nil {
		return fmt.Errorf("fetch: cache: %w", err)
	}
	path := s.path(o)
	if int64(len(b)) > s.maxFile {
		return fmt.Errorf("fetch: cache: %s: an entry of %d bytes, past the bound of %d; kept in memory only", path, len(b), s.maxFile)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("fetch: cache: %w", err)
	}
	// An entry gets a new file's permissions, as its directory does, so
	// that processes of other users sharing the directory can read it.
	f, err := atomicfile.CreateBeside(path, entryTempPrefix)
	if err != nil {
		return fmt.Errorf("fetch: cache: %w", err)
	}
	_, werr := f.Write(b)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("fetch: cache: %w", err)
	}
	if err := os.Rename(f.Name(), path); err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("fetch: cache: %w", err)
	}
	return nil
}
