package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/robotsdfa/robotsdfa/internal/counts"
	"github.com/robotsdfa/robotsdfa/internal/printable"
)

// progressLine shows how a filter run goes on standard error: lines done,
// input bytes read and, when the inputs' size is known, the share of it
// and an estimate of the time left. On a terminal it is one line redrawn
// four times a second; elsewhere (-progress: a log file) a line every few
// seconds. Off (the zero value's methods do nothing) with -q, or when
// standard error is not a terminal and -progress is not given.
type progressLine struct {
	lines, bytes atomic.Int64
	total        int64 // the inputs' bytes, 0 when unknown
	quit         chan struct{}
	wg           sync.WaitGroup
}

// progressEvery is how often a -progress line is written to a standard
// error that is not a terminal.
var progressEvery = 5 * time.Second

// startProgress starts the progress line: on a terminal unless quiet, or
// wherever standard error goes when forced (-progress). total is the
// inputs' size in bytes (0: unknown).
func startProgress(e *env, quiet, forced bool, total int64) *progressLine {
	p := &progressLine{total: total}
	terminal := false
	var redraw func(string) // on a terminal, writes the line's control bytes as they are
	if l, ok := e.stderr.(*lockedWriter); ok {
		raw := l.w
		if p, ok := raw.(printable.Writer); ok {
			raw = p.W
		}
		f, isFile := raw.(*os.File)
		terminal = isFile && isTerminal(f)
		redraw = func(s string) {
			l.mu.Lock()
			defer l.mu.Unlock()
			io.WriteString(raw, "\r\033[K"+s)
		}
	}
	if quiet || !terminal && !forced {
		return p
	}
	every := progressEvery
	if terminal {
		every = 250 * time.Millisecond
	}
	p.quit = make(chan struct{})
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		start := time.Now()
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			select {
			case <-p.quit:
				if terminal {
					redraw("")
				}
				return
			case now := <-tick.C:
				if terminal {
					redraw(p.line(now.Sub(start)))
				} else {
					fmt.Fprintln(e.stderr, p.line(now.Sub(start)))
				}
			}
		}
	}()
	return p
}

// line is the progress after d: "robotsdfa filter: 1,234,567 lines,
// 80.1 MB of 300.0 MB (26%), 2,468,000 lines/s, about 3s left".
func (p *progressLine) line(d time.Duration) string {
	n, b := p.lines.Load(), p.bytes.Load()
	var s strings.Builder
	fmt.Fprintf(&s, "%s filter: %s lines, %s", commandName, counts.Group3(n), megabytes(b))
	share := 0.0
	if p.total > 0 {
		share = min(float64(b)/float64(p.total), 1)
		fmt.Fprintf(&s, " of %s (%.0f%%)", megabytes(p.total), 100*share)
	}
	if d > 0 {
		fmt.Fprintf(&s, ", %s lines/s", counts.Group3(int64(float64(n)/d.Seconds())))
	}
	if share > 0.01 {
		left := time.Duration(float64(d) * (1 - share) / share)
		fmt.Fprintf(&s, ", about %s left", left.Round(time.Second))
	}
	return s.String()
}

func megabytes(b int64) string { return fmt.Sprintf("%.1f MB", float64(b)/1e6) }

func (p *progressLine) add(n int64) { p.lines.Add(n) }

// stop ends the progress line; a second stop does nothing.
func (p *progressLine) stop() {
	if p.quit != nil {
		close(p.quit)
		p.wg.Wait()
		p.quit = nil
	}
}

// countingReader counts the bytes read through it (the input's bytes as
// stored: compressed, for a compressed file) into n.
type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c countingReader) Read(b []byte) (int, error) {
	k, err := c.r.Read(b)
	c.n.Add(int64(k))
	return k, err
}
