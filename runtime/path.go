package runtime

import "strings"

// Path extraction (SEMANTICS 4.1), without allocating: the path is a
// substring of the URL.
//
// Skip a leading "//". If "://" occurs before the first '/', '?' or ';',
// scheme and authority end at the next '/', '?' or ';' after it; otherwise
// the path starts at the first '/', '?' or ';'. No such character: "/". A
// '#' before the path start gives "/"; otherwise the path ends at the first
// '#'. A path starting with '?' or ';' gets a '/' in front: slash reports
// that it needs one.
func urlPath(url string) (path string, slash bool) {
	path, slash = pathAndFragment(url)
	if h := strings.IndexByte(path, '#'); h >= 0 {
		path = path[:h]
	}
	return path, slash
}

// pathAndFragment is urlPath without looking for the end of the path:
// the path, possibly followed by '#' and the fragment. A program that ends
// a path at '#' (automaton.Program.EndsAtFragment) takes it as it is.
func pathAndFragment(url string) (path string, slash bool) {
	// Fast path: "scheme://authority…", as nearly every URL is. A scheme
	// holds no '/', '?', ';' or ':', so its "://" is the first one and
	// comes before any path character: the authority starts after it.
	if k := schemeEnd(url); k > 0 {
		i := authorityEnd(url, k+3)
		if i == len(url) || url[i] == '#' {
			return "/", false
		}
		return url[i:], url[i] != '/'
	}
	return urlPathGeneral(url)
}

// endsAuthority marks the bytes that end an authority: the path's first
// byte ('/', '?', ';') or a fragment's '#'.
var endsAuthority = [256]bool{'/': true, '?': true, ';': true, '#': true}

// authorityEndBytes is authorityEnd byte by byte.
func authorityEndBytes(url string, i int) int {
	for ; i < len(url) && !endsAuthority[url[i]]; i++ {
	}
	return i
}

// schemeEnd returns the length of url's scheme ([A-Za-z][A-Za-z0-9+.-]*)
// when "://" follows it, else -1.
func schemeEnd(url string) int {
	// The schemes of nearly every URL, one compare each.
	if len(url) >= 8 && url[:8] == "https://" {
		return 5
	}
	if len(url) >= 7 && url[:7] == "http://" {
		return 4
	}
	for i := 0; i < len(url); i++ {
		c := url[i]
		switch {
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':' && strings.HasPrefix(url[i:], "://"):
			return i
		default:
			return -1
		}
	}
	return -1
}

// urlPathGeneral is urlPath for any string, as SEMANTICS 4.1 words it.
func urlPathGeneral(url string) (path string, slash bool) {
	start := 0
	if strings.HasPrefix(url, "//") {
		start = 2
	}
	first := pathStart(url, start)
	from := start
	if proto := strings.Index(url[start:], "://"); proto >= 0 {
		if proto += start; first < 0 || first > proto {
			from = proto + 3
		}
	}
	ps := pathStart(url, from)
	if ps < 0 {
		return "/", false
	}
	end := len(url)
	if hash := strings.IndexByte(url[start:], '#'); hash >= 0 {
		if hash += start; hash < ps {
			return "/", false
		}
		end = hash
	}
	path = url[ps:end]
	return path, path[0] != '/'
}

func pathStart(s string, from int) int {
	for i := from; i < len(s); i++ {
		if c := s[i]; c == '/' || c == '?' || c == ';' {
			return i
		}
	}
	return -1
}
