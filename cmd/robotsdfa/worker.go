package main

import (
	"bytes"
	"fmt"
	"sync/atomic"
	"unsafe"

	"github.com/robotsdfa/robotsdfa/internal/frontier"
)

// worker checks the lines of chunks. Each worker keeps its own host →
// target map in front of the shared one, so a host costs one map lookup
// per URL and no lock.
type worker struct {
	src   source
	ff    *filterFlags
	local map[string]*target
	key   []byte
	// For a store source (storehosts.go): scratch is the target it
	// answers in when local may not keep it; missing the keys of the
	// hosts without a robots.txt it met first (for -missing-hosts);
	// evictions the store's count at the chunk's start, and calm whether
	// local serves the chunk.
	scratch   target
	missing   keyList
	evictions int64
	calm      bool
	misses    int // the store's, counted for adapt
	// cur is the target of prevKey, the last host key (empty before the
	// first: no key is), and prevPrefix the last URL's bytes that decided
	// it (runtime.AppendHostKeyPrefix; empty when none did, which
	// runtime.HasHostPrefix never takes).
	cur        *target
	prevKey    []byte
	prevPrefix []byte
	// shown is set by the writer once it has shown on standard error
	// every unusable line it will show: past it, a report is a count.
	shown *atomic.Bool
}

func (wk *worker) process(c *chunk) {
	c.out = getBuf()
	if s, ok := wk.src.(*storeSource); ok {
		s.startChunk(wk)
	}
	if c.overlong > 0 {
		if c.skip > 0 {
			c.skipped = 1
			return
		}
		c.lines = 1
		wk.overlong(c, 0, c.data, c.overlong)
		return
	}
	data := c.data
	for rel := 0; len(data) > 0; rel++ {
		var line []byte
		if nl := bytes.IndexByte(data, '\n'); nl >= 0 {
			line, data = data[:nl], data[nl+1:]
		} else {
			line, data = data, nil
		}
		if rel < c.skip {
			c.skipped++
			if wk.ff.relist {
				wk.relist(line)
			}
			continue
		}
		if n := len(line); n > 0 && line[n-1] == '\r' {
			line = line[:n-1]
		}
		c.lines++
		if len(line) > wk.ff.maxLine {
			wk.overlong(c, rel, line[:shownPrefix], int64(len(line)))
			continue
		}
		wk.check(c, rel, line)
	}
}

func (wk *worker) check(c *chunk, rel int, line []byte) {
	u := line
	if wk.ff.field > 0 {
		var ok bool
		if u, ok = frontier.Field(line, wk.ff.field); !ok {
			if !wk.reporting() {
				wk.unreported(c, false)
				return
			}
			wk.unusable(c, rel, line, frontier.NoField(line, wk.ff.field), false)
			return
		}
	}
	url := unsafe.String(unsafe.SliceData(u), len(u))
	t := wk.target(url)
	if t == nil {
		if !wk.reporting() {
			wk.unreported(c, false)
			return
		}
		wk.unusable(c, rel, line, frontier.Problem(u, wk.src.needHost()), false)
		return
	}
	if t.problem != "" {
		wk.unusable(c, rel, line, t.problem, true)
		return
	}
	if t.missing {
		wk.emit(c, line, wk.ff.missing == "allow", "no robots.txt")
		return
	}
	if !wk.ff.explain {
		wk.emit(c, line, t.m.Allowed(url), "")
		return
	}
	res := t.m.Check(url)
	wk.emit(c, line, res.Allowed, decidingLine(t.file, res))
}

// emit counts a verdict and writes its line as the flags ask: the URL
// when allowed; with -verdicts "allowed" or "disallowed", a tab and the
// URL; with -explain why, as a third field.
func (wk *worker) emit(c *chunk, line []byte, allowed bool, why string) {
	if allowed {
		c.allowed++
	} else {
		c.disallowed++
	}
	switch {
	case wk.ff.verdicts && allowed:
		c.out = append(c.out, "allowed\t"...)
	case wk.ff.verdicts:
		c.out = append(c.out, "disallowed\t"...)
	case !allowed:
		return
	}
	c.out = append(c.out, line...)
	if wk.ff.explain {
		c.out = append(append(c.out, '\t'), why...)
	}
	c.out = append(c.out, '\n')
}

// target finds a URL's target, nil for a line that is not a usable URL
// (urlProblem says why).
func (wk *worker) target(url string) *target {
	if !frontier.Plain(url) {
		return nil
	}
	return wk.src.target(url, wk)
}

// relist looks the host of a line -skip passes over up, so that the
// hosts without a robots.txt of the lines a killed run did, which it never
// listed, are listed by -resume's run; nothing is checked, counted as a
// line, written or reported.
func (wk *worker) relist(line []byte) {
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	if len(line) > wk.ff.maxLine {
		return
	}
	u := line
	if wk.ff.field > 0 {
		var ok bool
		if u, ok = frontier.Field(line, wk.ff.field); !ok {
			return
		}
	}
	wk.target(unsafe.String(unsafe.SliceData(u), len(u)))
}

// overlong records a line longer than -max-line, of which prefix is the
// start.
func (wk *worker) overlong(c *chunk, rel int, prefix []byte, n int64) {
	if !wk.reporting() {
		wk.unreported(c, true)
		return
	}
	why := fmt.Sprintf("line of %d bytes, longer than -max-line %d", n, wk.ff.maxLine)
	wk.report(c, rel, append(frontier.AppendEscaped(nil, prefix), "..."...), why, true)
}

// unusable records a line that could not be checked.
func (wk *worker) unusable(c *chunk, rel int, line []byte, why string, problem bool) {
	if !wk.reporting() {
		wk.unreported(c, problem)
		return
	}
	wk.report(c, rel, frontier.AppendEscaped(nil, line), why, problem)
}

// reporting reports whether an unusable line's text is still wanted: in
// place with -verdicts, or on standard error until the writer has shown
// its first maxReported (never with -q): escaping lines no one reads cost
// a frontier with many of them about 5% of its CPU (docs/PERFORMANCE.md,
// "filter: the per-line work left").
func (wk *worker) reporting() bool {
	return wk.ff.verdicts || !wk.ff.quiet && !wk.shown.Load()
}

// unreported counts an unusable line whose report no one will read.
func (wk *worker) unreported(c *chunk, problem bool) {
	c.unusable++
	c.unshown++
	c.problem = c.problem || problem
}

// report writes an unusable line in place (-verdicts) or keeps it for
// standard error.
func (wk *worker) report(c *chunk, rel int, text []byte, why string, problem bool) {
	c.unusable++
	c.problem = c.problem || problem
	if wk.ff.verdicts {
		c.out = append(c.out, "error\t"...)
		c.out = append(c.out, text...)
		c.out = append(append(append(c.out, '\t'), why...), '\n')
		return
	}
	if len(text) > shownPrefix {
		text = append(text[:shownPrefix], "..."...)
	}
	c.errs = append(c.errs, lineError{rel: rel, text: text, reason: why})
}
