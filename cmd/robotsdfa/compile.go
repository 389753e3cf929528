package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	goruntime "runtime"
	"sort"
	"strings"
	"syscall"

	"github.com/robotsdfa/robotsdfa/automaton"
	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/clobber"
	"github.com/robotsdfa/robotsdfa/internal/counts"
	"github.com/robotsdfa/robotsdfa/internal/robotsdir"
	"github.com/robotsdfa/robotsdfa/store"
)

const compileAbout = `
Compiles ROBOTS_FILE to a blob (docs/FORMAT.md): the automata of its merged
groups, its agent index and records, validated when loaded. With -agent,
only the groups those product tokens would use (and the '*' groups) are
kept, and the blob answers for those tokens only: check, filter and a
store refuse another, whose own groups may be left out. ROBOTS_FILE -
reads standard input.

With -robots-dir, compiles every <host>.txt of DIR ("host_8080.txt" for
a port; and the hosts a -hosts table names) into one pack (a store, package
store): each distinct blob once, compressed on its own, with an index by
host, for "robotsdfa filter -pack", "records -pack" and crawlers that open
it with package store. A file spelt otherwise than its host's key
("Example.com.txt") is its host's unless the host's own name is there too,
as filter -robots-dir reads it; the entries that are no host's file are
named in a warning. A file that cannot be read, or whose blob is over the
64 MiB a blob may have, stops the pack: nothing is written.

With -from PACK, the pack written is PACK updated: the directory's hosts
replace or add to PACK's, the hosts of a -delete list (one a line, as
filter -missing-hosts writes them; - for standard input) are dropped, and
every other host of PACK is copied as it is, without compiling or even
decompressing it. The new pack is in PACK's mode; -o may name PACK itself
(it is replaced whole once written, as a reader that has it open keeps
reading the old). -agent applies to the directory's files only.`

const compileExample = `  $ robotsdfa compile -o wikipedia.blob testdata/corpus/robots/en.wikipedia.org__protego2019.txt
  $ robotsdfa compile -robots-dir testdata/corpus/robots -hosts testdata/corpus/hosts.tsv -o sample.pack
  $ echo en.wikipedia.org | robotsdfa compile -from sample.pack -delete - -o smaller.pack
  robotsdfa compile: from sample.pack (411 hosts): 410 kept, 0 replaced, 0 added, 1 deleted → smaller.pack: 410 hosts, 299 distinct blobs, 1,235,202 bytes on disk`

