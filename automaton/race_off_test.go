//go:build !race

package automaton_test

const raceEnabled = false
