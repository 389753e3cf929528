package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSitemapProblem (google: Google's robots.txt page, "sitemap:
// [absoluteURL]", a fully-qualified URL with scheme and host): the shapes
// of the corpus's sitemap lines that name no sitemap, and full URLs,
// which are left alone.
func TestSitemapProblem(t *testing.T) {
	for _, v := range []string{
		"https://example.com/sitemap.xml",
		"HTTP://Example.COM/sitemap.xml",
		"https://ja.example.org/テスト-サイトマップ.xml",
		"https://cdn.example.org/other-sitemap.xml?page=2",
		"https://example.com",
		"ftp://example.com/sitemap.xml",
		"https://example.com/%zz", // not percent-encoded: Google's page allows that
		"https://user@example.com:8080/s.xml",
	} {
		require.Empty(t, sitemapProblem(v), v)
	}
	require.Equal(t, "sitemap line without a URL", sitemapProblem(""))
	for _, v := range []string{
		"/sitemap.xml",
		"sitemap.xml?page=1",
		"//www.example.com/sitemap.xml",
		"www.example.com/sitemap.xml",
		"https:/example.com/sitemap.xml",
		"https:///sitemap.xml",
		"http:///sitemap.xml",
		"\u00a0https://example.com/sitemap.xml",
		"{{siteUrl}}/sitemap.xml",
		"https://{VAR URL}/sitemap.xml",
		"1https://example.com/sitemap.xml",
		"://example.com/sitemap.xml",
		"https://:80/sitemap.xml",
	} {
		require.Contains(t, sitemapProblem(v), "is not a full URL: Google reads a sitemap only by its full URL", v)
	}
}

// TestLintSitemapURL: lint reports such a line as a warning, code
// "sitemap-url", in both modes.
func TestLintSitemapURL(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("user-agent: *\ndisallow: /x\nsitemap: /sitemap.xml\nsitemap: https://example.com/s.xml\nsitemap:\n"))
	for _, mode := range []string{"google", "rfc"} {
		r := robotsdfa(t, nil, "lint", "-mode", mode, robots)
		require.Equal(t, exitFound, r.code, r.stderr)
		require.Equal(t, []string{
			robots + ":1: note: '*' (every crawler no group names) gets the group(s) at line(s) 1: 1 rule(s) merged",
			robots + `:3: warning: sitemap "/sitemap.xml" is not a full URL: Google reads a sitemap only by its full URL, scheme and host included (such as https://example.com/sitemap.xml)`,
			robots + ":5: warning: sitemap line without a URL",
		}, lines(r.stdout), mode)
	}
	r := robotsdfa(t, nil, "lint", "-json", robots)
	var doc struct {
		Files []lintReport `json:"files"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc))
	var codes []string
	for _, d := range doc.Files[0].Diagnostics {
		codes = append(codes, d.Code)
	}
	require.Equal(t, []string{"groups", "sitemap-url", "sitemap-url"}, codes)
}
