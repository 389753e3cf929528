package main

import "fmt"

// group3 writes n with thousands separators (between digits only: a
// minus sign is no digit).
func group3[N ~int | ~int64](n N) string {
	s := fmt.Sprint(n)
	digits := 0
	if n < 0 {
		digits = 1
	}
	for i := len(s) - 3; i > digits; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// count writes n, with thousands separators, and the noun it counts:
// the singular for 1, else the plural (the singular and "s" unless
// given), so that a summary of one file does not say "1 files".
func count[N ~int | ~int64](n N, singular string, plural ...string) string {
	noun := singular
	switch {
	case n == 1:
	case len(plural) > 0:
		noun = plural[0]
	default:
		noun += "s"
	}
	return group3(n) + " " + noun
}
