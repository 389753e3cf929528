// Package counts writes counts as the command lines' summaries show
// them: digits in groups of three.
package counts

import "strconv"

// Group3 writes n with thousands separators (between digits only: a
// minus sign is no digit).
func Group3[N ~int | ~int64](n N) string {
	s := strconv.FormatInt(int64(n), 10)
	digits := 0
	if n < 0 {
		digits = 1
	}
	for i := len(s) - 3; i > digits; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
