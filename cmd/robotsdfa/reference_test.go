package main

import (
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/bench/workload"
	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/reference"
	"github.com/stretchr/testify/require"
)

var frontierSet = flag.String("frontier", "sample", "the corpus TestFilterEqualsReference runs on: sample or full")

// TestFilterEqualsReference: google and rfc. Every real URL of the
// frontier, through filter -explain with each host's own robots.txt
// (-robots-dir and -hosts, as the README's main job), gets the reference
// matcher's verdict and deciding line for googlebot, in both modes. Lines
// filter cannot use are left out, and counted. The shared corpus's URL
// lists (when it is there), by hand:
//
//	go test ./cmd/robotsdfa -run FilterEqualsReference -frontier=full -timeout 1h
func TestFilterEqualsReference(t *testing.T) {
	var c filterCorpus
	switch *frontierSet {
	case "sample":
		c = filterCorpus{"testdata sample", sampleRobots, sampleHosts, []string{sampleURLs}}
	case "full":
		var err error
		c, err = benchCorpus()
		require.NoError(t, err)
		if c.name == "testdata sample" {
			t.Skip("no shared corpus (set ROBOTSDFA_CORPUS)")
		}
	default:
		t.Fatalf("-frontier=%q: want sample or full", *frontierSet)
	}
	var urls []string
	for _, f := range c.urls {
		ls, err := workload.ReadLines(f)
		require.NoError(t, err)
		urls = append(urls, ls...)
	}
	hosts, err := workload.ReadHosts(c.hosts)
	require.NoError(t, err)
	for _, mode := range []compile.Mode{compile.Google, compile.RFC9309} {
		args := []string{"filter", "-robots-dir", c.robots, "-hosts", c.hosts, "-agent", "googlebot", "-explain"}
		if mode == compile.RFC9309 {
			args = append(args, "-mode", "rfc")
		}
		r := robotsdfa(t, nil, append(args, c.urls...)...)
		require.Equal(t, exitOK, r.code, r.stderr)
		rows := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
		require.Len(t, rows, len(urls), "one row a line")
		files := map[string]*compile.File{}
		checked, unusable, fails := 0, 0, 0
		for i, u := range urls {
			verdict, rest, _ := strings.Cut(rows[i], "\t")
			if verdict == "error" {
				unusable++
				continue
			}
			url, decider, ok := strings.Cut(rest, "\t")
			require.True(t, ok && url == u, "row %d is not line %d's: %q", i+1, i+1, rows[i])
			want := referenceCheck(t, files, hosts, c.robots, mode, u)
			line := 0
			if n, ok := strings.CutPrefix(decider, "line "); ok {
				n, _, _ = strings.Cut(n, ":")
				line, err = strconv.Atoi(n)
				require.NoError(t, err, rows[i])
			}
			checked++
			if (verdict == "allowed") != want.Allowed || line != int(want.Line) {
				if fails++; fails <= 10 {
					t.Errorf("[%v] %s: filter %s (%s), reference allowed=%v line %d", mode, u, verdict, decider, want.Allowed, want.Line)
				}
			}
		}
		t.Logf("%s, %v mode: %d URLs checked against the reference, %d lines unusable, %d differ", c.name, mode, checked, unusable, fails)
		require.Positive(t, checked)
	}
}

// referenceCheck is the reference matcher's answer for url with its host's
// file chosen as -robots-dir -hosts does (no file: everything allowed).
// files caches each file's parse.
func referenceCheck(t testing.TB, files map[string]*compile.File, hosts map[string]string, dir string, mode compile.Mode, url string) reference.Result {
	key, ok := appendHostKey(nil, []byte(url))
	require.True(t, ok, url)
	name, ok := hosts[string(key)]
	if !ok {
		name = string(key) + ".txt"
	}
	f, seen := files[name]
	if !seen {
		body, err := os.ReadFile(filepath.Join(dir, name))
		if err == nil {
			f = compile.Parse(body, compile.Options{Mode: mode})
		} else {
			require.ErrorIs(t, err, os.ErrNotExist)
		}
		files[name] = f
	}
	if f == nil {
		return reference.Result{Allowed: true}
	}
	return reference.Check(f, []string{"googlebot"}, false, url)
}
