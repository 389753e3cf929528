//go:build !amd64 || purego

package runtime

// authorityEnd returns the index of the first byte of url at or after i
// that ends an authority ('/', '?', ';' or '#'), or len(url).
func authorityEnd(url string, i int) int { return authorityEndBytes(url, i) }
