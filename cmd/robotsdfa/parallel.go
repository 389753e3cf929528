package main

import "sync"

// inParallel calls do(i) for every i in [lo, hi) on up to workers
// goroutines, and closes the channel it returns once every call has
// returned: compile -robots-dir and fetch -hosts work through their
// files and hosts a batch at a time so.
func inParallel(lo, hi, workers int, do func(i int)) <-chan struct{} {
	done := make(chan struct{})
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(workers, hi-lo) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				do(i)
			}
		}()
	}
	go func() {
		for i := lo; i < hi; i++ {
			next <- i
		}
		close(next)
		wg.Wait()
		close(done)
	}()
	return done
}
