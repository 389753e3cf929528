package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/counts"
	"github.com/robotsdfa/robotsdfa/runtime"
	"github.com/robotsdfa/robotsdfa/store"
)

// compile -from: a pack updated from an old one. The directory's hosts
// replace or add to the old pack's, the -delete list drops hosts, and the
// rest are copied as they are (store.Writer.CopyFrom: their compressed
// frames, not decompressed), so that refreshing the robots.txt of a few
// hosts of millions costs those hosts, not a full compile.

// packMode is the mode a pack's robots.txt were compiled in, known from
// its first blob (a pack is written in one mode); ok is false for a pack
// with no blob, or whose first blob does not load.
func packMode(st *store.Store) (mode compile.Mode, ok bool) {
	if st.Contents() == 0 {
		return 0, false
	}
	blob, err := st.ContentBlob(0)
	if err != nil {
		return 0, false
	}
	r, err := runtime.Load(blob)
	if err != nil {
		return 0, false
	}
	return modeOf(r), true
}

// openBase opens the pack -from names and settles the mode of the new
// one: the old pack's, which a -mode given must not contradict (one pack
// answers in one mode).
func openBase(path string, opts *compile.Options, modeSet bool) (*store.Store, error) {
	old, err := store.Open(path, store.Options{})
	if err != nil {
		return nil, packHint(err, path)
	}
	if mode, ok := packMode(old); ok {
		if modeSet && mode != opts.Mode {
			old.Close()
			return nil, fmt.Errorf("%s: its robots.txt were compiled in %s mode; -mode %s would mix two modes in one pack", path, mode, opts.Mode)
		}
		opts.Mode = mode
	}
	return old, nil
}

// readHostList reads the hosts of a -delete or fetch -hosts list (a file,
// or standard input for "-"): one a line, as filter -missing-hosts writes
// them (or URLs, which name their hosts); blank lines and lines starting
// with '#' are skipped. It returns their keys, each once, and fails on a
// line that is not a host, naming it, or whose host refuse (when not nil)
// refuses, given the key and its line's scheme ("" for none). schemes
// holds, for a key whose first line was a URL with a scheme, that scheme
// lower-cased.
func readHostList(stdin io.Reader, path string, refuse func(key, scheme string) error) (keys []string, schemes map[string]string, err error) {
	r := stdin
	if path != "-" {
		f, _, err := openRegular(path, "a list of hosts")
		if err != nil {
			return nil, nil, err
		}
		defer f.Close()
		r = f
	}
	seen := map[string]bool{}
	schemes = map[string]string{}
	sc := bufio.NewScanner(r)
	n := 1
	for ; sc.Scan(); n++ {
		line := sc.Text()
		if n == 1 { // a byte order mark, as some editors write, is no host's
			line = strings.TrimPrefix(line, "\ufeff")
		}
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		key, ok := store.Key(line)
		if !ok || strings.ContainsFunc(line, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
			return nil, nil, fmt.Errorf("%s:%d: %q is not a host", inputName(path), n, line)
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		scheme, _, ok := strings.Cut(line, "://")
		if scheme = strings.ToLower(scheme); !ok {
			scheme = ""
		}
		if refuse != nil {
			if err := refuse(key, scheme); err != nil {
				return nil, nil, fmt.Errorf("%s:%d: %w", inputName(path), n, err)
			}
		}
		keys = append(keys, key)
		if scheme != "" {
			schemes[key] = scheme
		}
	}
	if err := sc.Err(); errors.Is(err, bufio.ErrTooLong) {
		return nil, nil, fmt.Errorf("%s:%d: a line over %d KiB is not a host", inputName(path), n, bufio.MaxScanTokenSize>>10)
	} else if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", inputName(path), err)
	}
	return keys, schemes, nil
}

// packUpdate is what -from and -delete do to the pack being written.
type packUpdate struct {
	from    string
	old     *store.Store
	deletes []string // host keys
	// Counted against the old pack.
	replaced, added, deleted, absent int
}

// openUpdate opens the pack -from names and reads the -delete list (none
// when deletes is empty).
func openUpdate(e *env, from, deletes string, opts *compile.Options, modeSet bool) (*packUpdate, error) {
	u := &packUpdate{from: from}
	if deletes != "" {
		var err error
		if u.deletes, _, err = readHostList(e.stdin, deletes, nil); err != nil {
			return nil, err
		}
	}
	old, err := openBase(from, opts, modeSet)
	if err != nil {
		return nil, err
	}
	u.old = old
	return u, nil
}

// start applies the -delete list to w, before the directory's hosts (dir)
// are added: a host in both is refused, so the order says nothing. It
// counts what they do to the old pack.
func (u *packUpdate) start(w *store.Writer, dir map[string]string) error {
	for _, key := range u.deletes {
		if f, ok := dir[key]; ok {
			return fmt.Errorf("%s is both in the directory (%s) and in the -delete list", key, f)
		}
	}
	for key := range dir {
		if u.old.Has(key) {
			u.replaced++
		} else {
			u.added++
		}
	}
	for _, key := range u.deletes {
		if u.old.Has(key) {
			u.deleted++
		} else {
			u.absent++
		}
		if err := w.Delete(key); err != nil {
			return err
		}
	}
	return nil
}

// finish copies the old pack's other hosts into w.
func (u *packUpdate) finish(w *store.Writer) error {
	if err := w.CopyFrom(u.old); err != nil {
		return fmt.Errorf("copying %s: %w", u.from, err)
	}
	return nil
}

// summary says what the update did, for compile's last line.
func (u *packUpdate) summary() string {
	kept := u.old.Hosts() - u.replaced - u.deleted
	s := fmt.Sprintf("from %s (%s): %s kept, %s replaced, %s added, %s deleted", u.from, count(u.old.Hosts(), "host"),
		counts.Group3(kept), counts.Group3(u.replaced), counts.Group3(u.added), counts.Group3(u.deleted))
	if u.absent > 0 {
		verb := "were"
		if u.absent == 1 {
			verb = "was"
		}
		s += fmt.Sprintf(" (%s to delete %s not in it)", count(u.absent, "host"), verb)
	}
	return s
}

// closeBase closes the old pack, once the new one is written.
func (u *packUpdate) closeBase() { u.old.Close() }
