package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	robotsbeam "github.com/robotsdfa/robotsdfa/beam"
	"github.com/robotsdfa/robotsdfa/internal/clobber"
)

// checkOutputs refuses, before any pipeline runs, a file the command would
// write that is one it reads (inputFiles, what the local inputs name), or that lies in the -robots-dir it reads,
// as robotsdfa refuses them: -missing-hosts naming an input emptied it,
// and a run on a previous run's shards under the same --output replaced
// them. Paths on another filesystem (a scheme's "://") are not checked.
func checkOutputs(cmd string, inputFiles []string) {
	reads := append(inputFiles, *pack, *hostsTable)
	type written struct{ flag, path string }
	var outs []written
	if cmd == "filter" {
		outs = append(outs, written{"-missing-hosts", *missingOut})
		if *robotsDir != "" {
			outs = append(outs, written{"--output", *output + ".store"})
		}
	} else {
		outs = append(outs, written{"-o", *outStore})
	}
	for _, o := range outs {
		if o.path == "" || remote(o.path) {
			continue
		}
		for _, r := range reads {
			if r != "" && !remote(r) && clobber.Same(o.path, r) {
				fail(cmd, fmt.Sprintf("%s %s would overwrite the input %s", o.flag, o.path, r))
			}
		}
		if err := clobber.InsideError(o.flag, o.path, *robotsDir); err != nil {
			fail(cmd, err.Error())
		}
	}
	if cmd == "filter" && !remote(*output) {
		checkShards(reads)
	}
	if cmd == "filter" && *missingOut != "" && !remote(*missingOut) {
		if err := writableList(*missingOut); err != nil {
			fail(cmd, err.Error())
		}
	}
}

// writableList fails for a local -missing-hosts list the job could not
// write when it ends: a directory, or a file the user may not write (a
// directory that does not exist, Beam's local filesystem makes). A job
// must not end by losing its list after its work.
func writableList(path string) error {
	fi, err := os.Stat(path)
	switch {
	case err != nil:
		return nil
	case fi.IsDir():
		return fmt.Errorf("-missing-hosts %s is a directory", path)
	case !fi.Mode().IsRegular():
		return nil // a named pipe or a device: opened, a pipe's reader would see its end
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return fmt.Errorf("-missing-hosts: %w", err)
	}
	return f.Close()
}

// checkShards refuses an input that is one of the shards --output names.
// (With -robots-dir, the store written beside them, in their directory,
// was held outside it above.)
func checkShards(reads []string) {
	shard := map[string]bool{}
	for i := range *shards {
		if p, err := filepath.Abs(robotsbeam.ShardName(*output, i, *shards)); err == nil {
			shard[p] = true
		}
	}
	for _, r := range reads {
		if p, err := filepath.Abs(r); r != "" && err == nil && shard[p] {
			fail("filter", fmt.Sprintf("--output %s writes the input %s (a shard of %d)", *output, r, *shards))
		}
	}
}

// remote reports whether path is on a filesystem of its own scheme.
func remote(path string) bool { return strings.Contains(path, "://") }
