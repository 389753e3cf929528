package agentchain

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTokens: google (robots.cc compares the token as given): no token is
// trimmed or dropped; an empty one is refused.
func TestTokens(t *testing.T) {
	got, err := Tokens("googlebot-news, googlebot,Googlebot ")
	require.NoError(t, err)
	require.Equal(t, []string{"googlebot-news", " googlebot", "Googlebot "}, got)
	for _, chain := range []string{",", "a,", ",a", "a,,b"} {
		_, err := Tokens(chain)
		require.EqualError(t, err, `empty product token in agent "`+chain+`"`, chain)
	}
}

// TestWarnings: whitespace around a token (ASCII, U+00A0, U+3000) is told
// with the trimmed token; a token outside RFC 9309's [A-Za-z_-]+ is told,
// with the product token of a User-Agent header; a plain token is not.
func TestWarnings(t *testing.T) {
	require.Empty(t, Whitespace("googlebot"))
	require.Empty(t, Unusual("googlebot"))
	for _, tok := range []string{" googlebot", "googlebot\t", "googlebot\u00a0", "\u3000googlebot"} {
		require.Equal(t, `product token `+strconv.Quote(tok)+` has whitespace around it; it is compared as given, so groups for "googlebot" do not apply to it`,
			Whitespace(tok), "%q", tok)
	}
	require.Equal(t, `product token "bot2" is not one RFC 9309 allows ([A-Za-z_-]+); it is compared as given, and in google mode it has no group of its own (Google's parser reads a user-agent line's token as letters, '_' and '-' only: "User-agent: bot2" names "bot")`, Unusual("bot2"))
	require.Equal(t, `product token "360Spider" is not one RFC 9309 allows ([A-Za-z_-]+); it is compared as given, and in google mode it has no group of its own (Google's parser reads a user-agent line's token as letters, '_' and '-' only)`, Unusual("360Spider"))
	require.Equal(t, `product token "Googlebot/2.1" is not one RFC 9309 allows ([A-Za-z_-]+); it is compared as given, and in google mode it has no group of its own (Google's parser reads a user-agent line's token as letters, '_' and '-' only); as a User-Agent header, it names the product token "Googlebot"`,
		Unusual("Googlebot/2.1"))
}
