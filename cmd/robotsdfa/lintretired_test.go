package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLintRetiredRecord (google: noindex, nofollow and noarchive were
// read until 1 September 2019, and are other records since; rfc: other
// records; Yandex's host, until March 2018): lint names what says the
// same now, in any case of the key; an unknown record keeps its own
// warning.
func TestLintRetiredRecord(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("User-agent: *\nDisallow: /x\nNoindex: /drafts/\nnofollow: /a\nNOARCHIVE: /\nNoimageindex: /img\nCrawl-delay: 5\nHost: www.example.com\n"))
	for _, mode := range []string{"google", "rfc"} {
		r := robotsdfa(t, nil, "lint", "-mode", mode, "-severity", "warning", robots)
		require.Equal(t, exitFound, r.code, r.stderr)
		require.Equal(t, []string{
			robots + `:3: warning: record "Noindex" has not been read by Google since 1 September 2019, nor by any other crawler this tool knows of: a noindex robots meta tag or X-Robots-Tag header on the page keeps it out of search results (and the page must not be disallowed, or crawlers never see it)`,
			robots + `:4: warning: record "nofollow" has not been read by Google since 1 September 2019, nor by any other crawler this tool knows of: a nofollow robots meta tag or X-Robots-Tag header on the page says not to follow its links`,
			robots + `:5: warning: record "NOARCHIVE" has not been read by Google since 1 September 2019, nor by any other crawler this tool knows of: a noarchive robots meta tag or X-Robots-Tag header on the page says not to keep a cached copy`,
			robots + `:6: warning: record "Noimageindex" is not read by any crawler this tool knows of; ignored`,
			robots + `:8: warning: record "Host" has not been read by Yandex since March 2018, nor by any other crawler this tool knows of: a 301 redirect from each other mirror to the main host says which it is`,
		}, lines(r.stdout), mode)
	}
}
