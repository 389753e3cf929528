package main

import (
	"fmt"
	"os"
	"path/filepath"
	goruntime "runtime"
	"sort"
	"strings"
	"sync"

	"github.com/robotsdfa/robotsdfa/automaton"
	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/robotsdir"
	"github.com/robotsdfa/robotsdfa/store"
)

const compileAbout = `
Compiles ROBOTS_FILE to a blob (docs/FORMAT.md): the automata of its merged
groups, its agent index and records, validated when loaded. With -agent,
only the groups those product tokens would use (and the '*' groups) are
kept. ROBOTS_FILE - reads standard input.

With -robots-dir, compiles every <host>.txt of DIR ("host_8080.txt" for
a port; and the hosts a -hosts table names) into one pack (a store, package
store): each distinct blob once, compressed on its own, with an index by
host, for "robotsdfa filter -pack", "records -pack" and crawlers that open
it with package store. A file that cannot be read stops the pack: nothing
is written.`

const compileExample = `  $ robotsdfa compile -o wikipedia.blob testdata/corpus/robots/en.wikipedia.org__protego2019.txt
  $ robotsdfa compile -robots-dir testdata/corpus/robots -hosts testdata/corpus/hosts.tsv -o sample.pack`

func runCompile(e *env, args []string) int {
	fs := flagSet(e, "compile", "[-mode google|rfc] [-max-bytes N] [-agent A,...] -o OUT (ROBOTS_FILE | -robots-dir DIR [-hosts TABLE])", compileAbout, compileExample)
	var ro readOptions
	ro.register(fs)
	agent := fs.String("agent", "", "keep only the groups for these comma-separated product tokens")
	out := fs.String("o", "", "output `file` (required)")
	dir := fs.String("robots-dir", "", "compile every <host>.txt of `directory` into a pack")
	hosts := fs.String("hosts", "", "with -robots-dir, a host<TAB>file `table` naming more hosts' files")
	workers := fs.Int("workers", goruntime.GOMAXPROCS(0), "parallel compilations (with -robots-dir)")
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
	case *dir == "" && fs.NArg() != 1:
		return usageError(e, fs, "want one ROBOTS_FILE, got %s", arguments(fs.NArg()))
	case *dir != "" && fs.NArg() != 0:
		return usageError(e, fs, "-robots-dir takes no ROBOTS_FILE")
	case *hosts != "" && *dir == "":
		return usageError(e, fs, "-hosts goes with -robots-dir")
	case *workers < 1:
		return usageError(e, fs, "-workers must be at least 1")
	}
	if err := refuseClobber(e, "-o", *out, fs.Arg(0), *hosts); err != nil {
		return fail(e, "compile", err)
	}
	opts := ro.parse()
	opts.Tokens = tokens
	if *dir != "" {
		return compilePack(e, *dir, *hosts, *out, opts, *workers)
	}
	path := fs.Arg(0)
	body, err := readBody(e.stdin, path, opts)
	if err != nil {
		return fail(e, "compile", err)
	}
	blob, err := compile.Compile(body, opts).AppendBinary(nil)
	if err != nil {
		return fail(e, "compile", fmt.Errorf("%s: %w", inputName(path), err))
	}
	set, err := automaton.Decode(blob) // for its figures
	if err != nil {
		return fail(e, "compile", fmt.Errorf("%s: the compiled blob does not load: %w", inputName(path), err))
	}
	if err := writeFile(*out, func(w *os.File) error { _, err := w.Write(blob); return err }); err != nil {
		return fail(e, "compile", err)
	}
	dfas, states := 0, 0
	for _, p := range set.Programs {
		st := p.Stats()
		dfas, states = dfas+st.Automata, states+st.States
	}
	fmt.Fprintf(e.stderr, "%s compile: %s (%d bytes, %s mode) → %s: %d bytes, %d merged groups, %d automata, %d states\n",
		commandName, inputName(path), len(body), ro.mode, *out, len(blob), len(set.Programs), dfas, states)
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

// compilePack compiles a directory into a store (a pack): every file
// once, in parallel, added in the order of the files' names so that the
// same directory gives the same bytes.
func compilePack(e *env, dir, hostsPath, out string, opts compile.Options, workers int) int {
	hostFile, err := robotsdir.HostFiles(dir, hostsPath)
	if err != nil {
		return fail(e, "compile", err)
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
	type result struct {
		blob []byte
		size int
		err  error
	}
	results := make([]result, len(files))
	robotsBytes, blobBytes, bad := 0, 0, 0
	const batch = 256
	for lo := 0; lo < len(files); lo += batch {
		hi := min(lo+batch, len(files))
		var wg sync.WaitGroup
		next := make(chan int)
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range next {
					body, err := readBody(nil, filepath.Join(dir, files[i]), opts)
					r := result{size: len(body), err: err}
					if err == nil {
						r.blob, r.err = compile.Compile(body, opts).AppendBinary(nil)
					}
					results[i] = r
				}
			}()
		}
		for i := lo; i < hi; i++ {
			next <- i
		}
		close(next)
		wg.Wait()
		for i := lo; i < hi; i++ {
			r := results[i]
			results[i] = result{}
			if r.err != nil {
				bad++
				fmt.Fprintf(e.stderr, "%s compile: %v\n", commandName, r.err)
				continue
			}
			robotsBytes += r.size
			blobBytes += len(r.blob)
			c, err := w.AddContent(r.blob)
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
		return fail(e, "compile", fmt.Errorf("%d of %d files could not be read; no pack written", bad, len(files)))
	}
	contents := w.Contents()
	if err := w.Close(); err != nil {
		return fail(e, "compile", err)
	}
	st, err := os.Stat(out)
	if err != nil {
		return fail(e, "compile", err)
	}
	fmt.Fprintf(e.stderr, "%s compile: %d files (%d bytes, %s mode), %d hosts → %s: %d distinct blobs of %d bytes, %d bytes on disk\n",
		commandName, len(files), robotsBytes, opts.Mode, len(hostFile), out, contents, blobBytes, st.Size())
	return exitOK
}

// fileName is the name of a host key's robots.txt file in a directory:
// ':' written '_'.
func fileName(key string) string { return strings.ReplaceAll(key, ":", "_") + ".txt" }
