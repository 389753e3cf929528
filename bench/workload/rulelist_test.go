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
	require.Equal(t, 32+8+10+11+9+9+16+24, RuleListBytes(set))
}
