// Package robotsdir reads a directory of robots.txt files as robotsdfa's
// -robots-dir and -hosts name them: <host>.txt ("host_8080.txt" for a
// port), and a host<TAB>file table for hosts that share a file. The
// command line and the Beam pipeline read it alike.
package robotsdir

import (
	"fmt"
	"os"
	"strings"

	"github.com/robotsdfa/robotsdfa/store"
)

// HostFiles is the host key → file name table of a directory of robots.txt
// files: each <host>.txt ("host_port.txt" for a port), then the hosts a
// -hosts table names.
func HostFiles(dir, hostsPath string) (map[string]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	hostFile := map[string]string{}
	for _, ent := range entries {
		name := ent.Name()
		if strings.HasSuffix(name, ".txt") && !ent.IsDir() {
			if key, ok := store.Key(FileHost(strings.TrimSuffix(name, ".txt"))); ok {
				hostFile[key] = name
			}
		}
	}
	if hostsPath != "" {
		table, err := Table(hostsPath)
		if err != nil {
			return nil, err
		}
		for key, f := range table {
			hostFile[key] = f
		}
	}
	if len(hostFile) == 0 {
		return nil, fmt.Errorf("%s: no <host>.txt files", dir)
	}
	return hostFile, nil
}

// FileHost is the host a robots.txt file's name (less ".txt") stands for
// in a directory of them (robotsdfa -robots-dir): "host_8080" is
// "host:8080", as a file name holds no ':'.
func FileHost(name string) string {
	i := strings.LastIndexByte(name, '_')
	if i <= 0 || i == len(name)-1 || strings.Trim(name[i+1:], "0123456789") != "" {
		return name
	}
	return name[:i] + ":" + name[i+1:]
}
