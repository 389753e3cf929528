//go:build race

package automaton_test

// raceEnabled: the race detector makes sync.Pool drop items on purpose,
// so allocation counts are not meaningful under it.
const raceEnabled = true
