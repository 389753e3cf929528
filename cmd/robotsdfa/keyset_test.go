package main

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestKeySet: keys in, keys out, each once, through the table's growth;
// a key and its prefixes are distinct keys; one too long is not kept.
func TestKeySet(t *testing.T) {
	var s keySet
	require.False(t, s.has([]byte("a.example")), "empty")
	var want []string
	for i := range 5000 {
		k := fmt.Sprintf("h%d.example", i)
		require.True(t, s.add([]byte(k)))
		require.True(t, s.add([]byte(k)), "again")
		want = append(want, k)
	}
	require.Equal(t, 5000, s.n)
	require.LessOrEqual(t, s.n*4, len(s.slots)*3)
	for _, k := range want {
		require.True(t, s.has([]byte(k)), k)
	}
	for _, k := range []string{"h1.exampl", "h1.example.", "", "h5000.example"} {
		require.False(t, s.has([]byte(k)), k)
	}
	var got []string
	s.each(func(k []byte) { got = append(got, string(k)) })
	slices.Sort(got)
	slices.Sort(want)
	require.Equal(t, want, got)
	require.True(t, s.add(nil), "the empty key")
	require.True(t, s.has(nil))
	long := []byte(strings.Repeat("x", maxSetKey+1))
	require.False(t, s.add(long))
	require.False(t, s.has(long))
	require.True(t, s.add(long[:maxSetKey]))
	require.True(t, s.has(long[:maxSetKey]))
}
