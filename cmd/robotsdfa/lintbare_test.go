package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLintBareURL (google, rfc: a line is a key, a colon and a value; a
// URL alone is read with its scheme as the key, which no crawler knows):
// lint names the URL, and asks for "Sitemap:" before one that names a
// sitemap; other unknown records keep their own warning.
func TestLintBareURL(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("user-agent: *\ndisallow: /x\nhttps://example.com/sitemap.xml # by a plugin\n"+
		"  HTTP://example.com/private/\nftp://example.com/sitemap.xml\nhttps:example.com/sitemap.xml\nhttps://example.com/Sitemap_Index.xml\n"))
	for _, mode := range []string{"google", "rfc"} {
		r := robotsdfa(t, nil, "lint", "-mode", mode, "-severity", "warning", robots)
		require.Equal(t, exitFound, r.code, r.stderr)
		require.Equal(t, []string{
			robots + `:3: warning: "https://example.com/sitemap.xml" alone on a line is not a record: crawlers ignore it (write Sitemap: https://example.com/sitemap.xml for crawlers to find the sitemap)`,
			robots + `:4: warning: "HTTP://example.com/private/" alone on a line is not a record: crawlers ignore it (give it a key, such as Sitemap: or Disallow: with its path)`,
			robots + `:5: warning: record "ftp" is not read by any crawler this tool knows of; ignored`,
			robots + `:6: warning: record "https" is not read by any crawler this tool knows of; ignored`,
			robots + `:7: warning: "https://example.com/Sitemap_Index.xml" alone on a line is not a record: crawlers ignore it (write Sitemap: https://example.com/Sitemap_Index.xml for crawlers to find the sitemap)`,
		}, lines(r.stdout), mode)
	}
}

// TestLintBarePath (google, rfc: a rule is a key, a colon and a path; a
// path alone on a line is not a "key: value" line, or with a colon in it
// an unknown record, and is ignored): lint names the path and the keys it
// needs, where it says only that the line is not a "key: value" line of
// other text.
func TestLintBarePath(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("user-agent: *\ndisallow:\n/search-results\n  /category/*?id=  # old pages\r\n"+
		"plugins/\n/a b c\n/old:page\n/**\n/wiki/Special:Search # MediaWiki\n/a: b\n"))
	for _, mode := range []string{"google", "rfc"} {
		r := robotsdfa(t, nil, "lint", "-mode", mode, "-severity", "warning", robots)
		require.Equal(t, exitFound, r.code, r.stderr)
		require.Equal(t, []string{
			robots + `:3: warning: "/search-results" alone on a line is not a rule: crawlers ignore it (each rule needs its key: write Disallow: /search-results, or Allow: /search-results)`,
			robots + `:4: warning: "/category/*?id=" alone on a line is not a rule: crawlers ignore it (each rule needs its key: write Disallow: /category/*?id=, or Allow: /category/*?id=)`,
			robots + `:5: warning: not a "key: value" line; ignored`,
			robots + `:6: warning: not a "key: value" line; ignored`,
			robots + `:7: warning: "/old:page" alone on a line is not a rule: crawlers ignore it (each rule needs its key: write Disallow: /old:page, or Allow: /old:page)`,
			robots + `:8: warning: not a "key: value" line; ignored`,
			robots + `:9: warning: "/wiki/Special:Search" alone on a line is not a rule: crawlers ignore it (each rule needs its key: write Disallow: /wiki/Special:Search, or Allow: /wiki/Special:Search)`,
			robots + `:10: warning: record "/a" is not read by any crawler this tool knows of; ignored`,
		}, lines(r.stdout), mode)
	}
}
