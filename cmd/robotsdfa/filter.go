package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	goruntime "runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/robotsdfa/robotsdfa/internal/clobber"
	"github.com/robotsdfa/robotsdfa/internal/counts"
	"github.com/robotsdfa/robotsdfa/internal/robotsdir"
)

const filterAbout = `
Reads URLs, one per line, from the INPUT files or standard input (gzip and
zstd are detected by their magic bytes; xz, bzip2 and lz4 are refused) and
checks each against its host's robots.txt for AGENT: one file for every URL
(-robots), DIR/<host>.txt (-robots-dir; the host lower-cased, an IDN host
in Punycode, host:port as host_port, a default port dropped; else a file
spelt otherwise, such as Example.com.txt, as compile reads them; or the
file a -hosts table names: one not there is an error for its URLs), or a
store made by "robotsdfa compile -robots-dir" (-pack). With -robots-dir
each host's file is compiled once and kept for the run, so that memory
grows with the hosts met; a frontier of more hosts than memory holds that
way goes through a pack, whose cache -cache-mb bounds. The URLs of a host
without a robots.txt get -missing's verdict: allowed by default, as for an
unavailable robots.txt (RFC 9309 2.3.1.3); -explain says "no robots.txt",
and -missing-hosts lists those hosts, the robots.txt to fetch next:
"robotsdfa fetch -hosts LIST -from PACK -o PACK" fetches them into the pack
(or, fetched into a directory by other means, "robotsdfa compile
-robots-dir DIR -from PACK -o PACK" adds them). The list may hold more
hosts than memory: past 8 MiB a worker, its hosts go sorted to a temporary
file beside it until they are merged into it.

Output keeps the input order exactly. By default it is the allowed URLs
only; with -verdicts every input line, as "allowed<TAB>URL",
"disallowed<TAB>URL", or "error<TAB>LINE<TAB>reason" for a line that is not
a usable URL (control bytes in LINE shown as \xHH). Without -verdicts the
unusable lines are reported on standard error with their line numbers.
With -field N the URL is the Nth tab-separated field of each line (a
frontier with a priority or a depth beside its URLs, as cut -f reads it),
and the whole line is written where the URL would be. A summary goes to
standard error at the end, and a live progress line when standard error
is a terminal. URLs typed at a terminal (standard input, no INPUT) are
answered each as it is typed, with no progress line; Ctrl-D (on Windows,
Ctrl-Z and Enter) ends them.

On SIGINT or SIGTERM (again to stop at once), and when an input fails part
way (a compressed file cut short), the lines read so far are finished and
their output written whole and in order; when the output fails (a full
disk), -o is cut back to its last whole line (a compressed -o, written in
frames of 8 MiB of lines, to its last whole frame). The run then says how
many input lines are done and how to finish: the same command with -skip N
and -append, which adds to -o's file and -missing-hosts' list. A run
killed at once (SIGKILL, the machine stopped) says nothing, but -o's file
does: -resume, in place of -skip and -append, reads where it stopped from
it (a compressed -o marks after each frame the input lines done; with
-verdicts it has a line for each input line done; without, its lines are
found among the input lines, which must then be files), cuts it back to
its last whole line or frame and goes on; with -missing-hosts it looks up
the hosts of the lines done again, as the killed run never wrote its list.

Exit status: 0 when every line was read (unusable lines included, counted
in the summary), 2 for a usage or input error, a robots.txt that exists but
cannot be read, a line longer than -max-line, or an input that failed part
way; 130 when interrupted.`

const filterExample = `  $ robotsdfa filter -robots-dir testdata/corpus/robots -hosts testdata/corpus/hosts.tsv \
      -agent googlebot -o allowed.txt testdata/frontier/urls.txt.zst
  robotsdfa filter: 26,199 lines in 0.32s (81,094 lines/s): 21,029 allowed, 5,170 disallowed, 0 unusable; 303 hosts: 301 with a robots.txt (1 cut at -max-bytes), 2 without (allowed), 0 unreadable; loading them took 0.50s of worker time`

