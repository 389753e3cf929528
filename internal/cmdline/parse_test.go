package cmdline

import (
	"flag"
	"io"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParse(t *testing.T) {
	for _, c := range []struct {
		args, want []string
		agent      string
		q          bool
	}{
		{[]string{"-agent", "g", "a", "b"}, []string{"a", "b"}, "g", false},
		{[]string{"a", "-agent", "g", "b", "-q"}, []string{"a", "b"}, "g", true},
		{[]string{"a", "b", "-agent=g"}, []string{"a", "b"}, "g", false},
		{[]string{"a", "--", "-agent", "g"}, []string{"a", "-agent", "g"}, "", false},
		{[]string{"-agent", "--", "a", "-q"}, []string{"a"}, "--", true},                    // "--" as -agent's value
		{[]string{"-agent", "agent", "--", "a", "-q"}, []string{"a", "-q"}, "agent", false}, // a value that names a flag
		{[]string{"-q", "--", "-", "-q"}, []string{"-", "-q"}, "", true},                    // a bool flag takes no value
		{[]string{"-", "-q", "-"}, []string{"-", "-"}, "", true},
		{[]string{"--agent", "g", "a"}, []string{"a"}, "g", false},
		{nil, nil, "", false},
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		agent, q := fs.String("agent", "", ""), fs.Bool("q", false, "")
		got, err := Parse(fs, c.args)
		require.NoError(t, err, "%q", c.args)
		require.Equal(t, c.want, got, "%q", c.args)
		require.Equal(t, c.agent, *agent, "%q", c.args)
		require.Equal(t, c.q, *q, "%q", c.args)
	}
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	got, err := Parse(fs, []string{"a", "-x", "b"})
	require.EqualError(t, err, "flag provided but not defined: -x")
	require.Equal(t, []string{"a"}, got, "the arguments before the error")
}
