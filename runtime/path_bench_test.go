package runtime

import "testing"

var pathSink int

// BenchmarkURLPath: path extraction alone, the fast path against the
// general reading it short-cuts, on a typical URL.
func BenchmarkURLPath(b *testing.B) {
	url := "http://en.wikipedia.org/wiki/List_of_Presidents_of_the_United_States?action=history#top"
	for _, c := range []struct {
		name string
		f    func(string) (string, bool)
	}{{"fast", urlPath}, {"general", urlPathGeneral}} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				p, _ := c.f(url)
				pathSink += len(p)
			}
		})
	}
}
