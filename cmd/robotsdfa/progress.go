package main

import (
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// progressLine shows a live count on standard error when it is a
// terminal; otherwise it does nothing.
type progressLine struct {
	lines atomic.Int64
	quit  chan struct{}
	wg    sync.WaitGroup
}

func startProgress(e *env, quiet bool) *progressLine {
	p := &progressLine{}
	f, ok := e.stderr.(*os.File)
	if quiet || !ok || !isTerminal(f) {
		return p
	}
	p.quit = make(chan struct{})
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		start := time.Now()
		tick := time.NewTicker(250 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-p.quit:
				fmt.Fprint(f, "\r\033[K")
				return
			case now := <-tick.C:
				n := p.lines.Load()
				fmt.Fprintf(f, "\r\033[K%s filter: %s lines, %s lines/s", commandName, group3(n),
					group3(int64(float64(n)/now.Sub(start).Seconds())))
			}
		}
	}()
	return p
}

func (p *progressLine) add(n int64) { p.lines.Add(n) }

func (p *progressLine) stop() {
	if p.quit != nil {
		close(p.quit)
		p.wg.Wait()
	}
}

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
