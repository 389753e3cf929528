package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/stretchr/testify/require"
)

// BenchmarkCompilePack: a pack of the corpus (the shared one when it is
// there, else the testdata sample) compiled whole from its directory, and
// the same pack updated with -from from a directory of 10 of its files,
// changed: what a refresh of a few hosts costs either way.
func BenchmarkCompilePack(b *testing.B) {
	c, err := benchCorpus()
	require.NoError(b, err)
	b.Logf("corpus: %s", c.name)
	base := filepath.Join(b.TempDir(), "base.pack")
	compilePackOnce(b, "compile", "-robots-dir", c.robots, "-hosts", c.hosts, "-o", base)

	changed := b.TempDir()
	names, err := filepath.Glob(filepath.Join(c.robots, "*.txt"))
	require.NoError(b, err)
	sort.Strings(names)
	require.GreaterOrEqual(b, len(names), 10)
	for _, name := range names[:10] {
		body, err := os.ReadFile(name)
		require.NoError(b, err)
		body = append(body, "\nuser-agent: examplebot\ndisallow: /\n"...)
		require.NoError(b, os.WriteFile(filepath.Join(changed, filepath.Base(name)), body, 0o644))
	}
	out := filepath.Join(b.TempDir(), "out.pack")
	for _, bc := range []struct {
		name string
		args []string
	}{
		{"whole", []string{"compile", "-robots-dir", c.robots, "-hosts", c.hosts, "-o", out}},
		{"from/10", []string{"compile", "-robots-dir", changed, "-from", base, "-o", out}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				compilePackOnce(b, bc.args...)
			}
		})
	}
}

func compilePackOnce(b *testing.B, args ...string) {
	var errb bytes.Buffer
	e := &env{stdin: bytes.NewReader(nil), stdout: io.Discard, stderr: &errb}
	if code := run(e, args); code != exitOK {
		b.Fatal(errb.String())
	}
}