type filterFlags struct {
	ro                       readOptions
	robots, robotsDir, pack  string
	hosts, agent, out        string
	verdicts, explain, quiet bool
	appendOut                bool   // -append
	resumeRun                bool   // -resume
	relist                   bool   // -resume with -missing-hosts: the skipped lines' hosts looked up
	compress                 string // -o's compression, by its extension (compression)
	progress                 bool
	start                    time.Time      // the command's start, for the summary
	signals                  chan os.Signal // SIGINT and SIGTERM, from the start
	workers, maxLine         int
	field                    int // -field: the URL's field of a tab-separated line; 0 the whole line
	skip                     int64
	cacheMB                  int64
	cpuProfile               string
	modeSet                  bool
	// missing is the verdict for a host without a robots.txt ("allow" or
	// "disallow"); missingHosts the file that lists those hosts.
	missing, missingHosts string
}

// maxWorkers bounds -workers (filter, compile, fetch -hosts): a filter
// worker holds up to four chunks of input in flight (4 MiB), a compile
// worker a file and its automata, a fetch worker a request and its body,
// so that a slip of the finger (-workers 1000000000000) is refused, not an
// out-of-memory crash.
const maxWorkers = 1024

// workersProblem is what is wrong with -workers n, or "".
func workersProblem(n int) string {
	switch {
	case n < 1:
		return "-workers must be at least 1"
	case n > maxWorkers:
		return "-workers must be at most " + counts.Group3(maxWorkers)
	}
	return ""
}

// maxCacheMB is the largest -cache-mb whose bytes an int64 holds.
const maxCacheMB int64 = math.MaxInt64 >> 20

