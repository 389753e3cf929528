// Package robotsdir reads a directory of robots.txt files as robotsdfa's
// -robots-dir and -hosts name them: <host>.txt ("host_8080.txt" for a
// port), and a host<TAB>file table for hosts that share a file. The
// command line and the Beam pipeline read it alike.
package robotsdir

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/robotsdfa/robotsdfa/store"
)

// HostFiles is the host key → file name table of a directory of robots.txt
// files: each <host>.txt ("host_port.txt" for a port) as Scan reads them,
// then the hosts a -hosts table names. skipped are the entries that hold
// no host's robots.txt, for a warning.
func HostFiles(dir, hostsPath string) (hostFile map[string]string, skipped []Skipped, err error) {
	hostFile = map[string]string{}
	spelt, skipped, err := Scan(dir, func(key string) { hostFile[key] = FileName(key) })
	if err != nil {
		return nil, nil, err
	}
	for key, name := range spelt {
		hostFile[key] = name
	}
	if hostsPath != "" {
		table, err := Table(hostsPath)
		if err != nil {
			return nil, nil, err
		}
		for key, f := range table {
			hostFile[key] = f
		}
		skipped = NotNamed(skipped, dir, hostsPath, table)
	}
	if len(hostFile) == 0 {
		if len(skipped) > 0 {
			return nil, nil, fmt.Errorf("%s: no <host>.txt files; %s", dir, Describe(skipped))
		}
		return nil, nil, fmt.Errorf("%s: no <host>.txt files", dir)
	}
	return hostFile, skipped, nil
}

// irregular is Irregular for a directory's entry, from the listing's file
// type where it tells (a stat only for a symbolic link).
func irregular(dir string, ent fs.DirEntry) string {
	if ent.Type()&fs.ModeSymlink != 0 {
		return Irregular(filepath.Join(dir, ent.Name()))
	}
	return irregularMode(ent.Type())
}

// Skipped is a directory entry that holds no host's robots.txt as
// -robots-dir reads them, and why.
type Skipped struct{ Name, Why string }

// Scan reads the names of dir once, a batch at a time (a directory of
// millions of files is not held whole). It calls canonical, if not nil,
// with the host key of each file at that host's own name (FileName(key)),
// and returns the hosts whose file is spelt otherwise ("A.example.txt",
// "bücher.example.txt", "a.example..txt" for a.example, xn--bcher-kva.example
// and a.example) with that file's name: a reader that looks a host's
// file up at FileName(key) also asks those, so that every reader of a
// directory reads the same file for a host. A host with a file at its own
// name is read from it; of two other spellings the later in name order
// is read. skipped, sorted by name, are the rest: subdirectories, names
// not ending ".txt", named pipes, sockets and devices (Irregular), names
// that make no host key, the other spellings of a host. Other names
// starting with '.' (".DS_Store") are passed over without a word.
func Scan(dir string, canonical func(key string)) (spelt map[string]string, skipped []Skipped, err error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	others := map[string][]string{} // key → its files spelt otherwise
	for {
		ents, err := f.ReadDir(4096)
		for _, ent := range ents {
			name := ent.Name()
			hidden := strings.HasPrefix(name, ".")
			switch base, isTxt := strings.CutSuffix(name, ".txt"); {
			case hidden && (ent.IsDir() || !isTxt):
			case ent.IsDir():
				skipped = append(skipped, Skipped{name, "a directory"})
			case !isTxt:
				skipped = append(skipped, Skipped{name, "not a <host>.txt file"})
			default:
				if what := irregular(dir, ent); what != "" {
					skipped = append(skipped, Skipped{name, what + ", not a file to read"})
					break
				}
				key, ok := store.Key(FileHost(base))
				switch {
				case ok && name == FileName(key):
					// A host's own name, even hidden (".a.example.txt"
					// is the host .a.example's): filter reads it.
					if canonical != nil {
						canonical(key)
					}
				case hidden:
				case !ok:
					skipped = append(skipped, Skipped{name, "names no host"})
				default:
					others[key] = append(others[key], name)
				}
			}
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, nil, err
		}
	}
	spelt = make(map[string]string, len(others))
	for key, names := range others {
		// The host's own name wins, wherever it came in the listing; else
		// the last of the others in name order.
		read := slices.Max(names)
		if st, err := os.Stat(filepath.Join(dir, FileName(key))); err == nil && !st.IsDir() {
			read = FileName(key)
		} else {
			spelt[key] = read
		}
		for _, name := range names {
			if name != read {
				skipped = append(skipped, Skipped{name, fmt.Sprintf("host %s's file is also %s, read instead", key, read)})
			}
		}
	}
	sort.Slice(skipped, func(i, j int) bool { return skipped[i].Name < skipped[j].Name })
	return spelt, skipped, nil
}

// NotNamed is skipped less the entries a -hosts table (at hostsPath,
// read as table) names, and the table itself: a table may name a file of
// any name for its hosts.
func NotNamed(skipped []Skipped, dir, hostsPath string, table map[string]string) []Skipped {
	named := map[string]bool{}
	for _, f := range table {
		named[filepath.Clean(f)] = true
	}
	tableInfo, tableErr := os.Stat(hostsPath)
	kept := skipped[:0:0]
	for _, s := range skipped {
		if named[s.Name] {
			continue
		}
		if st, err := os.Stat(filepath.Join(dir, s.Name)); tableErr == nil && err == nil && os.SameFile(st, tableInfo) {
			continue
		}
		kept = append(kept, s)
	}
	return kept
}

// Describe says, in a line, what Scan skipped: how many entries, and the
// first few with why.
func Describe(skipped []Skipped) string {
	const shown = 4
	var b strings.Builder
	if len(skipped) == 1 {
		b.WriteString("1 entry not read as a host's robots.txt: ")
	} else {
		fmt.Fprintf(&b, "%d entries not read as a host's robots.txt: ", len(skipped))
	}
	for i, s := range skipped[:min(len(skipped), shown)] {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q (%s)", s.Name, s.Why)
	}
	if len(skipped) > shown {
		fmt.Fprintf(&b, " and %d more", len(skipped)-shown)
	}
	return b.String()
}

// FileName is the name of a host key's robots.txt file in a directory of
// them: ':' written '_', then ".txt".
func FileName(key string) string { return strings.ReplaceAll(key, ":", "_") + ".txt" }

// FileHost is the host a robots.txt file's name (less ".txt") stands for
// in a directory of them (robotsdfa -robots-dir), FileName's inverse:
// "host_8080" is "host:8080" and "[__1]_8080" is "[::1]:8080", as a file
// name holds no ':'.
func FileHost(name string) string {
	if strings.HasPrefix(name, "[") {
		end := strings.IndexByte(name, ']')
		if end < 0 {
			return name
		}
		host, port := strings.ReplaceAll(name[:end+1], "_", ":"), name[end+1:]
		if port == "" {
			return host
		}
		if p, ok := strings.CutPrefix(port, "_"); ok && isPort(p) {
			return host + ":" + p
		}
		return name
	}
	i := strings.LastIndexByte(name, '_')
	if i <= 0 || !isPort(name[i+1:]) {
		return name
	}
	return name[:i] + ":" + name[i+1:]
}

// isPort says whether s is a port's digits.
func isPort(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }
