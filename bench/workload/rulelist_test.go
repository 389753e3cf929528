package workload

import (
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/stretchr/testify/require"
)

func TestRuleListBytes(t *testing.T) {
	body := "User-agent: a\nUser-agent: b\nDisallow: /x\nAllow: /yy\n" +
		"Sitemap: http://s\nCrawl-delay: 5\n"
	set := CompileSet([]byte(body), compile.Google)
	// Header 32; one program 8, its rules 8+2 and 8+3; tokens a and b 8+1
	// each; the sitemap 8+8; the crawl-delay record 12+11+1.
	content := 8 + 10 + 11 + 9 + 9 + 16 + 24
	require.Equal(t, 32+content, RuleListBytes(set))
	require.Equal(t, 164+content, FramedListBytes(set, 164))
}

func TestEmptyBlobBytes(t *testing.T) {
	// docs/FORMAT.md: a 24-byte header, 8 section entries of 12 bytes and
	// an 8-byte trailer; the count words of empty sections: agents 8
	// (global program and count), meta 8 (sitemaps and records), and 4
	// each for programs, rules, index, dfas and tables.
	n, err := EmptyBlobBytes()
	require.NoError(t, err)
	require.Equal(t, 24+8*12+8+8+8+5*4, n)
}
