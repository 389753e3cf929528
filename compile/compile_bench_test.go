package compile_test

import (
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
)

// BenchmarkCompileSmall: parse and compile of a typical small file.
func BenchmarkCompileSmall(b *testing.B) {
	body := []byte("User-agent: *\nDisallow: /admin/\nDisallow: /search\nAllow: /search/about\nDisallow: /*.pdf$\n\nUser-agent: googlebot\nDisallow: /private/\nSitemap: https://example.com/sitemap.xml\n")
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		compile.Compile(compile.Parse(body, compile.Options{}), compile.CompileOptions{})
	}
}
