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
