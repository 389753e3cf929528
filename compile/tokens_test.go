package compile_test

import (
	"bufio"
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/testcorpus"
	"github.com/robotsdfa/robotsdfa/runtime"
	"github.com/stretchr/testify/require"
)

// rulePaths are paths that reach a file's rules: each allow or disallow
// value with its '*' made a letter and its '$' dropped, and "/".
func rulePaths(body []byte) []string {
	paths := []string{"/"}
	sc := bufio.NewScanner(bytes.NewReader(body))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() && len(paths) < 200 {
		k, v, ok := strings.Cut(sc.Text(), ":")
		k = strings.ToLower(strings.TrimSpace(k))
		if ok && (k == "allow" || k == "disallow") {
			v = strings.ReplaceAll(strings.ReplaceAll(strings.TrimSpace(v), "*", "x"), "$", "")
			if strings.HasPrefix(v, "/") {
				paths = append(paths, v, v+"x/y")
			}
		}
	}
	return paths
}

// TestCompiledForTokens: both. A file compiled for some tokens only
// (Options.Tokens) answers every fallback chain and union of them as the
// whole file does, verdict and deciding line, in both modes and after a
// blob round trip; it says which tokens it was compiled for, and that it
// was not compiled for another. Over the sample's files, for three tokens
// each names (or fewer), googlebot, and one no file names.
func TestCompiledForTokens(t *testing.T) {
	files, err := testcorpus.Sample()
	require.NoError(t, err)
	for _, mode := range []compile.Mode{compile.Google, compile.RFC9309} {
		for _, fl := range files {
			var tokens []string
			for _, g := range compile.Parse(fl.Data, compile.Options{Mode: mode}).Groups {
				for _, a := range g.Agents {
					if !a.Global && len(tokens) < 3 && !slices.Contains(tokens, a.Token) {
						tokens = append(tokens, a.Token)
					}
				}
			}
			tokens = append(tokens, "googlebot", "nosuchbot-of-any-file")
			full := compile.Compile(fl.Data, compile.Options{Mode: mode})
			part := compile.Compile(fl.Data, compile.Options{Mode: mode, Tokens: tokens})
			blob, err := part.AppendBinary(nil)
			require.NoError(t, err)
			loaded, err := runtime.Load(blob)
			require.NoError(t, err)

			require.True(t, full.CompiledFor("otherbot"), fl.Name)
			require.Nil(t, full.CompiledTokens(), fl.Name)
			want := make([]string, 0, len(tokens))
			for _, tok := range tokens {
				if low := strings.ToLower(tok); !slices.Contains(want, low) {
					want = append(want, low)
				}
			}
			slices.Sort(want)
			for _, r := range []*runtime.Robots{part, loaded} {
				require.Equal(t, want, r.CompiledTokens(), fl.Name)
				require.False(t, r.CompiledFor("otherbot"), fl.Name)
				require.False(t, r.CompiledFor(tokens[0], "otherbot"), fl.Name)
				require.True(t, r.CompiledFor(tokens...), fl.Name)
			}
			var chains [][]string
			for _, a := range tokens {
				for _, b := range tokens {
					if a != b {
						chains = append(chains, []string{a, b})
					}
				}
				chains = append(chains, []string{a}, []string{strings.ToUpper(a)})
			}
			paths := rulePaths(fl.Data)
			for _, chain := range chains {
				binds := map[string][2]runtime.Matcher{
					"chain": {full.Agent(chain...), part.Agent(chain...)},
					"union": {full.AgentUnion(chain...), loaded.AgentUnion(chain...)},
					"blob":  {full.Agent(chain...), loaded.Agent(chain...)},
				}
				for how, m := range binds {
					for _, p := range paths {
						w, g := m[0].Check(p), m[1].Check(p)
						if w.Allowed != g.Allowed || w.Line != g.Line {
							t.Fatalf("%s %v %s %q %s: got %+v, want %+v", fl.Name, mode, how, chain, p, g, w)
						}
					}
				}
			}
		}
	}
}

// TestCompiledForChain: a token compiled for that the file names no group
// for does not end a fallback chain; the next token's group decides, as
// in the whole file.
func TestCompiledForChain(t *testing.T) {
	body := []byte("user-agent: googlebot\ndisallow: /g\n\nuser-agent: *\ndisallow: /all\n")
	r := compile.Compile(body, compile.Options{Tokens: []string{"googlebot-news", "googlebot"}})
	m := r.Agent("googlebot-news", "googlebot")
	require.True(t, m.Allowed("https://e.com/all"))
	require.False(t, m.Allowed("https://e.com/g"))
	require.False(t, r.Agent("googlebot-news").Allowed("https://e.com/all"), "alone, the '*' groups")

	// Compiled for one token the file names, before another it names:
	// that other is not compiled for.
	r = compile.Compile([]byte("user-agent: googlebot\ndisallow: /g\n\nuser-agent: bingbot\ndisallow: /b\n"), compile.Options{Tokens: []string{"googlebot"}})
	require.Equal(t, []string{"googlebot"}, r.CompiledTokens())
	require.False(t, r.CompiledFor("bingbot"))
}
