package automaton_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/robotsdfa/robotsdfa/automaton"
	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/stretchr/testify/require"
)

// restrictedBody names googlebot and '*'; compiled for googlebot-news and
// googlebot, its index lists googlebot-news with no program.
const restrictedBody = "user-agent: googlebot\ndisallow: /g\n\nuser-agent: bingbot\ndisallow: /b\n\nuser-agent: *\ndisallow: /all\n"

func restrictedBlob(t *testing.T) []byte {
	t.Helper()
	set := compile.Parse([]byte(restrictedBody), compile.Options{Tokens: []string{"Googlebot-News", "googlebot"}}).CompileSet()
	blob, err := set.AppendBinary(nil)
	require.NoError(t, err)
	return blob
}

// TestRestrictedRoundTrip: a set compiled for some tokens only keeps its
// flag (header bit 1) and every token it was compiled for, one that no
// group names with no program, and encodes again to the same bytes.
func TestRestrictedRoundTrip(t *testing.T) {
	blob := restrictedBlob(t)
	require.Equal(t, byte(2), blob[10], "header flags: restricted, Google mode")
	set, err := automaton.Decode(blob)
	require.NoError(t, err)
	require.True(t, set.Restricted)
	progs := map[string]int32{}
	for _, a := range set.Agents {
		progs[a.Token] = a.Program
	}
	require.Len(t, progs, 2)
	require.Equal(t, int32(automaton.NoRule), progs["googlebot-news"])
	require.NotEqual(t, int32(automaton.NoRule), progs["googlebot"])
	require.True(t, set.CompiledFor([]string{"googlebot-news", "GOOGLEBOT"}))
	require.True(t, set.CompiledFor(nil))
	require.False(t, set.CompiledFor([]string{"googlebot", "bingbot"}))
	again, err := set.AppendBinary(nil)
	require.NoError(t, err)
	require.True(t, bytes.Equal(blob, again))

	full, err := automaton.Decode(blobOf(t, restrictedBody, compile.Google))
	require.NoError(t, err)
	require.False(t, full.Restricted)
	require.True(t, full.CompiledFor([]string{"anybot"}))
}

// TestRestrictedRefusals: an agent with no program is refused in a blob
// whose restricted flag is clear (naming the field's offset), an unknown
// header flag still is, and a set that is not Restricted does not encode
// an agent with no program.
func TestRestrictedRefusals(t *testing.T) {
	blob := restrictedBlob(t)
	cleared := bytes.Clone(blob)
	cleared[10] &^= 2
	reseal(cleared)
	_, err := automaton.Decode(cleared)
	require.True(t, errors.Is(err, automaton.ErrFormat), "%v", err)
	require.ErrorContains(t, err, ": program 4294967295 of ")

	unknown := bytes.Clone(blob)
	unknown[10] |= 4
	reseal(unknown)
	_, err = automaton.Decode(unknown)
	require.ErrorContains(t, err, "unknown flags 0x6")

	set, err := automaton.Decode(blob)
	require.NoError(t, err)
	set.Restricted = false
	_, err = set.AppendBinary(nil)
	require.ErrorContains(t, err, `product token "googlebot-news" has no program in a set that is not Restricted`)
}
