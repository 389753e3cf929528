package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLintSplitURL (google: a key ends at the first colon, and a key that
// begins with "disallow" or "sitemap" is read as one; rfc: such a key is
// no key RFC 9309 knows): a rule or a sitemap with a space for its colon
// and a URL after it is named with what each mode reads, and the path or
// the sitemap line meant. A key variant with no URL after it, another
// scheme, or another record keeps its own warning.
func TestLintSplitURL(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("User-agent: *\nDisallow https://example.com/private\nAllow\thttp://example.com?q\n"+
		"sitemap HTTPS://example.com/s.xml\nDisallow https:/x\nDisallowhttps://x/y\nDisallow ftp://example.com/a\nCrawl-delay http://5\nDisallow  https://example.com/b/\n"))
	split := []string{
		robots + `:2: warning: "Disallow https://example.com/private" is cut at the URL's colon: Google reads the key "Disallow https" as disallow, with the pattern "//example.com/private", which only a path that begins with "//" matches; RFC 9309 ignores the line (write Disallow: /private, its path)`,
		robots + `:3: warning: "Allow\thttp://example.com?q" is cut at the URL's colon: Google reads the key "Allow\thttp" as allow, with the pattern "//example.com?q", which only a path that begins with "//" matches; RFC 9309 ignores the line (write Allow: /?q, its path)`,
		robots + `:4: warning: "sitemap HTTPS://example.com/s.xml" is cut at the URL's colon: Google reads the key "sitemap HTTPS" as sitemap, with the sitemap "//example.com/s.xml", not a full URL; RFC 9309 ignores the line (write Sitemap: HTTPS://example.com/s.xml)`,
	}
	last := robots + `:9: warning: "Disallow  https://example.com/b/" is cut at the URL's colon: Google reads the key "Disallow  https" as disallow, with the pattern "//example.com/b/", which only a path that begins with "//" matches; RFC 9309 ignores the line (write Disallow: /b/, its path)`
	for mode, rest := range map[string][]string{
		"google": {
			robots + `:5: warning: key "Disallow https" is read as "disallow" (Google accepts this spelling; RFC 9309 does not)`,
			robots + `:6: warning: key "Disallowhttps" is read as "disallow" (Google accepts this spelling; RFC 9309 does not)`,
			robots + `:7: warning: key "Disallow ftp" is read as "disallow" (Google accepts this spelling; RFC 9309 does not)`,
			robots + `:8: warning: record "Crawl-delay http" is not read by any crawler this tool knows of; ignored`,
		},
		"rfc": {
			robots + `:5: warning: key "Disallow https" is not RFC 9309's and is ignored here, but Google reads the line as disallow`,
			robots + `:6: warning: key "Disallowhttps" is not RFC 9309's and is ignored here, but Google reads the line as disallow`,
			robots + `:7: warning: key "Disallow ftp" is not RFC 9309's and is ignored here, but Google reads the line as disallow`,
			robots + `:8: warning: record "Crawl-delay http" is not read by any crawler this tool knows of; ignored`,
		},
	} {
		r := robotsdfa(t, nil, "lint", "-mode", mode, "-severity", "warning", robots)
		require.Equal(t, exitFound, r.code, r.stderr)
		require.Equal(t, append(append(split[:len(split):len(split)], rest...), last), lines(r.stdout), mode)
	}
}
