package runtime_test

import (
	"strings"
	"sync"
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/reference"
)

// TestConcurrentChecks: both. One Robots and its matchers used by many
// goroutines at once (run under -race in CI): the same answers as the
// reference, with short paths, long ones (the pooled buffer) and RFC
// normalisation.
func TestConcurrentChecks(t *testing.T) {
	urls := []string{"http://example.com/private/x", "http://example.com/private/ok", "http://example.com?q",
		"/a.pdf", "/b?x&sort=2", "http://example.com/x", "http://example.com/" + strings.Repeat("a%41é/", 300) + "?sort=1"}
	for _, mode := range []compile.Mode{compile.Google, compile.RFC9309} {
		f := compile.Parse([]byte(allocBody), compile.Options{Mode: mode})
		r := load(t, allocBody, compile.Options{Mode: mode})
		want := map[string]bool{}
		for _, tok := range []string{"bot", "other"} {
			for _, u := range urls {
				want[tok+u] = reference.Check(f, []string{tok}, false, u).Allowed
			}
		}
		var wg sync.WaitGroup
		for g := 0; g < 8; g++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := 0; i < 200; i++ {
					tok := []string{"bot", "other"}[(g+i)%2]
					m := r.Agent(tok)
					for _, u := range urls {
						if got := m.Allowed(u); got != want[tok+u] {
							t.Errorf("%v %s %.40q: %v", mode, tok, u, got)
							return
						}
					}
				}
			}()
		}
		wg.Wait()
	}
}
