// Command robotsdfa-beam runs robotsdfa's frontier filter, and the compile
// of a store, as Apache Beam pipelines: locally (the direct runner, or
// Prism) or on Dataflow, Flink and Spark through Beam's portable runners.
//
//	robotsdfa-beam filter (-pack hosts.store | -robots-dir DIR [-hosts TABLE]) -agent googlebot
//	    [-mode M] [-verdicts] [-explain] [-missing allow|disallow] [-missing-hosts FILE] [-field N] [-shards N]
//	    --output PREFIX [--runner R] INPUT...
//	robotsdfa-beam compile -o hosts.store [-mode google|rfc]
//	    (-robots-dir DIR [-hosts TABLE] | RECORDS.jsonl...) [--runner R]
//
// filter's INPUT is a file or glob of URL lines, on any Beam filesystem,
// gzip or zstd read by its name (.gz, .zst); its output is PREFIX-SSSSS-of-NNNNN, filter's
// lines in no order (a PREFIX ending in .zst or .gz: compressed shards, the
// extension last). compile reads every <host>.txt of DIR (and the hosts
// a host<TAB>file TABLE names), or JSON lines {"host": H, "body": B} (or
// "body_base64": B64, for a body that is not UTF-8), and
// writes the store robotsdfa filter -pack and package store read. The
// counters are printed at the end. On the local runners Beam's own INFO
// lines are left out unless -log-level asks for them.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	goruntime "runtime"
	"slices"
	"sort"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
	robotsbeam "github.com/robotsdfa/robotsdfa/beam"
	"github.com/robotsdfa/robotsdfa/internal/agentchain"
	"github.com/robotsdfa/robotsdfa/internal/counts"
	"github.com/robotsdfa/robotsdfa/internal/printable"
	"github.com/robotsdfa/robotsdfa/internal/robotsdir"
	"github.com/robotsdfa/robotsdfa/runtime"
	"github.com/robotsdfa/robotsdfa/store"
)

var (
	pack       = flag.String("pack", "", "the store of the hosts' compiled robots.txt (robotsdfa compile -robots-dir DIR -o FILE)")
	agent      = flag.String("agent", "", "product token, or a comma-separated fallback chain")
	verdicts   = flag.Bool("verdicts", false, "write every line with its verdict")
	explain    = flag.Bool("explain", false, "add the deciding rule as a third field (implies -verdicts)")
	missing    = flag.String("missing", "allow", "verdict for a host without a robots.txt: allow or disallow")
	missingOut = flag.String("missing-hosts", "", "write the hosts without a robots.txt in the store to FILE, one a line, sorted: the robots.txt to fetch next")
	field      = flag.Int("field", 0, "the URL is the Nth tab-separated field of each line (1 the first; 0 the whole line); the whole line is written")
	output     = flag.String("output", "", "output file prefix: PREFIX-SSSSS-of-NNNNN; one ending in .zst or .gz writes compressed shards, PREFIX's extension last")
	shards     = flag.Int("shards", 4, "output files (a bundle keeps up to 64 temporary files open, 16 compressed, and past them about 8 MiB of lines, written to runs merged into a file a shard)")
	modeSet    = new(bool) // -mode given
	outStore   = flag.String("o", "", "compile: the store to write")
	mode       = flag.String("mode", "google", "whose reading of robots.txt, google or rfc (filter -pack: the store's, checked)")
	robotsDir  = flag.String("robots-dir", "", "a directory of <host>.txt files (filter compiles a store of them beside --output first)")
	hostsTable = flag.String("hosts", "", "with -robots-dir, a host<TAB>file table naming files for hosts")
)

// hostFiles is -robots-dir's files (and -hosts' rows), listed before any
// pipeline is built.
var hostFiles []robotsbeam.HostFile

// stderr is where the command's own messages go: they quote file names,
// flags and pipeline errors, so a control byte in them is shown as \xHH
// rather than acted on by the terminal (SECURITY.md).
var stderr = printable.Writer{W: os.Stderr}