func runFilter(e *env, args []string) int {
	fs := flagSet(e, "filter", "(-robots FILE | -robots-dir DIR | -pack FILE) -agent AGENT [flags] [INPUT...]", filterAbout, filterExample)
	ff := filterFlags{start: time.Now()}
	// The handler goes in before anything else, so that an interrupt
	// during the set-up (a store opened, a hosts table read) is answered
	// as one during the run, not by the default of ending the process.
	ff.signals = make(chan os.Signal, 2)
	signal.Notify(ff.signals, os.Interrupt, syscall.SIGTERM)
	defer releaseSignals(func() { signal.Stop(ff.signals) })
	ff.ro.register(fs)
	fs.StringVar(&ff.robots, "robots", "", "one robots.txt (or blob) `file` for every URL; - reads it from standard input, the URLs then from files")
	fs.StringVar(&ff.robotsDir, "robots-dir", "", "a `directory` of <host>.txt files")
	fs.StringVar(&ff.hosts, "hosts", "", "with -robots-dir, a host<TAB>file `table` naming files for hosts (such as the corpus's hosts.tsv)")
	fs.StringVar(&ff.pack, "pack", "", "a pack `file` made by compile -robots-dir")
	fs.StringVar(&ff.agent, "agent", "", "product token, or comma-separated fallback chain (required)")
	fs.StringVar(&ff.missing, "missing", "allow", "the verdict for URLs of a host without a robots.txt (-robots-dir, -pack): `allow` (RFC 9309 2.3.1.3, an unavailable file) or disallow")
	fs.StringVar(&ff.missingHosts, "missing-hosts", "", "write the hosts without a robots.txt to `file`, one per line, sorted: the robots.txt to fetch next (- : standard output, when -o names a file)")
	fs.BoolVar(&ff.verdicts, "verdicts", false, "write every line with its verdict, not only the allowed URLs")
	fs.BoolVar(&ff.explain, "explain", false, "add the deciding line as a third field (implies -verdicts)")
	fs.IntVar(&ff.workers, "workers", goruntime.GOMAXPROCS(0), "parallel workers")
	fs.IntVar(&ff.maxLine, "max-line", 64<<20, "longest input line in bytes; longer lines are reported and skipped")
	fs.IntVar(&ff.field, "field", 0, "the URL is the `N`th tab-separated field of each line (1 the first; 0 the whole line); the whole line is written")
	fs.Int64Var(&ff.cacheMB, "cache-mb", 512, "with -pack: at most this many `MiB` of robots.txt kept loaded (the cache starts at 16 and grows while hosts come back after being dropped)")
	fs.Int64Var(&ff.skip, "skip", 0, "pass over the first `N` input lines (counted across the inputs in order): to resume an interrupted run")
	fs.StringVar(&ff.out, "o", "", "write to `file` instead of standard output (- is standard output); a name ending in .zst or .gz is compressed as zstd or gzip")
	fs.BoolVar(&ff.appendOut, "append", false, "add to -o's file instead of replacing it, and merge -missing-hosts' list with the one there: to resume with -skip")
	fs.BoolVar(&ff.resumeRun, "resume", false, "go on with a run that stopped part way, whatever stopped it (a kill too): -o's file says which input lines are done; it is cut back to its last whole line or frame, and added to (-skip and -append worked out)")
	fs.BoolVar(&ff.quiet, "q", false, "nothing on standard error but fatal errors: no summary, progress or unusable lines")
	fs.BoolVar(&ff.progress, "progress", false, "show progress even when standard error is not a terminal (a line every few seconds)")
	fs.StringVar(&ff.cpuProfile, "cpuprofile", "", "write a CPU profile to `file`")
	if code, done := parseFlags(e, fs, args); done {
		return code
	}
	if ff.out == "-" { // standard output, as a file argument - is standard input
		ff.out = ""
	}
	ff.modeSet = modeGiven(fs)
	n := 0
	for _, s := range []string{ff.robots, ff.robotsDir, ff.pack} {
		if s != "" {
			n++
		}
	}
	switch {
	case ff.hosts != "" && ff.robotsDir == "":
		return usageError(e, fs, "-hosts goes with -robots-dir: give the directory its table's files are in")
	case n != 1:
		return usageError(e, fs, "want exactly one of -robots, -robots-dir and -pack")
	case ff.agent == "":
		return usageError(e, fs, "-agent is required")
	case workersProblem(ff.workers) != "":
		return usageError(e, fs, "%s", workersProblem(ff.workers))
	case ff.cacheMB < 1:
		return usageError(e, fs, "-cache-mb must be at least 1")
	case ff.cacheMB > maxCacheMB:
		return usageError(e, fs, "-cache-mb must be at most %s", counts.Group3(maxCacheMB))
	case ff.skip < 0:
		return usageError(e, fs, "-skip must not be negative")
	case ff.resumeRun && ff.out == "":
		return usageError(e, fs, "-resume reads what -o's file holds: give -o a file")
	case ff.resumeRun && (ff.skip > 0 || ff.appendOut):
		return usageError(e, fs, "-resume works out -skip and -append itself: give it alone")
	case ff.field < 0:
		return usageError(e, fs, "-field must not be negative")
	case ff.maxLine < shownPrefix:
		return usageError(e, fs, "-max-line must be at least %d", shownPrefix)
	case ff.missing != "allow" && ff.missing != "disallow":
		return usageError(e, fs, "-missing is allow or disallow, not %q", ff.missing)
	case ff.missingHosts != "" && ff.robots != "":
		return usageError(e, fs, "-missing-hosts goes with -robots-dir or -pack")
	case ff.appendOut && ff.out == "" && ff.missingHosts == "":
		return usageError(e, fs, "-append goes with -o or -missing-hosts")
	case ff.missingHosts == "-" && ff.out == "":
		return usageError(e, fs, "-missing-hosts - and the output would both go to standard output: give -o a file")
	}
	var err error
	if ff.compress, err = compression(ff.out); err != nil {
		return usageError(e, fs, "%v", err)
	}
	if err := plainList("-missing-hosts", ff.missingHosts); err != nil {
		return usageError(e, fs, "%v", err)
	}
	ff.verdicts = ff.verdicts || ff.explain
	warnings := e // what the run says before it starts; -q: nothing but fatal errors
	if ff.quiet {
		warnings = &env{stdin: e.stdin, stdout: e.stdout, stderr: io.Discard}
	}
	tokens, err := agentChain(warnings, "filter", ff.agent)
	if err != nil {
		return usageError(e, fs, "%v", err)
	}
	inputs := fs.Args()
	if len(inputs) == 0 {
		inputs = []string{"-"}
	}
	if ff.robots == "-" && slices.Contains(inputs, "-") {
		return usageError(e, fs, "-robots - reads the robots.txt from standard input: give the URLs as files")
	}
	// Nothing the run reads is overwritten by what it writes.
	read := append([]string{ff.robots, ff.pack, ff.hosts}, inputs...)
	for _, o := range []struct{ flag, path string }{{"-o", ff.out}, {"-missing-hosts", ff.missingHosts}, {"-cpuprofile", ff.cpuProfile}} {
		if o.path == "-" {
			continue // standard output
		}
		if err := refuseClobber(e, o.flag, o.path, read...); err != nil {
			return fail(e, "filter", err)
		}
		if err := clobber.InsideError(o.flag, o.path, ff.robotsDir); err != nil {
			return fail(e, "filter", err)
		}
	}
	if ff.out != "" && ff.missingHosts != "" && clobber.Same(ff.out, ff.missingHosts) {
		return fail(e, "filter", fmt.Errorf("-o and -missing-hosts name one file, %s", ff.out))
	}
	if ff.missingHosts != "" {
		if err := writableAtEnd("-missing-hosts", ff.missingHosts, ff.appendOut || ff.resumeRun); err != nil {
			return fail(e, "filter", err)
		}
	}
	// A list that cannot be opened fails the run before any work, not
	// after hours spent on the lists before it.
	for _, name := range inputs {
		if name == "-" {
			continue
		}
		f, _, err := openRegular(name, urlListWhat)
		if err != nil {
			return fail(e, "filter", err)
		}
		var magic [10]byte
		n, _ := io.ReadFull(f, magic[:])
		f.Close()
		if err := otherCompression(magic[:n]); err != nil {
			return fail(e, "filter", fmt.Errorf("%s: %w", name, err))
		}
	}
	var keys *keyRuns // -missing-hosts'
	if ff.missingHosts != "" {
		keys = newKeyRuns(ff.missingHosts)
		defer keys.close()
	}
	src, err := ff.source(warnings, tokens, keys)
	if err != nil {
		return fail(e, "filter", err)
	}
	if ff.cpuProfile != "" {
		f, err := os.Create(ff.cpuProfile)
		if err != nil {
			return fail(e, "filter", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fail(e, "filter", err)
		}
		defer pprof.StopCPUProfile()
	}
	return ff.run(e, src, keys, inputs)
}

// source opens the robots.txt source the flags name; its warnings go to
// e's standard error (nowhere with -q).
func (ff *filterFlags) source(e *env, tokens []string, keys *keyRuns) (source, error) {
	opts := ff.ro.parse()
	switch {
	case ff.robots != "":
		c, err := compileFile(e.stdin, ff.robots, opts, ff.modeSet)
		if err != nil {
			return nil, dirHint(err, "filter", ff.robots)
		}
		if err := notCompiledFor(c.path, c.robots, tokens); err != nil {
			return nil, err
		}
		noteBlob(e, "filter", c)
		warnFile(e, "filter", c)
		warnLostAgent(e, "filter", c, tokens)
		return &single{&target{m: c.robots.Agent(tokens...), file: c.file}}, nil
	case ff.robotsDir != "":
		if err := robotsDirError(ff.robotsDir); err != nil {
			return nil, err
		}
		// A host's file is looked up at its own name when its URLs come;
		// the scan finds the files spelt otherwise, which compile
		// -robots-dir reads too, and the entries no host's.
		spelt, skipped, err := robotsdir.Scan(ff.robotsDir, nil)
		if err != nil {
			// A directory that can be searched but not listed still
			// gives each host's file at its own name.
			fmt.Fprintf(e.stderr, "%s filter: warning: %v: only files at their host's own name (<host>.txt) are read\n", commandName, err)
		}
		var hosts map[string]string
		if ff.hosts != "" {
			if hosts, err = robotsdir.Table(ff.hosts); err != nil {
				return nil, err
			}
			skipped = robotsdir.NotNamed(skipped, ff.robotsDir, ff.hosts, hosts)
		}
		warnSkipped(e, "filter", ff.robotsDir, skipped)
		return newPerHost(dirLoader(ff.robotsDir, hosts, spelt, opts, ff.modeSet, tokens, ff.explain)), nil
	default:
		ss, err := openStoreSource(ff.pack, tokens, ff.modeSet, ff.ro.mode, ff.cacheMB<<20)
		if err != nil {
			return nil, err
		}
		ss.missing = keys
		return ss, nil
	}
}

// totals are the run's counts.
type totals struct {
	lines, allowed, disallowed, unusable int64
	skipped                              int64 // -skip's
	problem                              bool
}

func (ff *filterFlags) run(e *env, src source, keys *keyRuns, inputs []string) int {
	start := ff.start
	// The progress line writes from its own goroutine: standard error's
	// writes are serialised.
	e = &env{stdin: e.stdin, stdout: e.stdout, stderr: &lockedWriter{w: e.stderr}}
	o, err := ff.openOut(e, inputs)
	if err != nil {
		return fail(e, "filter", err)
	}
	out := o.sink

	// URLs typed at a terminal are answered line by line, with no
	// progress line redrawn over what is typed.
	typed := slices.Contains(inputs, "-") && typing(e)
	if ps, ok := out.(*plainSink); ok && typed {
		ps.eager = true
	}
	if typed && !ff.quiet {
		fmt.Fprintf(e.stderr, "%s filter: reading URLs from the terminal, one a line, each answered as it comes (%s ends them; a frontier's files go as arguments)\n", commandName, endOfInputKeys())
	}
	prog := startProgress(e, ff.quiet || typed && !ff.progress, ff.progress, inputsSize(e, inputs))
	work := make(chan *chunk, ff.workers)
	// A chunk holds a slot from before it is sent until it is written, so
	// done never fills: a worker never waits on the writer, and a reader
	// holding sendMu while it sends always gets through (halt needs sendMu
	// while the writer waits).
	slots := make(chan struct{}, 4*ff.workers)
	done := make(chan *chunk, cap(slots))
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var shown atomic.Bool // see writer.shown
	for i := 0; i < ff.workers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			wk := &worker{src: src, ff: ff, local: map[string]*target{}, shown: &shown}
			for c := range work {
				wk.process(c)
				done <- c
			}
			if ss, ok := src.(*storeSource); ok {
				ss.merge(wk)
			}
		}()
	}
	// A chunk is sent under sendMu, so that once stopped is set (an
	// interrupt, or the writer failed), emitted is the number of chunks
	// that will ever reach the workers.
	var (
		sendMu  sync.Mutex
		stopped bool
		emitted int
	)
	closeWork := sync.OnceFunc(func() { close(work) })
	halt := func() int {
		sendMu.Lock()
		defer sendMu.Unlock()
		if !stopped {
			stopped = true
			close(stop)
			closeWork() // the workers end once they have done what was sent
		}
		return emitted
	}
	var readErr error
	readIn := 0 // the input readErr is about
	readDone := make(chan struct{})
	go func() {
		defer close(readDone)
		defer closeWork()
		rd := &reader{maxLine: ff.maxLine, skip: ff.skip, send: func(c *chunk) bool {
			select {
			case slots <- struct{}{}:
			case <-stop:
				return false
			}
			sendMu.Lock()
			defer sendMu.Unlock()
			if stopped {
				<-slots
				return false
			}
			emitted++
			work <- c
			return true
		}}
		for i, name := range inputs {
			in, err := openInput(e, name, &prog.bytes)
			if err == nil {
				rd.eager = in.typed
				err = rd.read(i, in.r)
				if cerr := in.close(); err == nil {
					err = cerr
				}
				if err != nil && !errors.Is(err, errStopped) {
					err = fmt.Errorf("%s: %w", in.name, err)
				}
			}
			if err != nil {
				readErr, readIn = err, i
				return
			}
		}
	}()
	go func() { wg.Wait(); close(done) }()

	// SIGINT or SIGTERM (ff.signals): stop reading, finish the chunks
	// sent, write them whole and in order, and say where to resume
	// (-skip). A second one stops at once.
	interrupted := false
	last := -1 // with interrupted: the number of chunks to write

	wr := &writer{out: out, e: e, inputs: inputs, verdicts: ff.verdicts, quiet: ff.quiet, lineOf: make([]int64, len(inputs)), shown: &shown, prog: prog, skip: ff.skip}
	var writeErr error
	pending := map[int]*chunk{}
	next := 0
	for open := true; open && (last < 0 || next < last); {
		select {
		case c, ok := <-done:
			if !ok {
				open = false
				break
			}
			pending[c.seq] = c
			for c := pending[next]; c != nil; c = pending[next] {
				delete(pending, next)
				next++
				if writeErr == nil {
					if writeErr = wr.write(c); writeErr != nil {
						halt()
					}
				}
				putBuf(c.data)
				<-slots
			}
		case sig := <-ff.signals:
			if interrupted {
				fmt.Fprintf(e.stderr, "%s filter: %v again: stopping at once; %s may end in a cut %s\n", commandName, sig, outName(ff.out), out.unit())
				return 130
			}
			interrupted = true
			last = halt()
			prog.stop()
			fmt.Fprintf(e.stderr, "%s filter: %v: finishing the lines read so far (again to stop at once)\n", commandName, sig)
		}
	}
	prog.stop()
	if writeErr = o.close(writeErr); writeErr != nil {
		if errors.Is(writeErr, syscall.EPIPE) {
			return exitOK // the reader went away (| head): stop quietly
		}
		return ff.failed(e, o, writeErr, src, keys, &wg)
	}
	if interrupted {
		wg.Wait() // the workers' host counts
	} else {
		<-readDone
	}
	// An input that failed part way: what was read before it is written
	// (readError), and the run says where to resume once it is mended.
	var failed error
	if !interrupted && readErr != nil {
		failed = fmt.Errorf("%w%s", readErr, readErrorAt(readErr, wr.lineOf[readIn]))
		if wr.t.skipped+wr.t.lines == 0 {
			return fail(e, "filter", failed)
		}
	}
	wr.reportMoreErrors()
	if ff.missingHosts != "" {
		if err := ff.writeHosts(e, src, keys); err != nil {
			return fail(e, "filter", err)
		}
	}
	if !ff.quiet {
		summary(e, wr.t, src.stats(), ff.missing, ff.relist, time.Since(start))
		if !interrupted && failed == nil && wr.t.skipped < ff.skip {
			fmt.Fprintf(e.stderr, "%s filter: warning: -skip %d is past the end of the input, %s: nothing was checked (was it the same input?)\n",
				commandName, ff.skip, count(wr.t.skipped, "line"))
		}
	}
	finished := wr.done()
	switch {
	case interrupted && typed:
		return 130 // Ctrl-C ends URLs typed by hand: nothing to resume
	case interrupted:
		fmt.Fprintf(e.stderr, "%s filter: interrupted: the first %d input lines are done, their output written to %s; to finish, %s\n",
			commandName, finished, outName(ff.out), ff.resume(finished))
		return 130
	case failed != nil:
		fmt.Fprintf(e.stderr, "%s filter: %v: the first %d input lines are done, their output written to %s; once %s is mended, %s\n",
			commandName, failed, finished, outName(ff.out), inputName(inputs[readIn]), ff.resume(finished))
		return exitProblem
	case wr.t.problem:
		return exitProblem
	}
	return exitOK
}

