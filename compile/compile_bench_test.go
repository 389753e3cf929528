package compile_test

import (
	"os"
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
)

// BenchmarkCompileSmall: parse and compile of a typical small file.
func BenchmarkCompileSmall(b *testing.B) {
	body := []byte("User-agent: *\nDisallow: /admin/\nDisallow: /search\nAllow: /search/about\nDisallow: /*.pdf$\n\nUser-agent: googlebot\nDisallow: /private/\nSitemap: https://example.com/sitemap.xml\n")
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		compile.Compile(body, compile.Options{})
	}
}

// BenchmarkCompileAdversarial reports build time and memory for groups
// that overflow the state budget and for the biggest real file.
func BenchmarkCompileAdversarial(b *testing.B) {
	oracle, err := os.ReadFile("../testdata/corpus/robots/docs.oracle.com__protego2019.txt")
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		body []byte
	}{
		{"stars-200", []byte(adversarialBody(200, 1))},
		{"stars-50", []byte(adversarialBody(50, 1))},
		{"docs.oracle.com", oracle},
		{"wildcard-500k", []byte(wildcardFile(500<<10, 1))},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.body)))
			b.ReportAllocs()
			dfas, scanned := 0, 0
			for i := 0; i < b.N; i++ {
				set := compile.Parse(c.body, compile.Options{}).CompileSet()
				dfas, scanned = 0, 0
				for _, p := range set.Programs {
					st := p.Stats()
					dfas += st.Automata
					scanned += st.Scanned
				}
			}
			b.ReportMetric(float64(dfas), "dfas")
			b.ReportMetric(float64(scanned), "scanned")
		})
	}
}
