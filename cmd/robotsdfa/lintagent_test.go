package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLintAgentToken (google: a product token is the longest prefix of
// letters, '_' and '-'; rfc: the value up to a space or '/'; SEMANTICS
// 2.3): a user-agent value whose name goes on past Google's token is read
// as two crawlers, and lint says which in either mode; a version after
// '/', punctuation after the name, '*' and a token alike in both say
// nothing.
func TestLintAgentToken(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("User-agent: MJ12bot\nUser-agent: 360Spider # a comment\nUser-agent: Wget/1.6\n"+
		"User-agent: Baiduspider+\nUser-agent: Microsoft.URL.Control\nUser-agent: Яндекс\nUser-agent: * MJ12bot\nUser-agent: Googlebot-Image\nUser-agent: 008\nDisallow: /\nCrawl-delay: 10\n"))
	for _, mode := range []string{"google", "rfc"} {
		r := robotsdfa(t, nil, "lint", "-mode", mode, "-severity", "warning", robots)
		require.Equal(t, exitFound, r.code, r.stderr)
		require.Equal(t, []string{
			robots + `:1: warning: user-agent "MJ12bot" names "MJ" for Google's parser (a product token is letters, '_' and '-' only), and "MJ12bot" for RFC 9309: crawlers that read robots.txt as Google does give this group to MJ, not to MJ12bot`,
			robots + `:2: warning: user-agent "360Spider" names the empty token for Google's parser (a product token begins with a letter, '_' or '-'), and "360Spider" for RFC 9309: crawlers that read robots.txt as Google does give this group only to the empty token, which no crawler has`,
			robots + `:5: warning: user-agent "Microsoft.URL.Control" names "Microsoft" for Google's parser (a product token is letters, '_' and '-' only), and "Microsoft.URL.Control" for RFC 9309: crawlers that read robots.txt as Google does give this group to Microsoft, not to Microsoft.URL.Control`,
			robots + `:6: warning: user-agent "Яндекс" names the empty token for Google's parser (a product token begins with a letter, '_' or '-'), and "Яндекс" for RFC 9309: crawlers that read robots.txt as Google does give this group only to the empty token, which no crawler has`,
			robots + `:9: warning: user-agent "008" names the empty token for Google's parser (a product token begins with a letter, '_' or '-'), and "008" for RFC 9309: crawlers that read robots.txt as Google does give this group only to the empty token, which no crawler has`,
		}, lines(r.stdout), mode)
	}
}