// maxShards is the most output files: a shard's name has five digits for
// its index and its count (PREFIX-SSSSS-of-NNNNN).
const maxShards = 99999

// usage is each command's synopsis.
var usage = map[string]string{
	"filter":  "robotsdfa-beam filter (-pack STORE | -robots-dir DIR [-hosts TABLE]) -agent AGENT --output PREFIX [flags] INPUT...",
	"compile": "robotsdfa-beam compile -o STORE [-mode M] (-robots-dir DIR [-hosts TABLE] | RECORDS.jsonl...)",
}

func main() {
	serveIfWorker(os.Args[1:])
	cmd := command(os.Args[1:])
	parseFlags(cmd, os.Args[2:])
	setLogLevel(cmd)
	beam.Init()
	checkFlags(cmd)
	if cmd == "filter" {
		checkFilter()
		checkAgent(*agent)
	}
	checkOutputs(cmd, checkInputs(cmd))
	if cmd == "compile" && *robotsDir != "" && len(inputs) > 0 {
		fail(cmd, "want -robots-dir or RECORDS files, not both")
	}
	if *robotsDir != "" {
		// Listed before any pipeline, so that a wrong directory is
		// refused in the words of the command given.
		if err := robotsDirError(*robotsDir); err != nil {
			fail(cmd, err.Error())
		}
		files, err := dirFiles(cmd, *robotsDir, *hostsTable)
		if err != nil {
			fail(cmd, err.Error())
		}
		hostFiles = files
	}
	if cmd == "filter" && *robotsDir != "" {
		// filter -robots-dir: the store is compiled first, by a pipeline
		// of its own, next to the output.
		*outStore = *output + ".store"
		run("compile", buildCompile)
		*pack = *outStore
	} else if cmd == "filter" {
		checkPack(*pack, *mode, *modeSet)
	}
	if cmd == "compile" {
		run(cmd, buildCompile)
	} else {
		run(cmd, buildFilter)
	}
}

// run builds a pipeline, runs it and prints its counters.
func run(cmd string, build func(beam.Scope)) {
	p, s := beam.NewPipelineWithRoot()
	build(s)
	res, err := runInOwnTemp(p)
	if err != nil {
		fail(cmd, err.Error())
	}
	if res != nil {
		var parts []string
		for _, c := range res.Metrics().AllMetrics().Counters() {
			if c.Key.Namespace == "robotsdfa" {
				parts = append(parts, c.Key.Name+" "+counts.Group3(c.Result()))
			}
		}
		sort.Strings(parts)
		if len(parts) == 0 {
			parts = []string{"nothing read"} // no counter was ever added to
		}
		fmt.Fprintf(stderr, "robotsdfa-beam %s: %s\n", cmd, strings.Join(parts, ", "))
	}
}

// runInOwnTemp runs p with the temporary directory pointed at one of its
// own, removed after the run: Beam's loopback mode (Prism, the default
// runner) creates an empty file there at each run and never removes it
// (apache/beam#27569), and a local run's store copies are gone by then.
func runInOwnTemp(p *beam.Pipeline) (beam.PipelineResult, error) {
	if dir, err := os.MkdirTemp("", "robotsdfa-beam-"); err == nil {
		name := tempVariable()
		old, had := os.LookupEnv(name)
		os.Setenv(name, dir)
		defer func() {
			if had {
				os.Setenv(name, old)
			} else {
				os.Unsetenv(name)
			}
			os.RemoveAll(dir)
		}()
	}
	return beamx.RunWithMetrics(context.Background(), p)
}

// tempVariable names the environment variable os.TempDir reads first.
func tempVariable() string {
	if goruntime.GOOS == "windows" {
		return "TMP"
	}
	return "TMPDIR"
}

// ownFlags are each command's flags: the others of this program's own
// (not Beam's) are refused, not ignored, so that a flag given to the
// wrong command is not taken for one that did something.
var ownFlags = map[string][]string{
	"filter":  {"pack", "agent", "verdicts", "explain", "missing", "missing-hosts", "field", "output", "shards", "mode", "robots-dir", "hosts", "log-level"},
	"compile": {"o", "mode", "robots-dir", "hosts", "log-level"},
}