func outName(o string) string {
	if o == "" {
		return "standard output"
	}
	return o
}

// missingVerdict says what -missing made of the hosts without a robots.txt.
func missingVerdict(missing string) string {
	if missing == "disallow" {
		return "disallowed: -missing disallow"
	}
	return "allowed"
}

func summary(e *env, t totals, hs hostStats, missing string, relisted bool, d time.Duration) {
	rate := float64(t.lines) / d.Seconds()
	rateText := counts.Group3(int64(rate))
	if rate < 1 { // a run of a few lines typed at a terminal
		rateText = strconv.FormatFloat(rate, 'g', 2, 64)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s filter: %s in %.2fs (%s lines/s): %s allowed, %s disallowed, %s unusable",
		commandName, count(t.lines, "line"), d.Seconds(), rateText, counts.Group3(t.allowed), counts.Group3(t.disallowed), counts.Group3(t.unusable))
	switch {
	case t.skipped > 0 && relisted:
		fmt.Fprintf(&b, "; %s before them passed over, their hosts looked up for -missing-hosts", count(t.skipped, "line"))
	case t.skipped > 0:
		fmt.Fprintf(&b, "; %s before them passed over (-skip)", count(t.skipped, "line"))
	}
	switch {
	case hs.cache != nil:
		c := hs.cache
		fmt.Fprintf(&b, "; %s: %s in the pack, %s not (%s), %s unreadable; the pack's cache: %s, %s",
			count(hs.hosts, "host"), counts.Group3(hs.found), counts.Group3(hs.missing), missingVerdict(missing), counts.Group3(hs.problem), count(c.Loads, "load"), count(c.Evictions, "eviction"))
		if c.Reloads > 0 {
			fmt.Fprintf(&b, ", %s", count(c.Reloads, "reload"))
		}
		if hs.cacheBytes > 0 {
			fmt.Fprintf(&b, ", %s MiB", counts.Group3(hs.cacheBytes>>20))
		}
		if c.Reloads > 0 && hs.droppedAtMax >= reloadsToGrow {
			b.WriteString(" (robots.txt loaded again after they were dropped: a larger -cache-mb keeps them, in more memory)")
		}
	case !hs.single:
		cut := ""
		if hs.cut > 0 {
			cut = fmt.Sprintf(" (%s cut at -max-bytes)", counts.Group3(hs.cut))
		}
		fmt.Fprintf(&b, "; %s: %s with a robots.txt%s, %s without (%s), %s unreadable; loading them took %.2fs of worker time",
			count(hs.hosts, "host"), counts.Group3(hs.found), cut, counts.Group3(hs.missing), missingVerdict(missing), counts.Group3(hs.problem), hs.loading.Seconds())
	}
	fmt.Fprintln(e.stderr, b.String())
}

// writeLines writes lines to a file, one per line.
func writeLines(path string, lines []string) error {
	f, err := createList(path)
	if err != nil {
		return err
	}
	if err := putLines(f, lines); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// putLines writes lines to w, one per line.
func putLines(w io.Writer, lines []string) error {
	bw := bufio.NewWriter(w)
	for _, l := range lines {
		bw.WriteString(l)
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// lockedWriter serialises writes to w.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}
