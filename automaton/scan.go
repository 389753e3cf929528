package automaton

import (
	"bytes"
	"strings"
	"unsafe"
)

// The scan tier of the fallback: wildcard rules that did not fit a DFA's
// budget are matched one by one, after the DFAs, and only while they can
// still change the leader. Matching a pattern of literal segments and '*'
// against a path is greedy: each segment at its earliest occurrence after
// the previous one (leaving the most room for the rest), the first one at
// the start, and with a final '$' the last one at the end. It takes time
// linear in the path for each segment (strings.Index), with no allocation.

// scan combines leader with the scan rules that match path.
func (p *Program) scan(leader int32, path []byte) int32 {
	if i := bytes.IndexByte(path, 0); i >= 0 && p.NULEndsPath {
		path = path[:i]
	}
	s := unsafe.String(unsafe.SliceData(path), len(path))
	for _, r := range p.Scan {
		if useful(p.Rules, r, leader) && GlobMatch(p.Rules[r].Pattern, s) {
			leader = combine(p.Rules, leader, r)
		}
	}
	return leader
}

// GlobMatch reports whether a normalised pattern matches path: '*' matches
// any run of bytes, a final '$' anchors the end, any other byte matches
// itself, and without '$' the pattern need only match a prefix of path.
func GlobMatch(pattern, path string) bool {
	anchored := strings.HasSuffix(pattern, "$")
	if anchored {
		pattern = pattern[:len(pattern)-1]
	}
	star := strings.IndexByte(pattern, '*')
	if star < 0 {
		if anchored {
			return path == pattern
		}
		return strings.HasPrefix(path, pattern)
	}
	if !strings.HasPrefix(path, pattern[:star]) {
		return false
	}
	i := star
	pattern = pattern[star+1:]
	for {
		star = strings.IndexByte(pattern, '*')
		if star < 0 {
			break
		}
		j := strings.Index(path[i:], pattern[:star])
		if j < 0 {
			return false
		}
		i += j + star
		pattern = pattern[star+1:]
	}
	if anchored {
		return len(path)-i >= len(pattern) && strings.HasSuffix(path, pattern)
	}
	return strings.Contains(path[i:], pattern)
}
