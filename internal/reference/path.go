package reference

import (
	"strings"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/reference/refurl"
)

// Path returns the part of url that rules are matched against (SEMANTICS
// 4.1), normalised per mode (SEMANTICS 4.2).
//
// Skip a leading "//". If "://" occurs before the first '/', '?' or ';',
// scheme and authority end at the next '/', '?' or ';' after it; otherwise
// the path starts at the first '/', '?' or ';'. No such character: "/". A
// '#' before the path start gives "/"; otherwise the path ends at the first
// '#'. A path starting with '?' or ';' gets a '/' in front.
func Path(url string, mode compile.Mode) string {
	return refurl.Path(url, mode == compile.RFC9309)
}

// Matches reports whether a normalised pattern matches path (SEMANTICS
// 3.3, 3.4): '*' matches any run of bytes, a final '$' anchors the end, and
// otherwise the pattern need only match a prefix of the path. A pattern
// without '*' is compared as it is (the path starts with it, or, anchored,
// is it); any other is matched by a plain dynamic program over (pattern
// position, path position), quadratic and obviously right, which stops
// early once no prefix of the path is live.
func Matches(pattern, path string) bool {
	anchored := strings.HasSuffix(pattern, "$")
	if anchored {
		pattern = pattern[:len(pattern)-1]
	}
	if !strings.Contains(pattern, "*") {
		if anchored {
			return path == pattern
		}
		return strings.HasPrefix(path, pattern)
	}
	// live[j]: the pattern so far can match exactly path[:j].
	live := make([]bool, len(path)+1)
	next := make([]bool, len(path)+1)
	live[0] = true
	for i := 0; i < len(pattern); i++ {
		any := false
		if pattern[i] == '*' {
			reached := false
			for j := range live {
				reached = reached || live[j]
				next[j] = reached
			}
			any = reached
		} else {
			next[0] = false
			for j := 0; j < len(path); j++ {
				next[j+1] = live[j] && path[j] == pattern[i]
				any = any || next[j+1]
			}
		}
		if !any {
			return false
		}
		live, next = next, live
	}
	if anchored {
		return live[len(path)]
	}
	return true // some prefix of the path is matched
}
