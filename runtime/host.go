package runtime

import "strings"

// Host returns the host and port of an absolute URL as they are written
// (not lower-cased, no default port folded), by the same reading of the URL
// that Check uses to find the path (SEMANTICS 4.1): the authority follows
// "://" (or a leading "//") and ends at the first '/', '?', ';' or '#';
// userinfo up to the last '@' is dropped; an IPv6 literal keeps its
// brackets, and is followed by a port or nothing ("[::1]x" is a host of
// its own, no literal). ok is false when the URL has no authority or its
// host is empty. Host does not allocate: host and port are substrings of
// url.
//
// Batch tools use it to pick each URL's robots.txt; a crawler that already
// holds a parsed URL should use its own host.
func Host(url string) (host, port string, ok bool) {
	from := -1
	if strings.HasPrefix(url, "//") {
		from = 2
	} else if proto := strings.Index(url, "://"); proto >= 0 {
		if first := pathStart(url, 0); first < 0 || first > proto {
			from = proto + 3
		}
	}
	if from < 0 {
		return "", "", false
	}
	auth := url[from:authorityEnd(url, from)]
	if at := strings.LastIndexByte(auth, '@'); at >= 0 {
		auth = auth[at+1:]
	}
	host = auth
	if strings.HasPrefix(auth, "[") {
		// A port, or nothing, follows the closing bracket; else the host
		// is all of it, which is no IP literal ("[::1]x").
		if rb := strings.IndexByte(auth, ']'); rb >= 0 {
			if rest := auth[rb+1:]; rest == "" || rest[0] == ':' {
				host = auth[:rb+1]
				port = strings.TrimPrefix(rest, ":")
			}
		}
	} else if colon := strings.LastIndexByte(auth, ':'); colon >= 0 {
		host, port = auth[:colon], auth[colon+1:]
	}
	if host == "" {
		return "", "", false
	}
	return host, port, true
}
