package robotsbeam

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path"
	"sync"
)

// memFS is the part of a Beam filesystem in memory that the tests'
// filesystems share: each adds its own OpenWrite, with the failures or
// counts it is for, and keeps a file with put.
type memFS struct {
	mu    sync.Mutex
	files map[string][]byte
}

func newMemFS() memFS { return memFS{files: map[string][]byte{}} }

func (f *memFS) List(_ context.Context, glob string) ([]string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var names []string
	for n := range f.files {
		if ok, _ := path.Match(glob, n); ok {
			names = append(names, n)
		}
	}
	return names, nil
}

func (f *memFS) OpenRead(_ context.Context, name string) (io.ReadCloser, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	b, ok := f.files[name]
	if !ok {
		return nil, fmt.Errorf("memfs: %s: not found", name)
	}
	return io.NopCloser(bytes.NewReader(b)), nil
}

func (f *memFS) Remove(_ context.Context, name string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.files, name)
	return nil
}

func (f *memFS) Size(_ context.Context, name string) (int64, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return int64(len(f.files[name])), nil
}

func (f *memFS) Close() error { return nil }

// put keeps b as name's content; f.mu is held.
func (f *memFS) put(name string, b []byte) { f.files[name] = b }
