package main

import "github.com/robotsdfa/robotsdfa/internal/counts"

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
	return counts.Group3(n) + " " + noun
}
