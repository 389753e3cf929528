package main

import "strings"

// appendKey appends the key under which a URL's robots.txt is looked up
// in a -robots-dir directory or a pack, from the host and port
// runtime.Host found in url s: the host lower-cased (ASCII), and a port
// other than the scheme's default as "_port" (host:8080 is host_8080, so
// DIR/host_8080.txt).
func appendKey(dst []byte, s, host, port string) []byte {
	for i := 0; i < len(host); i++ {
		c := host[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	if port != "" && !defaultPort(s, port) {
		dst = append(append(dst, '_'), port...)
	}
	return dst
}

// defaultPort reports whether port is the default of url's scheme.
func defaultPort(url, port string) bool {
	scheme, _, found := strings.Cut(url, "://")
	if !found {
		return false
	}
	switch {
	case strings.EqualFold(scheme, "http"):
		return port == "80"
	case strings.EqualFold(scheme, "https"):
		return port == "443"
	}
	return false
}
