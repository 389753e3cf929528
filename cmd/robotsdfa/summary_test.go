package main

import (
	"bytes"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestSummaryRate: the summary's rate of a run of under a line a second
// (URLs typed at a terminal) is not rounded to 0; a run's usual rate is a
// whole number, grouped.
func TestSummaryRate(t *testing.T) {
	for _, c := range []struct {
		lines int64
		d     time.Duration
		want  string
	}{
		{2, 5 * time.Second, "robotsdfa filter: 2 lines in 5.00s (0.4 lines/s): 2 allowed, 0 disallowed, 0 unusable\n"},
		{1, 30 * time.Second, "robotsdfa filter: 1 line in 30.00s (0.033 lines/s): 1 allowed, 0 disallowed, 0 unusable\n"},
		{0, time.Second, "robotsdfa filter: 0 lines in 1.00s (0 lines/s): 0 allowed, 0 disallowed, 0 unusable\n"},
		{26_199, 320 * time.Millisecond, "robotsdfa filter: 26,199 lines in 0.32s (81,871 lines/s): 26,199 allowed, 0 disallowed, 0 unusable\n"},
	} {
		var b bytes.Buffer
		summary(&env{stderr: &b}, totals{lines: c.lines, allowed: c.lines}, hostStats{single: true}, "allow", false, c.d)
		require.Equal(t, c.want, b.String())
	}
}