// checkFlags refuses a flag of the other command and the values no
// pipeline could run with, before any pipeline is built.
func checkFlags(cmd string) {
	flag.Visit(func(f *flag.Flag) {
		*modeSet = *modeSet || f.Name == "mode"
		for other, names := range ownFlags {
			if other != cmd && slices.Contains(names, f.Name) && !slices.Contains(ownFlags[cmd], f.Name) {
				fail(cmd, fmt.Sprintf("-%s is a flag of robotsdfa-beam %s, not of %s", f.Name, other, cmd))
			}
		}
	})
	switch {
	case *mode != "google" && *mode != "rfc":
		fail(cmd, fmt.Sprintf("-mode is google or rfc, not %q", *mode))
	case *hostsTable != "" && *robotsDir == "":
		fail(cmd, "-hosts goes with -robots-dir")
	case cmd == "filter" && *shards < 1:
		fail(cmd, fmt.Sprintf("-shards is the number of output files, at least 1, not %d", *shards))
	case cmd == "filter" && *shards > maxShards:
		fail(cmd, fmt.Sprintf("-shards is at most %d (five digits in a shard's name), not %d", maxShards, *shards))
	}
}

// checkAgent reads -agent as robotsdfa filter does (internal/agentchain):
// each product token as given, none empty, a warning for one with
// whitespace around it, which the groups for the trimmed token do not
// match, or else for one RFC 9309 does not allow, which in Google mode
// no group is written for.
func checkAgent(agent string) {
	if agent == "" {
		return // buildFilter says it is required
	}
	tokens, err := agentchain.Tokens(agent)
	if err != nil {
		fail("filter", err.Error())
	}
	for _, t := range tokens {
		w := agentchain.Whitespace(t)
		if w == "" {
			w = agentchain.Unusual(t)
		}
		if w != "" {
			fmt.Fprintf(stderr, "robotsdfa-beam filter: warning: %s\n", w)
		}
	}
}

// checkPack opens a local store before any pipeline runs, so that one
// that is missing or no store fails here, by its name, rather than in
// every worker; with -mode, it refuses a mode that is not the one the
// store's blobs were compiled in, as robotsdfa filter -pack does. (A
// store on another filesystem is checked by no one: its workers read it
// as it is.)
func checkPack(path, mode string, modeSet bool) {
	if strings.Contains(path, "://") {
		return
	}
	st, err := store.Open(path, store.Options{CacheBytes: 1 << 20})
	if err != nil {
		fail("filter", storeHint(err, path).Error())
	}
	defer st.Close()
	if !modeSet {
		return
	}
	if st.Contents() == 0 {
		return
	}
	blob, err := st.ContentBlob(0)
	if err != nil {
		fail("filter", err.Error())
	}
	r, err := runtime.Load(blob)
	if err != nil {
		fail("filter", err.Error())
	}
	if r.RFC() != (mode == "rfc") {
		fail("filter", fmt.Sprintf("%s: its robots.txt were compiled in the other mode; -mode %s does not apply to them", path, mode))
	}
}

// checkFilter refuses a filter without what it needs, before a store is
// compiled for it.
func checkFilter() {
	switch {
	case *pack == "" && *robotsDir == "" || *agent == "" || *output == "":
		var lacking []string
		for _, f := range []struct{ name, value string }{{"-pack (or -robots-dir)", *pack + *robotsDir}, {"-agent", *agent}, {"--output", *output}} {
			if f.value == "" {
				lacking = append(lacking, f.name)
			}
		}
		fail("filter", required(lacking))
	case *pack != "" && *robotsDir != "":
		fail("filter", "want -pack or -robots-dir, not both")
	case *missing != "allow" && *missing != "disallow":
		fail("filter", fmt.Sprintf("-missing is allow or disallow, not %q", *missing))
	case *field < 0:
		fail("filter", "-field must not be negative")
	case len(inputs) == 0:
		fail("filter", "want at least one INPUT")
	}
}

