package main

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/automaton"
	"github.com/robotsdfa/robotsdfa/internal/counts"
	"github.com/robotsdfa/robotsdfa/store"
	"github.com/stretchr/testify/require"
)

// TestInspectPackFigures: inspect's totals for a pack, each summed here
// from the store's own blobs.
func TestInspectPackFigures(t *testing.T) {
	pack := samplePack(t)
	st, err := store.Open(pack, store.Options{})
	require.NoError(t, err)
	defer st.Close()
	blobBytes, groups, dfas, states, rfc := 0, 0, 0, 0, 0
	for i := range st.Contents() {
		b, err := st.ContentBlob(i)
		require.NoError(t, err)
		set, err := automaton.Decode(b)
		require.NoError(t, err)
		blobBytes += len(b)
		groups += len(set.Programs)
		if set.RFC {
			rfc++
		}
		for _, p := range set.Programs {
			dfas += p.Stats().Automata
			states += p.Stats().States
		}
	}
	r := robotsdfa(t, nil, "inspect", pack)
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Contains(t, r.stdout, fmt.Sprintf("%s distinct blobs (%s rfc mode)", counts.Group3(st.Contents()), counts.Group3(rfc)))
	require.Contains(t, r.stdout, fmt.Sprintf("  blobs: %s bytes; merged groups: %s; automata: %s; states: %s\n", counts.Group3(blobBytes), counts.Group3(groups), counts.Group3(dfas), counts.Group3(states)))
}

// TestInspectPackRFC: an RFC mode pack is counted as such; a damaged blob
// shared by seven hosts is reported naming four of them.
func TestInspectPackRFC(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "shared.txt"), []byte("user-agent: *\ndisallow: /private\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "other.txt"), []byte("user-agent: bot\nallow: /\n"), 0o644))
	var tsv strings.Builder
	for i := range 6 {
		fmt.Fprintf(&tsv, "h%d.example\tshared.txt\n", i)
	}
	tsv.WriteString("o.example\tother.txt\n")
	table := writeTemp(t, "hosts.tsv", []byte(tsv.String()))
	pack := filepath.Join(t.TempDir(), "rfc.pack")
	r := robotsdfa(t, nil, "compile", "-mode", "rfc", "-robots-dir", dir, "-hosts", table, "-o", pack)
	require.Equal(t, exitOK, r.code, r.stderr)
	r = robotsdfa(t, nil, "inspect", pack)
	require.Equal(t, exitOK, r.code, r.stderr)
	// Nine hosts: the table's seven and the files' own names.
	require.Contains(t, r.stdout, "9 hosts, 2 distinct blobs (2 rfc mode)")

	// Damage the blob of the seven hosts, the last frame (docs/FORMAT.md):
	// inspect names four of them.
	data, err := os.ReadFile(pack)
	require.NoError(t, err)
	index := int(binary.LittleEndian.Uint64(data[40:]))
	bad := writeTemp(t, "bad.pack", flip(data, index-5))
	r = robotsdfa(t, nil, "inspect", bad)
	require.Equal(t, exitProblem, r.code)
	require.Contains(t, r.stdout, "1 blob INVALID")
	named := regexp.MustCompile(`: blob 1 \(of ([^)]*)\): `).FindStringSubmatch(r.stderr)
	require.NotNil(t, named, r.stderr)
	hosts := strings.Split(named[1], ", ")
	require.Len(t, hosts, 4, r.stderr)
	for _, h := range hosts {
		require.Regexp(t, `^(h[0-5]\.example|shared)$`, h)
	}
}

// TestInspectNoGroup: inspect says of a blob with no group at all (its
// robots.txt had no user-agent line: a page served as the file) that
// every URL is allowed; not of one whose file had a user-agent line and
// no rule, nor of one compiled for tokens whose groups it left out.
func TestInspectNoGroup(t *testing.T) {
	const none = "  no group: the robots.txt had no user-agent line, and every URL is allowed\n"
	for _, c := range []struct {
		body string
		args []string
		says bool
	}{
		{"<html>\n<p>Not found</p>\n", nil, true},
		{"User-agent: *\n", nil, false},
		{"User-agent: a\nDisallow: /\n", []string{"-agent", "b"}, false},
	} {
		blob := filepath.Join(t.TempDir(), "r.blob")
		r := robotsdfa(t, nil, append(append([]string{"compile", "-o", blob}, c.args...), writeTemp(t, "robots.txt", []byte(c.body)))...)
		require.Equal(t, exitOK, r.code, r.stderr)
		r = robotsdfa(t, nil, "inspect", blob)
		require.Equal(t, exitOK, r.code, r.stderr)
		require.Equal(t, c.says, strings.Contains(r.stdout, none), "%q: %s", c.body, r.stdout)
	}
}
