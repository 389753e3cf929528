package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A mistyped command or flag is answered with the one meant, as git and
// the go command answer, and still refused (exit 2).
func TestSlipsSuggested(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"chek", "r.txt", "bot", "/"}, `robotsdfa: unknown command "chek" (did you mean check?)`},
		{[]string{"filter", "-agnet", "g"}, "robotsdfa filter: flag provided but not defined: -agnet (did you mean -agent?)\n"},
		{[]string{"filter", "--robots_dir", "d"}, "flag provided but not defined: -robots_dir (did you mean -robots-dir?)\n"},
		{[]string{"check", "-explian"}, "flag provided but not defined: -explian (did you mean -explain?)\n"},
		{[]string{"filter", "-x"}, "flag provided but not defined: -x\n"},
		{[]string{"deploy"}, "robotsdfa: unknown command \"deploy\"\n"},
	} {
		r := robotsdfa(t, nil, c.args...)
		require.Equal(t, exitProblem, r.code, "%q", c.args)
		require.Contains(t, r.stderr, c.want, "%q", c.args)
	}
}
