// Package agentchain reads a crawler's agent as robotsdfa and
// robotsdfa-beam both read it: a product token or a comma-separated
// fallback chain, each token as given, since Google's reference compares
// a token with the user-agent lines as given. It says what a user should
// be warned about; the commands print it.
package agentchain

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/runtime"
)

// Tokens splits a non-empty chain at its commas into its product tokens,
// each as given, and refuses a chain with an empty token (a doubled or an
// edge comma names nothing). The empty chain is the caller's to read.
func Tokens(chain string) ([]string, error) {
	tokens := strings.Split(chain, ",")
	for _, t := range tokens {
		if t == "" {
			return nil, fmt.Errorf("empty product token in agent %q", chain)
		}
	}
	return tokens, nil
}

// Whitespace is the warning for a token with whitespace around it, which
// the groups written for the trimmed token do not match, or "".
func Whitespace(t string) string {
	trimmed := strings.TrimFunc(t, unicode.IsSpace)
	if trimmed == t {
		return ""
	}
	return fmt.Sprintf("product token %q has whitespace around it; it is compared as given, so groups for %q do not apply to it", t, trimmed)
}

// Unusual is the warning for a token RFC 9309 does not allow (it is
// compared as given all the same), or "". In Google mode such a token
// has no group of its own in any file, since a user-agent line's token is
// letters, '_' and '-' only (SEMANTICS 2.3); the warning says so, with
// what the token names as a line, and the product token it names when it
// looks like a User-Agent header.
func Unusual(t string) string {
	if compile.ValidToken(t) {
		return ""
	}
	line, hint := "", ""
	g, p := compile.ProductToken(t, compile.Google), runtime.UserAgentToken(t)
	if p != "" && p != t {
		hint = fmt.Sprintf("; as a User-Agent header, it names the product token %q", p)
	}
	if g != "" && g != p {
		line = fmt.Sprintf(`: "User-agent: %s" names %q`, t, g)
	}
	return fmt.Sprintf("product token %q is not one RFC 9309 allows ([A-Za-z_-]+); it is compared as given, and in google mode it has no group of its own (Google's parser reads a user-agent line's token as letters, '_' and '-' only%s)%s", t, line, hint)
}
