package workload

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/klauspost/compress/zstd"
	"github.com/robotsdfa/robotsdfa/internal/robotsdir"
)

// Corpus says where a workload's files are.
type Corpus struct {
	// Name describes the corpus in reports.
	Name string
	// Robots is the directory of robots.txt files.
	Robots string
	// Hosts maps a lower-cased host to its file in Robots.
	Hosts map[string]string
	// URLs are the URL lists of the frontier workload.
	URLs []string
	// WikipediaURLs is the Wikipedia workload's URL list; empty means
	// the frontier's en.wikipedia.org URLs.
	WikipediaURLs string
}

// Shared opens the full shared corpus at dir (robots/, robots-hosts.tsv,
// urls/*.txt).
func Shared(dir string) (*Corpus, error) {
	hosts, err := ReadHosts(filepath.Join(dir, "robots-hosts.tsv"))
	if err != nil {
		return nil, err
	}
	urls, err := filepath.Glob(filepath.Join(dir, "urls", "*.txt"))
	if err != nil || len(urls) == 0 {
		return nil, fmt.Errorf("workload: no URL lists in %s", filepath.Join(dir, "urls"))
	}
	var keep []string
	wiki := ""
	for _, u := range urls {
		if strings.HasSuffix(u, "fst-wiki-urls-100000.txt") {
			wiki = u
		}
		keep = append(keep, u)
	}
	return &Corpus{
		Name:          "the shared corpus in " + dir,
		Robots:        filepath.Join(dir, "robots"),
		Hosts:         hosts,
		URLs:          keep,
		WikipediaURLs: wiki,
	}, nil
}

// Sample opens the sample shipped in the repository whose testdata
// directory is dir (testdata/corpus and testdata/frontier).
func Sample(dir string) (*Corpus, error) {
	hosts, err := ReadHosts(filepath.Join(dir, "corpus", "hosts.tsv"))
	if err != nil {
		return nil, err
	}
	return &Corpus{
		Name:   "the sample in " + dir,
		Robots: filepath.Join(dir, "corpus", "robots"),
		Hosts:  hosts,
		URLs:   []string{filepath.Join(dir, "frontier", "urls.txt.zst")},
	}, nil
}

// Open opens dir as the shared corpus when it has robots-hosts.tsv, else
// as a repository's testdata directory.
func Open(dir string) (*Corpus, error) {
	if _, err := os.Stat(filepath.Join(dir, "robots-hosts.tsv")); err == nil {
		return Shared(dir)
	}
	return Sample(dir)
}

// Files lists the corpus's robots.txt files (names in Robots), sorted.
func (c *Corpus) Files() ([]string, error) {
	entries, err := os.ReadDir(c.Robots)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() && strings.HasSuffix(e.Name(), ".txt") {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	return names, nil
}

// ReadHosts reads a host → file table (robotsdir.Rows: the format the
// command line's -hosts reads) under each host lower-cased; a later line
// for a host replaces an earlier one.
func ReadHosts(path string) (map[string]string, error) {
	rows, err := robotsdir.Rows(path)
	if err != nil {
		return nil, err
	}
	m := make(map[string]string, len(rows))
	for _, r := range rows {
		m[strings.ToLower(r.Host)] = r.File
	}
	return m, nil
}

// ReadLines reads a file of lines (LF or CRLF), plain, gzip or zstd.
func ReadLines(path string) ([]string, error) {
	data, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 64<<20)
	for sc.Scan() {
		lines = append(lines, strings.TrimSuffix(sc.Text(), "\r"))
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return lines, nil
}

// ReadFile reads a whole file, decompressing gzip or zstd.
func ReadFile(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	switch {
	case bytes.HasPrefix(data, []byte{0x1f, 0x8b}):
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		data, err = io.ReadAll(zr)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	case bytes.HasPrefix(data, []byte{0x28, 0xb5, 0x2f, 0xfd}):
		zr, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
		if err != nil {
			return nil, err
		}
		defer zr.Close()
		data, err = zr.DecodeAll(data, nil)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	return data, nil
}
