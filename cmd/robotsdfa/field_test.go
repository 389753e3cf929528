package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestFilterField: a frontier whose lines carry other fields beside the
// URL (tab-separated) is answered, with -field, as the URLs alone are;
// the whole line is written, in order; a line without the field is an
// unusable line naming how many it has.
func TestFilterField(t *testing.T) {
	urls := sampleFrontier(t)
	pack := samplePack(t)
	plain := robotsdfa(t, []byte(strings.Join(urls, "\n")+"\n"), "filter", "-pack", pack, "-agent", "googlebot", "-explain", "-q")
	require.Equal(t, exitOK, plain.code, plain.stderr)
	want := lines(plain.stdout)
	require.Len(t, want, len(urls))

	var first, second strings.Builder
	for i, u := range urls {
		fmt.Fprintf(&first, "%s\t%d\tdepth 3\n", u, i)
		fmt.Fprintf(&second, "%d\t%s\n", i, u)
	}
	for _, c := range []struct {
		field int
		input string
		line  func(i int) string // line i of the input
	}{
		{1, first.String(), func(i int) string { return fmt.Sprintf("%s\t%d\tdepth 3", urls[i], i) }},
		{2, second.String(), func(i int) string { return fmt.Sprintf("%d\t%s", i, urls[i]) }},
	} {
		r := robotsdfa(t, []byte(c.input), "filter", "-pack", pack, "-agent", "googlebot", "-explain", "-q", "-field", fmt.Sprint(c.field))
		require.Equal(t, exitOK, r.code, r.stderr)
		got := lines(r.stdout)
		require.Len(t, got, len(urls))
		var allowed []string
		for i, g := range got {
			// verdict<TAB>URL<TAB>why becomes verdict<TAB>line<TAB>why.
			verdict, rest, _ := strings.Cut(want[i], "\t")
			why := rest[len(urls[i])+1:]
			require.Equal(t, verdict+"\t"+c.line(i)+"\t"+why, g, "field %d, line %d", c.field, i+1)
			if verdict == "allowed" {
				allowed = append(allowed, c.line(i))
			}
		}
		r = robotsdfa(t, []byte(c.input), "filter", "-pack", pack, "-agent", "googlebot", "-q", "-field", fmt.Sprint(c.field))
		require.Equal(t, exitOK, r.code, r.stderr)
		require.Equal(t, strings.Join(allowed, "\n")+"\n", r.stdout)
	}

	r := robotsdfa(t, []byte("https://en.wikipedia.org/wiki/Go\t1\nhttps://en.wikipedia.org/w/x\n\n"), "filter", "-pack", pack, "-agent", "googlebot", "-verdicts", "-field", "2")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Equal(t, "error\thttps://en.wikipedia.org/wiki/Go\\x091\tneither an absolute URL nor a path starting with '/'\n"+
		"error\thttps://en.wikipedia.org/w/x\tno field 2: the line has 1 (tab-separated)\n"+
		"error\t\tno field 2: the line has 1 (tab-separated)\n", r.stdout)
	// Without -field the whole line is the URL, and a tab no URL holds.
	r = robotsdfa(t, []byte("https://en.wikipedia.org/wiki/Go\t1\n"), "filter", "-pack", pack, "-agent", "googlebot", "-verdicts")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Equal(t, "error\thttps://en.wikipedia.org/wiki/Go\\x091\tcontrol byte 0x09 at byte 32\n", r.stdout)
	r = robotsdfa(t, []byte("https://en.wikipedia.org/w/x\n"), "filter", "-pack", pack, "-agent", "googlebot", "-field", "3")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stderr, "standard input:1: no field 3: the line has 1 (tab-separated): https://en.wikipedia.org/w/x\n")
	r = robotsdfa(t, nil, "filter", "-pack", pack, "-agent", "googlebot", "-field", "-1")
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stderr, "-field must not be negative")
}
