package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// -max-bytes is a number of bytes, at least 1, or -1 for all: 0, which
// the library reads as its default (512,000), and another negative, which
// it reads as all, are slips on a command line, refused rather than read
// as something else.
func TestMaxBytesRefused(t *testing.T) {
	robots := writeTemp(t, "robots.txt", []byte("User-agent: *\nDisallow: /\n"))
	for _, n := range []string{"0", "-2", "1k"} {
		for _, args := range [][]string{
			{"check", "-max-bytes", n, robots, "bot", "/"},
			{"filter", "-robots", robots, "-agent", "bot", "-max-bytes", n},
			{"fetch", "-max-bytes", n, "http://127.0.0.1:1/"},
		} {
			r := robotsdfa(t, nil, args...)
			require.Equal(t, exitProblem, r.code, "%q", args)
			require.Contains(t, r.stderr, `invalid value "`+n+`" for flag -max-bytes: want a number of bytes, at least 1, or -1 for all`, "%q", args)
			require.Empty(t, r.stdout, "%q", args)
		}
	}
	r := robotsdfa(t, nil, "check", "-max-bytes", "-1", robots, "bot", "/")
	require.Equal(t, []any{exitFound, "disallowed\t/\n"}, []any{r.code, r.stdout}, r.stderr)
}

// A duration flag is above 0: fetch's and records' -timeout of 0 or less
// would be the library's 30 s default, bench's -time one run of each
// workload. Refused, naming the flag, before anything is read or fetched.
func TestDurationsRefused(t *testing.T) {
	for _, args := range [][]string{
		{"fetch", "-timeout", "0", "http://127.0.0.1:1/"},
		{"records", "-timeout", "-2s", "http://127.0.0.1:1/", "bot"},
		{"bench", "-time", "0s"},
		{"bench", "-time", "soon"},
	} {
		r := robotsdfa(t, nil, args...)
		require.Equal(t, exitProblem, r.code, "%q", args)
		require.Contains(t, r.stderr, `invalid value "`+args[2]+`" for flag `+args[1]+`: want a duration above 0, such as 30s or 2m`, "%q", args)
		require.Empty(t, r.stdout, "%q", args)
	}
}
