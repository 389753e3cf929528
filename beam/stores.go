package robotsbeam

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/robotsdfa/robotsdfa/store"
)

// openStores shares an open store among a worker process's DoFn
// instances. A runner runs several bundles at once, each with an instance
// of its own; were each to copy a store from a Beam filesystem and open
// it, a worker would hold as many local copies, mappings and caches as it
// runs bundles at once. Setup takes the store (copying it, when it is on
// another filesystem, once), Teardown gives it back, and the last to give
// it back closes it. An instance whose file has changed since it was
// opened (its size or modification time: a later pipeline in the same
// process) opens the new one.
var openStores = struct {
	sync.Mutex
	m map[storeKey]*sharedStore
}{m: map[storeKey]*sharedStore{}}

// storeKey is what a filterFn asks for: a path and a cache bound.
type storeKey struct {
	path  string
	cache int64
}

// sharedStore is an open store and how many instances hold it.
type sharedStore struct {
	key     storeKey
	version storeVersion
	st      *store.Store
	local   string // the local copy, when it could not be removed once open
	refs    int
}

// storeVersion tells one file at a path from another written there after.
type storeVersion struct {
	size     int64
	modified int64 // Unix nanoseconds (0 where the filesystem does not say)
}

// acquireStore returns the open store of path, opening it (after copying
// it to local disk when it is on another filesystem) unless an instance
// of this process holds it already.
func acquireStore(ctx context.Context, path string, cache int64) (*sharedStore, error) {
	v, err := versionOf(ctx, path)
	if err != nil {
		return nil, err
	}
	k := storeKey{path, cache}
	openStores.Lock()
	defer openStores.Unlock()
	if s := openStores.m[k]; s != nil && s.version == v {
		s.refs++
		return s, nil
	}
	s := &sharedStore{key: k, version: v, refs: 1}
	open := path
	if isRemote(path) {
		if s.local, err = copyLocal(ctx, path); err != nil {
			return nil, err
		}
		open = s.local
	}
	if s.st, err = store.Open(open, store.Options{CacheBytes: cache}); err != nil {
		if s.local != "" {
			os.Remove(s.local)
		}
		return nil, err
	}
	// The open store needs no path: the copy goes now where the OS lets
	// it (the mapping stays), as a runner need not call Teardown.
	if s.local != "" && os.Remove(s.local) == nil {
		s.local = ""
	}
	openStores.m[k] = s // an older file's store stays with those holding it
	return s, nil
}

// release gives s back; the last holder closes it.
func (s *sharedStore) release() error {
	openStores.Lock()
	defer openStores.Unlock()
	s.refs--
	if s.refs > 0 {
		return nil
	}
	if openStores.m[s.key] == s {
		delete(openStores.m, s.key)
	}
	err := s.st.Close()
	if s.local != "" {
		os.Remove(s.local)
	}
	return err
}

// isRemote reports whether path is on a Beam filesystem other than the
// local disk's.
func isRemote(path string) bool { return strings.Contains(path, "://") }

// versionOf is the size and modification time of the file at path.
func versionOf(ctx context.Context, path string) (storeVersion, error) {
	if !isRemote(path) {
		fi, err := os.Stat(path)
		if err != nil {
			return storeVersion{}, err
		}
		return storeVersion{fi.Size(), fi.ModTime().UnixNano()}, nil
	}
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return storeVersion{}, err
	}
	defer fs.Close()
	var v storeVersion
	if v.size, err = fs.Size(ctx, path); err != nil {
		return storeVersion{}, err
	}
	if lm, ok := fs.(filesystem.LastModifiedGetter); ok {
		t, err := lm.LastModified(ctx, path)
		if err != nil {
			return storeVersion{}, err
		}
		v.modified = t.UnixNano()
	}
	return v, nil
}

// copyLocal copies a file of a Beam filesystem to a local temporary file.
func copyLocal(ctx context.Context, path string) (string, error) {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return "", err
	}
	defer fs.Close()
	r, err := fs.OpenRead(ctx, path)
	if err != nil {
		return "", err
	}
	defer r.Close()
	out, err := os.CreateTemp("", "robotsdfa-*"+filepath.Ext(path))
	if err != nil {
		return "", err
	}
	if _, err := io.Copy(out, r); err != nil {
		out.Close()
		os.Remove(out.Name())
		return "", err
	}
	if err := out.Close(); err != nil {
		os.Remove(out.Name())
		return "", fmt.Errorf("%s: %w", out.Name(), err)
	}
	return out.Name(), nil
}
