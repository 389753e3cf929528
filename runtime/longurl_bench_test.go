package runtime_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
)

// BenchmarkLongURL: a 64 KiB URL against groups of each tier (one DFA;
// star-heavy rules left to the scan tier; both modes): evaluation is
// linear in the URL, fallback included. SetBytes makes the figure per
// URL byte.
func BenchmarkLongURL(b *testing.B) {
	var stars strings.Builder
	stars.WriteString("User-agent: *\n")
	for i := 0; i < 200; i++ {
		fmt.Fprintf(&stars, "Disallow: /*a*b*%c*a*b*%c*z$\n", 'a'+i%26, 'a'+(i/26)%26)
	}
	groups := map[string]string{
		"dfa":  "User-agent: *\nDisallow: /private\nAllow: /*.html$\nDisallow: /*?*sort=\nAllow: /a/\n",
		"scan": stars.String(),
	}
	url := "https://example.com/" + strings.Repeat("ab%7Ec/", (64<<10)/7)
	for _, name := range []string{"dfa", "scan"} {
		for _, mode := range []compile.Mode{compile.Google, compile.RFC9309} {
			b.Run(fmt.Sprintf("%s/%v", name, mode), func(b *testing.B) {
				m := load(b, groups[name], compile.Options{Mode: mode}).Agent("bot")
				b.SetBytes(int64(len(url)))
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					m.Allowed(url)
				}
			})
		}
	}
}