func runCompile(e *env, args []string) int {
	fs := flagSet(e, "compile", "[-mode google|rfc] [-max-bytes N] [-agent A,...] -o OUT (ROBOTS_FILE | [-robots-dir DIR [-hosts TABLE]] [-from PACK [-delete HOSTS]])", compileAbout, compileExample)
	var ro readOptions
	ro.register(fs)
	agent := fs.String("agent", "", "keep only the groups for these comma-separated product tokens")
	out := fs.String("o", "", "output `file` (required; - writes a single blob to standard output)")
	dir := fs.String("robots-dir", "", "compile every <host>.txt of `directory` into a pack")
	hosts := fs.String("hosts", "", "with -robots-dir, a host<TAB>file `table` naming more hosts' files")
	workers := fs.Int("workers", goruntime.GOMAXPROCS(0), "parallel compilations (with -robots-dir)")
	from := fs.String("from", "", "write `pack` updated: its hosts, with -robots-dir's replacing or adding to them")
	deletes := fs.String("delete", "", "with -from, drop the hosts listed in `file`, one a line (- for standard input)")
	if code, done := parseFlags(e, fs, args); done {
		return code
	}
	var tokens []string
	if *agent != "" {
		var err error
		if tokens, err = agentChain(e, "compile", *agent); err != nil {
			return usageError(e, fs, "%v", err)
		}
	}
	switch {
	case *out == "":
		return usageError(e, fs, "-o is required")
	case *dir == "" && *from == "" && fs.NArg() != 1:
		return usageError(e, fs, "want one ROBOTS_FILE, got %s", count(fs.NArg(), "argument"))
	case *dir != "" && fs.NArg() != 0:
		return usageError(e, fs, "-robots-dir takes no ROBOTS_FILE")
	case *from != "" && fs.NArg() != 0:
		return usageError(e, fs, "-from takes no ROBOTS_FILE")
	case *hosts != "" && *dir == "":
		return usageError(e, fs, "-hosts goes with -robots-dir")
	case *deletes != "" && *from == "":
		return usageError(e, fs, "-delete goes with -from")
	case workersProblem(*workers) != "":
		return usageError(e, fs, "%s", workersProblem(*workers))
	case *out == "-" && (*dir != "" || *from != ""):
		return usageError(e, fs, "-o - writes a single blob to standard output; a pack goes to a file, which its readers map")
	}
	// -o may name -from's pack: the new one replaces it once written.
	if *out != "-" { // standard output clobbers nothing
		if err := refuseClobber(e, "-o", *out, fs.Arg(0), *hosts, *deletes); err != nil {
			return fail(e, "compile", err)
		}
		if err := clobber.InsideError("-o", *out, *dir); err != nil {
			return fail(e, "compile", err)
		}
	}
	opts := ro.parse()
	opts.Tokens = tokens
	if *dir != "" || *from != "" {
		if *dir != "" {
			if err := robotsDirError(*dir); err != nil {
				return fail(e, "compile", err)
			}
		}
		job := packJob{dir: *dir, hosts: *hosts, out: *out, opts: opts, workers: *workers}
		if *from != "" {
			u, err := openUpdate(e, *from, *deletes, &job.opts, modeGiven(fs))
			if err != nil {
				return fail(e, "compile", err)
			}
			defer u.closeBase()
			job.update = u
		}
		return compilePack(e, job)
	}
	path := fs.Arg(0)
	body, err := readBody(e.stdin, path, opts)
	if err != nil {
		return fail(e, "compile", dirHint(err, "compile", path))
	}
	read, cut := bodyRead(body, opts)
	if cut {
		warnCut(e, "compile", inputName(path), read)
	}
	f := compile.Parse(body, opts)
	warnNoGroups(e, "compile", inputName(path), f)
	blob, err := f.Compile().AppendBinary(nil)
	if err == nil && int64(len(blob)) > maxBlobBytes {
		err = blobTooLarge(len(blob))
	}
	if err != nil {
		return fail(e, "compile", fmt.Errorf("%s: %w", inputName(path), err))
	}
	set, err := automaton.Decode(blob) // for its figures
	if err != nil {
		return fail(e, "compile", fmt.Errorf("%s: the compiled blob does not load: %w", inputName(path), err))
	}
	dest := *out
	if *out == "-" {
		dest = "standard output"
		if _, err := e.stdout.Write(blob); err != nil {
			return fail(e, "compile", fmt.Errorf("writing standard output: %w", err))
		}
	} else if err := writeFile(*out, func(w *os.File) error { _, err := w.Write(blob); return err }); err != nil {
		return fail(e, "compile", err)
	}
	dfas, states := 0, 0
	for _, p := range set.Programs {
		st := p.Stats()
		dfas, states = dfas+st.Automata, states+st.States
	}
	fmt.Fprintf(e.stderr, "%s compile: %s (%s, %s mode) → %s: %s, %s, %s, %s\n",
		commandName, inputName(path), count(read, "byte"), ro.mode, dest, count(len(blob), "byte"),
		count(len(set.Programs), "merged group"), count(dfas, "automaton", "automata"), count(states, "state"))
	return exitOK
}

