//go:build !purego

package automaton

// wide is next sixteen bytes at a time (skipSSE2), for a path of at least
// 16 bytes: the index, and true; else false.
func (x *idleSet) wide(path []byte, i int) (int, bool) {
	if len(path) < 16 {
		return 0, false
	}
	return skipSSE2(path, i, x), true
}

// skipSSE2 is idleSet.next sixteen bytes at a time, in assembly
// (eval_skip_amd64.s), for a path of at least 16 bytes and 0 <= i.
//
//go:noescape
func skipSSE2(path []byte, i int, x *idleSet) int
