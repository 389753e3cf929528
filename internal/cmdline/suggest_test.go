package cmdline

import (
	"errors"
	"flag"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"", "abc", 3}, {"abc", "", 3}, {"check", "check", 0},
		{"chek", "check", 1}, {"checks", "check", 1}, {"chack", "check", 1}, {"cehck", "check", 1},
		{"complie", "compile", 1}, {"ab", "ba", 1}, {"abc", "ca", 3}, {"filter", "lint", 4},
	} {
		require.Equal(t, c.want, editDistance(c.a, c.b), "%q %q", c.a, c.b)
		require.Equal(t, c.want, editDistance(c.b, c.a), "%q %q", c.b, c.a)
	}
}

func TestNearest(t *testing.T) {
	names := []string{"check", "filter", "compile", "inspect", "explain", "lint", "records", "fetch"}
	for s, want := range map[string]string{
		"chek":       "check",
		"filtre":     "filter",
		"lnit":       "lint",
		"complie":    "compile",
		"recrods":    "records",
		"comple":     "compile",
		"cmopiel":    "compile", // two edits in seven bytes
		"cmplie":     "",        // two in six
		"chk":        "",        // two edits in three
		"lnt":        "lint",    // one in three
		"fi":         "",        // too short to guess from
		"deploy":     "",
		"fetch":      "fetch",
		"checkk":     "check",   // one byte more
		"compilexx":  "compile", // two more, in nine bytes
		"compilexxx": "",
	} {
		require.Equal(t, want, Nearest(s, names), "%q", s)
	}
	require.Empty(t, Nearest("oo", []string{"o", "q"}), "no guess for a word of two bytes")
}

func TestDidYouMean(t *testing.T) {
	require.Equal(t, " (did you mean filter?)", DidYouMean("filtre", []string{"check", "filter"}))
	require.Empty(t, DidYouMean("deploy", []string{"check", "filter"}))
}

// FlagSlip names the nearest flag keep lets through, for the flag package's
// error of an undefined flag only.
func TestFlagSlip(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.String("agent", "", "")
	fs.String("agents", "", "")
	undefined := errors.New("flag provided but not defined: -agentz")
	require.Equal(t, " (did you mean -agent?)", FlagSlip(fs, undefined, nil))
	require.Equal(t, " (did you mean -agents?)", FlagSlip(fs, undefined, func(name string) bool { return name != "agent" }))
	require.Empty(t, FlagSlip(fs, errors.New("flag provided but not defined: -deploy"), nil))
	require.Empty(t, FlagSlip(fs, errors.New("invalid value \"agnet\" for flag -agent"), nil))
}