// writeFile creates path and writes it with fill; on failure the file is
// removed, so that no partial output is left to be mistaken for a whole
// one.
func writeFile(path string, fill func(*os.File) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	err = fill(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		if st, serr := os.Stat(path); serr == nil && st.Mode().IsRegular() {
			os.Remove(path)
		}
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// packJob is what compile writes a pack from: a directory of robots.txt
// files, an old pack to update, or both.
type packJob struct {
	dir, hosts, out string
	opts            compile.Options
	workers         int
	update          *packUpdate // -from; nil without
}

// compilePack compiles a directory into a store (a pack): every file
// once, in parallel, added in the order of the files' names so that the
// same directory gives the same bytes. With -from, the old pack's other
// hosts are copied after them.
func compilePack(e *env, job packJob) int {
	dir, out, opts, workers := job.dir, job.out, job.opts, job.workers
	hostFile := map[string]string{}
	if dir != "" {
		var err error
		var skipped []robotsdir.Skipped
		if hostFile, skipped, err = robotsdir.HostFiles(dir, job.hosts); err != nil {
			return fail(e, "compile", err)
		}
		warnSkipped(e, "compile", dir, skipped)
	}
	hostsOf := map[string][]string{} // file → its hosts' keys
	for h, f := range hostFile {
		hostsOf[f] = append(hostsOf[f], h)
	}
	files := make([]string, 0, len(hostsOf))
	for f, hs := range hostsOf {
		files = append(files, f)
		sort.Strings(hs)
	}
	sort.Strings(files)
	w, err := store.Create(out)
	if err != nil {
		return fail(e, "compile", err)
	}
	w.MaxBlobBytes = maxBlobBytes
	if job.update != nil {
		if err := job.update.start(w, hostFile); err != nil {
			w.Abort()
			return fail(e, "compile", err)
		}
	}
	type result struct {
		blob     []byte
		size     int  // bytes read
		cut      bool // by -max-bytes
		noGroups bool // no user-agent line: a page served as robots.txt?
		err      error
	}
	// SIGINT or SIGTERM: no pack is written (one is written whole or not
	// at all), even while a file's read blocks.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer releaseSignals(stop)
	results := make([]result, len(files))
	robotsBytes, blobBytes, bad, noGroups := 0, 0, 0, 0
	const batch = 256
	for lo := 0; lo < len(files); lo += batch {
		hi := min(lo+batch, len(files))
		done := inParallel(lo, hi, workers, func(i int) {
			body, err := readBody(nil, filepath.Join(dir, files[i]), opts)
			r := result{err: err}
			if err == nil {
				r.size, r.cut = bodyRead(body, opts)
				robots := compile.Compile(body, opts)
				r.noGroups = !robots.HasGroups()
				if r.blob, err = robots.AppendBinary(nil); err != nil {
					r.err = fmt.Errorf("%s: %w", filepath.Join(dir, files[i]), err)
				}
			}
			results[i] = r
		})
		select {
		case <-done:
		case <-ctx.Done():
			w.Abort()
			fmt.Fprintf(e.stderr, "%s compile: interrupted: no pack written (%s of %s compiled)\n", commandName, counts.Group3(lo), count(len(files), "file"))
			return 130
		}
		for i := lo; i < hi; i++ {
			r := results[i]
			results[i] = result{}
			if r.err != nil {
				bad++
				fmt.Fprintf(e.stderr, "%s compile: %v\n", commandName, r.err)
				continue
			}
			if r.cut {
				warnCut(e, "compile", filepath.Join(dir, files[i]), r.size)
			}
			robotsBytes += r.size
			if r.noGroups {
				noGroups++
			}
			had := w.Contents()
			c, err := w.AddContent(r.blob)
			if errors.Is(err, store.ErrTooLarge) {
				bad++
				fmt.Fprintf(e.stderr, "%s compile: %s: %v\n", commandName, filepath.Join(dir, files[i]), blobTooLarge(len(r.blob)))
				continue
			}
			if w.Contents() > had {
				blobBytes += len(r.blob) // a blob stored once counted once
			}
			for _, h := range hostsOf[files[i]] {
				if err == nil {
					err = w.PutHost(h, c)
				}
			}
			if err != nil {
				w.Abort()
				return fail(e, "compile", err)
			}
		}
	}
	if bad > 0 {
		w.Abort()
		return fail(e, "compile", fmt.Errorf("%s of %s could not be read or packed; no pack written", counts.Group3(bad), count(len(files), "file")))
	}
	if job.update != nil {
		if err := job.update.finish(w); err != nil {
			w.Abort()
			return fail(e, "compile", err)
		}
	}
	contents, total := w.Contents(), w.Hosts()
	if err := w.Close(); err != nil {
		return fail(e, "compile", err)
	}
	st, err := os.Stat(out)
	if err != nil {
		return fail(e, "compile", err)
	}
	// One line: what was compiled, what an update kept of the old pack,
	// and what was written.
	var parts []string
	if dir != "" {
		none := ""
		if noGroups > 0 {
			none = fmt.Sprintf("; %s with no user-agent line: every URL allowed", counts.Group3(noGroups))
		}
		parts = append(parts, fmt.Sprintf("%s (%s, %s mode%s), %s", count(len(files), "file"), count(robotsBytes, "byte"), opts.Mode, none, count(len(hostFile), "host")))
	}
	if job.update != nil {
		parts = append(parts, job.update.summary())
	}
	written := fmt.Sprintf("%s of %s", count(contents, "distinct blob"), count(blobBytes, "byte"))
	if job.update != nil {
		written = fmt.Sprintf("%s, %s", count(total, "host"), count(contents, "distinct blob"))
	}
	fmt.Fprintf(e.stderr, "%s compile: %s → %s: %s, %s on disk\n", commandName, strings.Join(parts, "; "), out, written, count(st.Size(), "byte"))
	return exitOK
}
