package compile_test

import (
	"fmt"
	"math/rand"
	"runtime"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/reference"
)

// Hostile robots.txt generators (SECURITY.md): each makes a file of about
// size bytes designed to hurt one part of the compiler.
var hostile = []struct {
	name string
	gen  func(size int) string
}{
	{"many-stars", func(size int) string { // patterns of stars and few letters
		rng := rand.New(rand.NewSource(1))
		var b strings.Builder
		b.WriteString("User-agent: *\n")
		for b.Len() < size {
			b.WriteString("Disallow: /")
			for j := 0; j < 12; j++ {
				fmt.Fprintf(&b, "*%c", 'a'+rng.Intn(3))
			}
			b.WriteString("\n")
		}
		return b.String()
	}},
	{"long-literals", func(size int) string { // few rules, each one long run
		var b strings.Builder
		b.WriteString("User-agent: *\n")
		for i := 0; b.Len() < size; i++ {
			fmt.Fprintf(&b, "Disallow: /%s%d\nAllow: /%s%d$\n", strings.Repeat("ab", 2000), i, strings.Repeat("ab", 1999), i)
		}
		return b.String()
	}},
	{"floating-runs", func(size int) string { // "*aaaa…": every position stays live
		var b strings.Builder
		b.WriteString("User-agent: *\n")
		for i := 0; b.Len() < size; i++ {
			fmt.Fprintf(&b, "Disallow: *%s%d\nAllow: /*%s\n", strings.Repeat("9", 900), i, strings.Repeat("9", 901))
		}
		return b.String()
	}},
	{"tiny-rules", func(size int) string { // 100,000 rules at 500 KB
		var b strings.Builder
		b.WriteString("User-agent: *\n")
		for i := 0; b.Len() < size; i++ {
			fmt.Fprintf(&b, "Disallow:/%x\n", i)
		}
		return b.String()
	}},
	{"one-line", func(size int) string { // one 500 KB line (Google keeps 16,663 bytes of it)
		return "User-agent: *\nDisallow: /" + strings.Repeat("*a", size/2) + "\n"
	}},
	{"many-groups", func(size int) string { // thousands of groups
		var b strings.Builder
		for i := 0; b.Len() < size; i++ {
			fmt.Fprintf(&b, "User-agent: bot%d\nDisallow: /%d/\nAllow: /%d/ok\n\n", i, i, i)
		}
		return b.String()
	}},
	{"many-agents", func(size int) string { // thousands of user-agent lines in one group
		var b strings.Builder
		for i := 0; b.Len() < size-100; i++ {
			fmt.Fprintf(&b, "User-agent: bot%c%d\n", 'a'+i%26, i)
		}
		b.WriteString("Disallow: /private\nAllow: /*.html$\n")
		return b.String()
	}},
	{"every-byte", func(size int) string { // every byte value in patterns
		rng := rand.New(rand.NewSource(2))
		var b strings.Builder
		b.WriteString("User-agent: *\n")
		for b.Len() < size {
			b.WriteString("Disallow: /")
			for j := 0; j < 20; j++ {
				c := byte(rng.Intn(256))
				if c == '\n' || c == '\r' || c == '#' {
					c = 'x'
				}
				b.WriteByte(c)
			}
			b.WriteString("\n")
		}
		return b.String()
	}},
	{"percent-escapes", func(size int) string { // deep percent-escapes, valid and not
		var b strings.Builder
		b.WriteString("User-agent: *\n")
		for i := 0; b.Len() < size; i++ {
			fmt.Fprintf(&b, "Disallow: /%s%%%02X%%zz%%7e%%2A%%24*%d$\n", strings.Repeat("%25", 30), i%256, i)
		}
		return b.String()
	}},
}

// maxAllocPerByte is the documented bound (SECURITY.md) on bytes allocated
// per byte of robots.txt while parsing, compiling and serialising.
const maxAllocPerByte = 600

// hostileSizes are the sizes benchmarked: each generator is measured at
// 64 KiB and at the 500 KiB read limit, so growth shows.
var hostileSizes = []int{64 << 10, compile.DefaultMaxBytes}

// BenchmarkHostile reports parse + compile + serialise time and bytes
// allocated (an upper bound of the peak heap) per hostile file, in both
// modes.
func BenchmarkHostile(b *testing.B) {
	for _, h := range hostile {
		for _, size := range hostileSizes {
			body := []byte(h.gen(size))
			for _, mode := range []compile.Mode{compile.Google, compile.RFC9309} {
				b.Run(fmt.Sprintf("%s/%dKiB/%v", h.name, size>>10, mode), func(b *testing.B) {
					b.SetBytes(int64(len(body)))
					b.ReportAllocs()
					for i := 0; i < b.N; i++ {
						set := compile.Parse(body, compile.Options{Mode: mode}).CompileSet()
						if _, err := set.AppendBinary(nil); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}

// TestHostileLinear: both. Bytes allocated compiling each hostile file
// stay under a linear bound, maxAllocPerByte per input byte, at 64 KiB
// and at 500 KiB (a bound that holds at both sizes, with the budgets'
// constant costs inside it), and the compiled files answer as the
// reference does. Allocation is deterministic, so this is not a timed
// test.
func TestHostileLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles 500 KiB files")
	}
	for _, h := range hostile {
		var allocated [2]uint64
		for i, size := range hostileSizes {
			body := []byte(h.gen(size))
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			f := compile.Parse(body, compile.Options{})
			set := f.CompileSet()
			blob, err := set.AppendBinary(nil)
			runtime.ReadMemStats(&after)
			if err != nil {
				t.Fatal(err)
			}
			allocated[i] = after.TotalAlloc - before.TotalAlloc
			t.Logf("%s %d KiB: %d bytes allocated, blob %d bytes", h.name, size>>10, allocated[i], len(blob))
			if i == 0 {
				for _, path := range []string{"/", "/a", "/private", "/bot1/ok", "/" + strings.Repeat("ab", 100), "/%25%25x"} {
					want := reference.Check(f, []string{"bot1"}, false, path)
					b, _ := set.Bind([]string{"bot1"}, false, true)
					ok, _, _, _ := b.Check([]byte(path))
					if ok != want.Allowed {
						t.Errorf("%s: %q: %v, reference %v", h.name, path, ok, want.Allowed)
					}
				}
			}
		}
		for i, size := range hostileSizes {
			if per := allocated[i] / uint64(size); per > maxAllocPerByte {
				t.Errorf("%s %d KiB: %d bytes allocated per input byte, over %d", h.name, size>>10, per, maxAllocPerByte)
			}
		}
	}
}
