//go:build !purego

package runtime

// authorityEnd returns the index of the first byte of url at or after i
// that ends an authority ('/', '?', ';' or '#'), or len(url): sixteen
// bytes at a time (authorityEndSSE2) for a URL of 16 bytes or more.
func authorityEnd(url string, i int) int {
	if len(url) < 16 {
		return authorityEndBytes(url, i)
	}
	return authorityEndSSE2(url, i)
}

// authorityEndSSE2 is authorityEnd in assembly (authority_amd64.s), for
// a url of at least 16 bytes and 0 <= i.
//
//go:noescape
func authorityEndSSE2(url string, i int) int
