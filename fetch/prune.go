package fetch

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// PruneStats say what DirStore.Prune did.
type PruneStats struct {
	// Removed counts the entries removed, Kept those left; Temporary the
	// temporary files of writes that never finished, removed.
	Removed, Kept, Temporary int
	// Bytes is the size of the files removed.
	Bytes int64
}

// Prune removes the entries whose file was last written before cutoff:
// the origins not fetched since (every fetch rewrites its origin's file,
// a conditional one answered 304 included), so that a cache used by crawl
// after crawl holds the origins still crawled rather than every origin
// ever met. It also removes the temporary files older than cutoff that a
// write stopped midway left behind. It reads no entry (a file's age is its
// modification time), and leaves alone any file it did not write. An
// entry written while Prune runs may be removed with the old one (a later
// Get misses and fetches again); the entries held in memory stay there.
// It stops at ctx's end or at the first file it cannot list or remove,
// with what it did so far.
func (s *DirStore) Prune(ctx context.Context, cutoff time.Time) (PruneStats, error) {
	var st PruneStats
	shards, err := os.ReadDir(s.dir)
	if err != nil {
		return st, fmt.Errorf("fetch: cache: %w", err)
	}
	for _, shard := range shards {
		if err := ctx.Err(); err != nil {
			return st, err
		}
		if !shard.IsDir() || !isHex(shard.Name(), 2) {
			continue
		}
		dir := filepath.Join(s.dir, shard.Name())
		files, err := os.ReadDir(dir)
		if err != nil {
			return st, fmt.Errorf("fetch: cache: %w", err)
		}
		for _, f := range files {
			if err := ctx.Err(); err != nil {
				return st, err
			}
			name := f.Name()
			temporary := strings.HasPrefix(name, entryTempPrefix)
			entry := strings.HasSuffix(name, ".json") && strings.HasPrefix(name, shard.Name()) && isHex(strings.TrimSuffix(name, ".json"), 16)
			if !f.Type().IsRegular() || !temporary && !entry {
				continue
			}
			info, err := f.Info()
			if errors.Is(err, fs.ErrNotExist) {
				continue // renamed or removed since the listing
			}
			if err != nil {
				return st, fmt.Errorf("fetch: cache: %w", err)
			}
			if !info.ModTime().Before(cutoff) {
				if entry {
					st.Kept++
				}
				continue
			}
			if err := os.Remove(filepath.Join(dir, name)); err != nil {
				if errors.Is(err, fs.ErrNotExist) {
					continue
				}
				return st, fmt.Errorf("fetch: cache: %w", err)
			}
			st.Bytes += info.Size()
			if temporary {
				st.Temporary++
			} else {
				st.Removed++
			}
		}
	}
	return st, nil
}

// isHex reports whether s is n lower-case hexadecimal digits, as the
// names of a DirStore's files are.
func isHex(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}
