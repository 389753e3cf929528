package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"sort"
	"syscall"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/fetch"
	"github.com/robotsdfa/robotsdfa/internal/counts"
	"github.com/robotsdfa/robotsdfa/runtime"
	"github.com/robotsdfa/robotsdfa/store"
)

// fetch -hosts: the robots.txt of many hosts fetched into a pack, the step
// between "filter -missing-hosts" (the hosts a pack lacks) and "filter
// -pack". Each host's robots.txt is fetched once, as the fetch layer
// fetches (RFC 9309 2.3 and 2.4), at scheme://host/robots.txt: a host key
// names a host, not an origin, so the scheme is the run's, or that of the
// URL that named the host in the list.

// fetchHostsJob is what fetch -hosts was asked.
type fetchHostsJob struct {
	hosts, out, from, scheme, unreachable string
	cache                                 string // -cache's directory, if any
	workers                               int
	modeSet                               bool
}

// fetched is one host's fetch.
type fetched struct {
	robots  *runtime.Robots
	outcome fetch.Outcome
	err     error
}

// fetchBatch is how many hosts are fetched before their blobs are added:
// the pack's order is the sorted hosts', whatever order fetches end in,
// and no more than a batch of robots.txt is held.
const fetchBatch = 256

func runFetchHosts(e *env, c *fetch.Client, job fetchHostsJob, get func(context.Context, string) (*runtime.Robots, fetch.Outcome, error)) int {
	if job.unreachable != "" {
		if err := writableAtEnd("-unreachable", job.unreachable, false); err != nil {
			return fail(e, "fetch", err)
		}
	}
	// Each host's robots.txt URL: the scheme of the URL that named it in
	// the list, else the run's. A scheme fetch does not speak (a line
	// "ftp://host/") is refused before any request, naming its line, as a
	// line that is not a host is; so would be a key that makes no origin,
	// which FuzzOriginOf holds none does.
	robotsURL := map[string]string{}
	keys, schemes, err := readHostList(e.stdin, job.hosts, func(key, scheme string) error {
		if scheme == "" {
			scheme = job.scheme
		}
		u := scheme + "://" + key + "/"
		if _, err := fetch.OriginOf(u); err != nil {
			return fmt.Errorf("%s names no origin: %w", u, err)
		}
		robotsURL[key] = u
		return nil
	})
	if err != nil {
		return fail(e, "fetch", err)
	}
	sort.Strings(keys)
	var u *packUpdate
	if job.from != "" {
		opts := compile.Options{Mode: c.Mode}
		if u, err = openUpdate(e, job.from, "", &opts, job.modeSet); err != nil {
			return fail(e, "fetch", err)
		}
		defer u.closeBase()
		c.Mode = opts.Mode // the old pack's: one pack answers in one mode
	}
	w, err := store.Create(job.out)
	if err != nil {
		return fail(e, "fetch", err)
	}
	w.MaxBlobBytes = maxBlobBytes
	// SIGINT or SIGTERM: the fetches in flight end, and no pack is
	// written (a pack is written whole or not at all).
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer releaseSignals(stop)
	out := bufio.NewWriter(e.stdout)
	var unreachable []string
	added, allowAll, tooLarge, noGroups := 0, 0, 0, 0
	results := make([]fetched, fetchBatch)
	for lo := 0; lo < len(keys); lo += fetchBatch {
		batch := keys[lo:min(lo+fetchBatch, len(keys))]
		<-inParallel(0, len(batch), job.workers, func(i int) {
			r, o, err := get(ctx, robotsURL[batch[i]])
			results[i] = fetched{r, o, err}
		})
		if ctx.Err() != nil {
			w.Abort()
			out.Flush()
			kept := "a run again fetches them again (-cache DIR would keep them)"
			if job.cache != "" {
				kept = fmt.Sprintf("those fetched are kept in %s, where a run again with -cache %s takes them from", job.cache, job.cache)
			}
			fmt.Fprintf(e.stderr, "%s fetch: interrupted: no pack written (%s of %s fetched); %s\n", commandName, counts.Group3(lo), count(len(keys), "host"), kept)
			return 130
		}
		for i, key := range batch {
			f := results[i]
			results[i] = fetched{}
			// Get fails only for a URL with no origin (refused above) or
			// a context that ended (returned above).
			err := f.err
			if err == nil && f.outcome.Rules == "disallow all" {
				// Unreachable with no copy: what applies now, not what the
				// host serves; left out, to be fetched again.
				if _, ok := schemes[key]; ok {
					// Listed again as its URL, so that a run on the list
					// fetches it at the same scheme.
					unreachable = append(unreachable, robotsURL[key])
				} else {
					unreachable = append(unreachable, key)
				}
				fmt.Fprintf(out, "%s\tnot added\t%s\n", key, f.outcome)
				continue
			}
			var blob []byte
			if err == nil {
				blob, err = f.robots.AppendBinary(nil)
			}
			if err == nil {
				err = w.Add(key, blob)
			}
			if errors.Is(err, store.ErrTooLarge) {
				// What the origin serves (with a -max-bytes over the
				// default), not a fault of the pack: left out, as one
				// unreachable is, not to be fetched again.
				tooLarge++
				fmt.Fprintf(out, "%s\tnot added\t%s; its robots.txt %v\n", key, f.outcome, blobTooLarge(len(blob)))
				continue
			}
			if err != nil {
				w.Abort()
				out.Flush()
				return fail(e, "fetch", fmt.Errorf("%s: %w", key, err))
			}
			added++
			if f.outcome.Rules == "allow all" {
				allowAll++
			}
			page := ""
			if f.outcome.Rules == "robots.txt" && !f.robots.HasGroups() {
				noGroups++
				page = ", no user-agent line: every URL allowed (a web page served as robots.txt?)"
			}
			fmt.Fprintf(out, "%s\tadded\t%s%s\n", key, f.outcome, page)
		}
	}
	if u != nil {
		if err := u.finish(w); err != nil {
			w.Abort()
			out.Flush()
			return fail(e, "fetch", err)
		}
	}
	total := w.Hosts()
	if err := w.Close(); err != nil {
		out.Flush()
		return fail(e, "fetch", err)
	}
	if err := out.Flush(); err != nil {
		return fail(e, "fetch", err)
	}
	if job.unreachable != "" {
		put := func() error { return writeLines(job.unreachable, unreachable) }
		if job.unreachable == "-" {
			put = func() error { return putLines(e.stdout, unreachable) }
		}
		if err := put(); err != nil {
			return fail(e, "fetch", err)
		}
	}
	kept := ""
	if u != nil {
		kept = fmt.Sprintf(", the other %s of %s's kept", counts.Group3(total-added), job.from)
	}
	allow := fmt.Sprintf("%s of them allow all: no robots.txt", counts.Group3(allowAll))
	if noGroups > 0 {
		allow += fmt.Sprintf("; %s with no user-agent line in theirs: every URL allowed", counts.Group3(noGroups))
	}
	large := ""
	if tooLarge > 0 {
		large = fmt.Sprintf(", %s too large (not added)", counts.Group3(tooLarge))
	}
	fmt.Fprintf(e.stderr, "%s fetch: %s: %s added (%s), %s unreachable (not added)%s → %s: %s%s\n",
		commandName, count(len(keys), "host"), counts.Group3(added), allow, counts.Group3(len(unreachable)), large, job.out, count(total, "host"), kept)
	return exitOK
}