// required says that the flags named are required: "A is", "A and B
// are", "A, B and C are".
func required(names []string) string {
	if n := len(names); n > 1 {
		return strings.Join(names[:n-1], ", ") + " and " + names[n-1] + " are required"
	}
	return names[0] + " is required"
}

// checkInputs refuses, before any pipeline runs, a local INPUT that names
// no file: a path that is not there, or a glob that matches nothing,
// which Beam reads as no lines at all and the run would end in empty
// shards, exit 0. It returns the files the local inputs name (a glob's
// matches, or the path itself); an input on another filesystem is Beam's
// to match.
func checkInputs(cmd string) []string {
	var files []string
	for _, in := range inputs {
		if remote(in) {
			continue
		}
		if m, err := filepath.Glob(in); err == nil && len(m) > 0 {
			files = append(files, m...)
			continue
		}
		if _, err := os.Stat(in); err != nil {
			if strings.ContainsAny(in, "*?[") {
				fail(cmd, fmt.Sprintf("INPUT %s matches no file", in))
			}
			fail(cmd, err.Error())
		}
		files = append(files, in)
	}
	return files
}

// readInputs is the lines of every INPUT, read by ReadLines.
func readInputs(s beam.Scope) beam.PCollection {
	var lines []beam.PCollection
	for _, glob := range inputs {
		lines = append(lines, robotsbeam.ReadLines(s, glob))
	}
	return beam.Flatten(s, lines...)
}

func buildFilter(s beam.Scope) {
	opts := robotsbeam.Options{
		Store: *pack, Agent: *agent, Verdicts: *verdicts, Explain: *explain, Missing: *missing, Field: *field,
	}
	urls := readInputs(s)
	if *missingOut == "" {
		robotsbeam.WriteSharded(s, *output, *shards, robotsbeam.Filter(s, urls, opts))
		return
	}
	out, missingHosts := robotsbeam.FilterMissing(s, urls, opts)
	robotsbeam.WriteSharded(s, *output, *shards, out)
	robotsbeam.WriteHostList(s, *missingOut, missingHosts)
}

func buildCompile(s beam.Scope) {
	switch {
	case *outStore == "":
		fail("compile", "-o is required")
	case *robotsDir == "" && len(inputs) == 0:
		fail("compile", "want -robots-dir or RECORDS files")
	}
	opts := robotsbeam.CompileOptions{RFC: *mode == "rfc"}
	var records beam.PCollection
	if *robotsDir != "" {
		records = robotsbeam.ReadBodies(s, beam.CreateList(s, hostFiles), opts)
	} else {
		records = robotsbeam.ParseRecords(s, readInputs(s))
	}
	robotsbeam.Compile(s, records, *outStore, opts)
}

// dirFiles lists a directory's <host>.txt files and a host table's rows
// as robotsdfa compile -robots-dir reads them; the bodies are read by the
// workers (a file the table names that cannot be read fails the
// pipeline, as it stops robotsdfa compile).
func dirFiles(cmd, dir, table string) ([]robotsbeam.HostFile, error) {
	byHost, skipped, err := robotsdir.HostFiles(dir, table)
	if err != nil {
		return nil, err
	}
	if len(skipped) > 0 {
		fmt.Fprintf(stderr, "robotsdfa-beam %s: warning: %s: %s\n", cmd, dir, robotsdir.Describe(skipped))
	}
	files := make([]robotsbeam.HostFile, 0, len(byHost))
	for host, name := range byHost {
		files = append(files, robotsbeam.HostFile{Host: host, Path: filepath.Join(dir, name)})
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Host < files[j].Host })
	return files, nil
}

func fail(cmd, msg string) {
	fmt.Fprintf(stderr, "robotsdfa-beam %s: %s\n", cmd, msg)
	os.Exit(2)
}
