package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/robotsdfa/robotsdfa/automaton"
	"github.com/robotsdfa/robotsdfa/internal/counts"
	"github.com/robotsdfa/robotsdfa/internal/filekind"
	"github.com/robotsdfa/robotsdfa/internal/printable"
	"github.com/robotsdfa/robotsdfa/runtime"
	"github.com/robotsdfa/robotsdfa/store"
)

const inspectAbout = `
Validates a blob or a pack (every blob in it) and says what it holds:
mode, merged groups, agents, automata, states and sizes. With -v, a pack's
hosts are listed one per line. Exit status 2 when anything is invalid.
BLOB - reads a blob from standard input (a pack is mapped from its file).`

const inspectExample = `  $ robotsdfa compile -o wikipedia.blob testdata/corpus/robots/en.wikipedia.org__protego2019.txt
  $ robotsdfa inspect wikipedia.blob`

func runInspect(e *env, args []string) int {
	fs := flagSet(e, "inspect", "[-v] BLOB|PACK", inspectAbout, inspectExample)
	verbose := fs.Bool("v", false, "list a pack's hosts")
	if code, done := parseFlags(e, fs, args); done {
		return code
	}
	if fs.NArg() != 1 {
		return usageError(e, fs, "want one BLOB or PACK, got %s", count(fs.NArg(), "argument"))
	}
	path := fs.Arg(0)
	buf := bufio.NewWriter(e.stdout)
	defer buf.Flush()
	out := printable.Writer{W: buf} // each write whole, not cut where the buffer fills
	data, blob, err := readInput(e.stdin, path, "a blob or pack", int64(len(filekind.PackMagic)))
	switch {
	case err != nil:
		return fail(e, "inspect", err)
	case blob:
		return inspectBlob(e, out, inputName(path), data)
	case path == "-" && bytes.HasPrefix(data, []byte(filekind.PackMagic)):
		return fail(e, "inspect", errors.New("standard input: a pack is opened from its file, which it maps: give its path"))
	case path == "-":
		return fail(e, "inspect", fmt.Errorf("standard input: not a blob (%q) at byte 0", automaton.Magic))
	case !bytes.HasPrefix(data, []byte(filekind.PackMagic)) && !bytes.HasPrefix(data, []byte{0x28, 0xb5, 0x2f, 0xfd}):
		msg := fmt.Sprintf("%s: neither a blob (%q) nor a pack at byte 0", path, automaton.Magic)
		if filekind.Of(path) == filekind.Text {
			msg += " but text (a robots.txt? robotsdfa lint " + path + " reads one, robotsdfa compile " + path + " -o BLOB compiles it)"
		}
		return fail(e, "inspect", errors.New(msg))
	}
	st, err := store.Open(path, store.Options{})
	if err != nil {
		return fail(e, "inspect", err)
	}
	defer st.Close()
	return inspectPack(e, out, path, st, *verbose)
}

// inspectBlob validates a blob and describes it.
func inspectBlob(e *env, out io.Writer, name string, blob []byte) int {
	set, err := automaton.Decode(blob)
	if err != nil {
		return fail(e, "inspect", fmt.Errorf("%s: %w", name, err))
	}
	fmt.Fprintf(out, "%s: blob v%d, %s mode, %s bytes, valid\n", name, automaton.Version, modeName(set), counts.Group3(len(blob)))
	describeSet(out, set)
	return exitOK
}

func modeName(s *automaton.Set) string {
	if s.RFC {
		return "rfc"
	}
	return "google"
}

