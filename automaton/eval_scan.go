package automaton

import (
	"bytes"
	"slices"
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

// The scanned rules are sorted by their literal prefix, the pattern up to
// its first '*' (or '$'), so that a check compares only the rules whose
// prefix the path starts with: it narrows the sorted list byte by byte
// along the path, a trie in a sorted array, in O(prefix bytes × log rules)
// steps.

// scanPrefix is what every path a pattern matches starts with.
func scanPrefix(pattern string) string {
	if i := strings.IndexAny(pattern, "*$"); i >= 0 {
		return pattern[:i]
	}
	return pattern
}

// sortScan orders Scan by literal prefix, then rank.
func (p *Program) sortScan() {
	slices.SortFunc(p.scan, func(a, b int32) int {
		if c := strings.Compare(scanPrefix(p.rules[a].Pattern), scanPrefix(p.rules[b].Pattern)); c != 0 {
			return c
		}
		return int(a) - int(b)
	})
}

// scanSorted reports whether Scan is in the order sortScan gives (a
// decoded program's must be, for scan to find every candidate).
func (p *Program) scanSorted() bool {
	for i := 1; i < len(p.scan); i++ {
		if c := strings.Compare(p.scanPre[i-1], p.scanPre[i]); c > 0 || c == 0 && p.scan[i-1] >= p.scan[i] {
			return false
		}
	}
	return true
}

// scan combines leader with the scan rules that match path.
func (p *Program) scanLeader(leader int32, path []byte) int32 {
	if i := bytes.IndexByte(path, 0); i >= 0 && p.nulEndsPath {
		path = path[:i]
	}
	s := unsafe.String(unsafe.SliceData(path), len(path))
	pre := p.scanPre
	var has byteSet // the bytes of s, once a candidate needs them
	lo, hi := 0, len(pre)
	for k := 0; lo < hi; k++ {
		// Every prefix in [lo, hi) starts with s[:k]; those of length k
		// sort first and are the candidates.
		for ; lo < hi && len(pre[lo]) == k; lo++ {
			r := p.scan[lo]
			if !useful(p.ranks, r, leader) {
				continue
			}
			if has[0]&1 == 0 {
				has = bytesOf(s)
			}
			if p.scanNeed[lo].within(&has) && globMatch(p.scanPat[lo], s) {
				leader = combine(p.ranks, leader, r)
			}
		}
		if k == len(s) {
			break
		}
		// Narrow to the prefixes whose byte k is s[k].
		c := s[k]
		lo = searchByte(pre, lo, hi, k, c)
		if c < 0xff {
			hi = searchByte(pre, lo, hi, k, c+1)
		} else {
			hi = searchEnd(pre, lo, hi, k)
		}
	}
	return leader
}

// byteSet is a set of byte values. Bit 0 (the NUL byte) is always set, so
// that a zero set means "not computed yet": NUL never matters, as a
// pattern names no NUL in Google mode, where paths end at one, and in RFC
// mode a needed NUL is also tested by globMatch.
type byteSet [4]uint64

// bytesOf is the set of s's bytes.
func bytesOf(s string) byteSet {
	set := byteSet{1}
	for i := 0; i < len(s); i++ {
		set[s[i]>>6] |= 1 << (s[i] & 63)
	}
	return set
}

// needs is the set of bytes a path must hold for pattern to match it:
// every byte but '*' and a final '$'.
func needs(pattern string) byteSet {
	pattern = strings.TrimSuffix(pattern, "$")
	set := byteSet{1}
	for i := 0; i < len(pattern); i++ {
		if c := pattern[i]; c != '*' {
			set[c>>6] |= 1 << (c & 63)
		}
	}
	return set
}

// within reports whether every byte of n is in has.
func (n *byteSet) within(has *byteSet) bool {
	return n[0]&^has[0]|n[1]&^has[1]|n[2]&^has[2]|n[3]&^has[3] == 0
}

// searchByte returns the first i in [lo, hi) with pre[i][k] >= c, or hi;
// every pre[i] there is longer than k and sorted.
func searchByte(pre []string, lo, hi, k int, c byte) int {
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if pre[m][k] < c {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// searchEnd is searchByte for c = 256: the end of the run of 0xff bytes.
func searchEnd(pre []string, lo, hi, k int) int {
	for lo < hi && pre[lo][k] == 0xff {
		lo++
	}
	return lo
}

// globMatch reports whether a normalised pattern matches path: '*' matches
// any run of bytes, a final '$' anchors the end, any other byte matches
// itself, and without '$' the pattern need only match a prefix of path.
func globMatch(pattern, path string) bool {
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
