// Package testcorpus finds the real robots.txt files tests and benchmarks
// run on: the sample shipped in testdata/corpus, and the full shared corpus
// (../shared/corpus beside the repository, or $ROBOTSDFA_CORPUS) when it is
// there. It is a test helper.
package testcorpus

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

// File is one robots.txt file.
type File struct {
	Name string
	Data []byte
}

// Root returns the repository root (the directory holding go.mod), found
// by walking up from the working directory.
func Root() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			if _, err := os.Stat(filepath.Join(dir, "testdata", "corpus")); err == nil {
				return dir, nil
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("testcorpus: no repository root above the working directory")
		}
		dir = parent
	}
}

// SampleDir is testdata/corpus.
func SampleDir() (string, error) {
	root, err := Root()
	if err != nil {
		return "", err
	}
	return filepath.Join(root, "testdata", "corpus"), nil
}

// SharedDir returns the full shared corpus directory and whether it exists:
// $ROBOTSDFA_CORPUS if set, else ../shared/corpus beside the repository.
func SharedDir() (string, bool) {
	dir := os.Getenv("ROBOTSDFA_CORPUS")
	if dir == "" {
		root, err := Root()
		if err != nil {
			return "", false
		}
		dir = filepath.Join(root, "..", "shared", "corpus")
	}
	if st, err := os.Stat(filepath.Join(dir, "robots")); err != nil || !st.IsDir() {
		return dir, false
	}
	return dir, true
}

// Sample reads every file of testdata/corpus/robots.
func Sample() ([]File, error) {
	dir, err := SampleDir()
	if err != nil {
		return nil, err
	}
	return ReadDir(filepath.Join(dir, "robots"))
}

// Shared reads every file of the shared corpus' robots directory; ok is
// false when the shared corpus is not there.
func Shared() (files []File, dir string, ok bool, err error) {
	dir, ok = SharedDir()
	if !ok {
		return nil, dir, false, nil
	}
	files, err = ReadDir(filepath.Join(dir, "robots"))
	return files, dir, true, err
}

// ReadDir reads every regular file of dir, in name order.
func ReadDir(dir string) ([]File, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []File
	for _, e := range entries {
		if !e.Type().IsRegular() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		files = append(files, File{Name: e.Name(), Data: data})
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Name < files[j].Name })
	return files, nil
}