// describeSet writes a set's groups, agents and automata.
func describeSet(w io.Writer, s *automaton.Set) {
	fmt.Fprintf(w, "  merged groups: %s; product tokens: %s; sitemaps: %s; other records: %s\n",
		counts.Group3(len(s.Programs)), counts.Group3(len(s.Agents)), counts.Group3(len(s.Sitemaps)), counts.Group3(len(s.Records)))
	if s.Global != automaton.NoRule {
		fmt.Fprintf(w, "  *: group %d\n", s.Global)
	}
	if !runtime.FromSet(s).HasGroups() { // a page or junk served as robots.txt
		fmt.Fprintf(w, "  no group: the robots.txt had no user-agent line, and every URL is allowed\n")
	}
	agents := slices.Clone(s.Agents)
	slices.SortFunc(agents, func(a, b automaton.Agent) int { return strings.Compare(a.Token, b.Token) })
	if s.Restricted {
		fmt.Fprintf(w, "  compiled for these product tokens only (compile -agent); another's own groups may be left out\n")
	}
	for _, a := range agents {
		if a.Program == automaton.NoRule {
			fmt.Fprintf(w, "  %s: no group of its own\n", a.Token)
			continue
		}
		fmt.Fprintf(w, "  %s: group %d\n", a.Token, a.Program)
	}
	for i, p := range s.Programs {
		st := p.Stats()
		fmt.Fprintf(w, "  group %d: %s rules, %s automata, %s states, %s table bytes, %s rules scanned\n",
			i, counts.Group3(st.Rules), counts.Group3(st.Automata), counts.Group3(st.States), counts.Group3(st.TableBytes), counts.Group3(st.Scanned))
	}
}

// inspectPack validates every blob of a store (a pack) and summarises it.
func inspectPack(e *env, out io.Writer, path string, st *store.Store, verbose bool) int {
	bad, rfc, groups, dfas, states, blobBytes := 0, 0, 0, 0, 0, 0
	forTokens := map[string]int{} // restricted blobs by the tokens they were compiled for
	valid := make([]bool, st.Contents())
	sizes := make([]int, st.Contents())
	hostsOf := map[int][]string{}
	st.Each(func(key string, c int) error {
		if len(hostsOf[c]) < 4 {
			hostsOf[c] = append(hostsOf[c], key)
		}
		return nil
	})
	for i := range st.Contents() {
		b, err := st.ContentBlob(i)
		var set *automaton.Set
		if err == nil {
			set, err = automaton.Decode(b)
		}
		if err != nil {
			bad++
			fmt.Fprintf(e.stderr, "%s inspect: %s: blob %d (of %s): %v\n", commandName, path, i, strings.Join(hostsOf[i], ", "), err)
			continue
		}
		valid[i], sizes[i] = true, len(b)
		blobBytes += len(b)
		groups += len(set.Programs)
		if set.RFC {
			rfc++
		}
		if set.Restricted {
			forTokens[strings.Join(runtime.FromSet(set).CompiledTokens(), ", ")]++
		}
		for _, prog := range set.Programs {
			st := prog.Stats()
			dfas, states = dfas+st.Automata, states+st.States
		}
	}
	fmt.Fprintf(out, "%s: pack v%d, %s, %s (%s rfc mode), %s",
		path, st.Version(), count(st.Hosts(), "host"), count(st.Contents(), "distinct blob"), counts.Group3(rfc), count(st.Size(), "byte"))
	if bad == 0 {
		fmt.Fprintf(out, ", valid\n")
	} else {
		fmt.Fprintf(out, ", %s INVALID\n", count(bad, "blob"))
	}
	fmt.Fprintf(out, "  blobs: %s bytes; merged groups: %s; automata: %s; states: %s\n", counts.Group3(blobBytes), counts.Group3(groups), counts.Group3(dfas), counts.Group3(states))
	if len(forTokens) > 0 {
		n, sets := 0, make([]string, 0, len(forTokens))
		for tokens, k := range forTokens {
			n += k
			sets = append(sets, fmt.Sprintf("%s (%d)", tokens, k))
		}
		slices.Sort(sets)
		fmt.Fprintf(out, "  %s compiled for some product tokens only (compile -agent), answering no other: %s\n", count(n, "blob"), strings.Join(sets, "; "))
	}
	switch st.Version() {
	case 1:
		fmt.Fprintf(out, "  a pack of version 1 opens (read whole into memory); \"robotsdfa compile -from %s -o %s\" writes the current version, mapped and read by lookup\n", path, path)
	case 2:
		fmt.Fprintf(out, "  a store of version 2 opens as it is; \"robotsdfa compile -from %s -o %s\" writes the current version, whose small blobs decode faster at a host's first check\n", path, path)
	}
	if verbose {
		st.Each(func(key string, c int) error {
			status := "valid"
			if !valid[c] {
				status = "INVALID"
			}
			fmt.Fprintf(out, "  %s\tblob %d\t%d bytes\t%s\n", key, c, sizes[c], status)
			return nil
		})
	}
	if bad > 0 {
		return exitProblem
	}
	return exitOK
}
