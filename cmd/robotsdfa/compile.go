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
	"github.com/robotsdfa/robotsdfa/bench/workload"
	"github.com/robotsdfa/robotsdfa/compile"
)

const compileAbout = `
Compiles ROBOTS_FILE to a blob (docs/FORMAT.md): the automata of its merged
groups, its agent index and records, validated when loaded. With -agent,
only the groups those product tokens would use (and the '*' groups) are
kept.

With -robots-dir, compiles every <host>.txt of DIR (and the hosts a -hosts
table names) into one pack: every blob in one zstd-compressed file with an
index by host, for "robotsdfa filter -pack". A file that cannot be read
stops the pack: nothing is written.`

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
		return usageError(e, fs, "want one ROBOTS_FILE, got %d arguments", fs.NArg())
	case *dir != "" && fs.NArg() != 0:
		return usageError(e, fs, "-robots-dir takes no ROBOTS_FILE")
	case *hosts != "" && *dir == "":
		return usageError(e, fs, "-hosts goes with -robots-dir")
	case *workers < 1:
		return usageError(e, fs, "-workers must be at least 1")
	}
	opts := ro.parse()
	opts.Tokens = tokens
	if *dir != "" {
		return compilePack(e, *dir, *hosts, *out, opts, *workers)
	}
	path := fs.Arg(0)
	body, err := readBody(path, opts)
	if err != nil {
		return fail(e, "compile", err)
	}
	blob, err := compile.Compile(body, opts).AppendBinary(nil)
	if err != nil {
		return fail(e, "compile", fmt.Errorf("%s: %w", path, err))
	}
	set, err := automaton.Decode(blob) // for its figures
	if err != nil {
		return fail(e, "compile", fmt.Errorf("%s: the compiled blob does not load: %w", path, err))
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
		commandName, path, len(body), ro.mode, *out, len(blob), len(set.Programs), dfas, states)
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

// compilePack compiles a directory into a pack.
func compilePack(e *env, dir, hostsPath, out string, opts compile.Options, workers int) int {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fail(e, "compile", err)
	}
	hostFile := map[string]string{} // host key → file name
	for _, ent := range entries {
		name := ent.Name()
		if strings.HasSuffix(name, ".txt") && !ent.IsDir() {
			hostFile[strings.ToLower(strings.TrimSuffix(name, ".txt"))] = name
		}
	}
	if hostsPath != "" {
		table, err := workload.ReadHosts(hostsPath)
		if err != nil {
			return fail(e, "compile", err)
		}
		for h, f := range table {
			hostFile[h] = f
		}
	}
	if len(hostFile) == 0 {
		return fail(e, "compile", fmt.Errorf("%s: no <host>.txt files", dir))
	}
	var files []string
	seen := map[string]int{}
	for _, f := range hostFile {
		if _, ok := seen[f]; !ok {
			seen[f] = 0
			files = append(files, f)
		}
	}
	sort.Strings(files)
	for i, f := range files {
		seen[f] = i
	}
	blobs := make([][]byte, len(files))
	errs := make([]error, len(files))
	robotsBytes := make([]int, len(files))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				body, err := readBody(filepath.Join(dir, files[i]), opts)
				if err == nil {
					robotsBytes[i] = len(body)
					blobs[i], err = compile.Compile(body, opts).AppendBinary(nil)
				}
				errs[i] = err
			}
		}()
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	bad := 0
	for _, err := range errs {
		if err != nil {
			bad++
			fmt.Fprintf(e.stderr, "%s compile: %v\n", commandName, err)
		}
	}
	if bad > 0 {
		return fail(e, "compile", fmt.Errorf("%d of %d files could not be read; no pack written", bad, len(files)))
	}
	hosts := make(map[string]int, len(hostFile))
	for h, f := range hostFile {
		hosts[h] = seen[f]
	}
	if err := writeFile(out, func(w *os.File) error { return writePack(w, hosts, blobs) }); err != nil {
		return fail(e, "compile", err)
	}
	st, err := os.Stat(out)
	if err != nil {
		return fail(e, "compile", err)
	}
	rb, bb := 0, 0
	for i := range blobs {
		rb += robotsBytes[i]
		bb += len(blobs[i])
	}
	fmt.Fprintf(e.stderr, "%s compile: %d files (%d bytes, %s mode), %d hosts → %s: %d bytes of blobs, %d bytes compressed\n",
		commandName, len(files), rb, opts.Mode, len(hosts), out, bb, st.Size())
	return exitOK
}
