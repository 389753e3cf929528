//go:build !amd64 || purego

package automaton

// wide is false: without the assembly (eval_skip_amd64.s), next skips with
// its word loop alone.
func (x *idleSet) wide(path []byte, i int) (int, bool) { return 0, false }
