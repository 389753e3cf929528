package robotsbeam

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/conformance"
	"github.com/robotsdfa/robotsdfa/internal/frontier"
	"github.com/robotsdfa/robotsdfa/runtime"
	"github.com/robotsdfa/robotsdfa/store"
	"github.com/stretchr/testify/require"
)

// errInexpressible marks a query no frontier line can put to the
// pipeline: a union of agents (Options has none), a token holding a comma
// (Agent is a comma-separated chain), or a URL the filter reads as
// unusable (no host, a control byte).
var errInexpressible = errors.New("not expressible as a Beam filter's line and options")

// beamImpl answers a conformance query through Filter's DoFn, as a worker
// runs it: the case's robots.txt compiled in its mode and stored under
// its URL's host, the agent given as Options.Agent, the URL as a line,
// with Explain; the verdict and deciding line read from the output line.
func beamImpl(t *testing.T) conformance.Impl {
	dir := t.TempDir()
	return func(q conformance.Query) (conformance.Verdict, error) {
		key, ok := runtime.HostKey(q.URL)
		if q.Union || !ok || !frontier.Plain(q.URL) || strings.HasSuffix(q.URL, "\r") {
			return conformance.Verdict{}, errInexpressible
		}
		for _, a := range q.Agents {
			if strings.Contains(a, ",") {
				return conformance.Verdict{}, errInexpressible
			}
		}
		blob, err := compile.Compile(q.Robots, q.Options).AppendBinary(nil)
		if err != nil {
			return conformance.Verdict{}, err
		}
		path := filepath.Join(dir, "case.store")
		w, err := store.Create(path)
		if err != nil {
			return conformance.Verdict{}, err
		}
		if err := w.Add(key, blob); err != nil {
			return conformance.Verdict{}, err
		}
		if err := w.Close(); err != nil {
			return conformance.Verdict{}, err
		}
		ctx := context.Background()
		f := &filterFn{Store: path, Tokens: AgentTokens(strings.Join(q.Agents, ",")), Verdicts: true, Explain: true, Missing: "disallow"}
		if err := f.Setup(ctx); err != nil {
			return conformance.Verdict{}, err
		}
		defer f.Teardown()
		var out []string
		f.StartBundle(nil, nil)
		if err := f.ProcessElement(ctx, q.URL, func(l string) { out = append(out, l) }, func(string) {}); err != nil {
			return conformance.Verdict{}, err
		}
		if len(out) != 1 {
			return conformance.Verdict{}, fmt.Errorf("%d output lines: %q", len(out), out)
		}
		return explained(out[0], q.URL)
	}
}

// explained reads an Explain line of url: "allowed|disallowed TAB url TAB
// why", why "no matching rule" or "line N: ...".
func explained(l, url string) (conformance.Verdict, error) {
	f := strings.Split(l, "\t")
	if len(f) != 3 || f[1] != url || (f[0] != "allowed" && f[0] != "disallowed") {
		return conformance.Verdict{}, fmt.Errorf("output line %q", l)
	}
	v := conformance.Verdict{Allowed: f[0] == "allowed"}
	if f[2] == "no matching rule" {
		return v, nil
	}
	n, _, ok := strings.Cut(strings.TrimPrefix(f[2], "line "), ":")
	line, err := strconv.Atoi(n)
	if !ok || err != nil || !strings.HasPrefix(f[2], "line ") {
		return conformance.Verdict{}, fmt.Errorf("output line %q", l)
	}
	v.Line = int32(line)
	return v, nil
}

// TestConformance: rfc and google. Our cases through the Beam filter's
// DoFn (the pipeline's plumbing is TestFilterAsCommandLine's): verdicts
// and deciding lines. The cases no frontier line can carry are counted,
// and their number pinned: unions, URLs without a host or with a control
// byte.
func TestConformance(t *testing.T) {
	impl := beamImpl(t)
	skipped := 0
	n := conformance.Run(t, "../testdata/conformance", func(q conformance.Query) (conformance.Verdict, error) {
		v, err := impl(q)
		if errors.Is(err, errInexpressible) {
			skipped++
			return expected(q)
		}
		return v, err
	})
	t.Logf("%d (case, mode) pairs, %d not expressible as a line", n, skipped)
	require.Equal(t, 50, skipped, "the cases a frontier line cannot carry")
}

// expected answers a query the pipeline cannot be asked, through the
// runtime, so that conformance.Run's check passes for it: the pinned
// count in TestConformance is what holds these to account.
func expected(q conformance.Query) (conformance.Verdict, error) {
	r, err := runtime.Load(mustBlob(q))
	if err != nil {
		return conformance.Verdict{}, err
	}
	m := r.Agent(q.Agents...)
	if q.Union {
		m = r.AgentUnion(q.Agents...)
	}
	res := m.Check(q.URL)
	return conformance.Verdict{Allowed: res.Allowed, Line: res.Line}, nil
}

func mustBlob(q conformance.Query) []byte {
	blob, err := compile.Compile(q.Robots, q.Options).AppendBinary(nil)
	if err != nil {
		panic(err)
	}
	return blob
}

// TestGoogleSpec: google. Google's 400 expectations through the Beam
// filter's DoFn, but for the four of an empty URL, which no frontier line
// can carry (an empty line is unusable: the command line's check answers
// them).
func TestGoogleSpec(t *testing.T) {
	impl := beamImpl(t)
	var skipped []string
	n := conformance.RunGoogleSpec(t, "../testdata/conformance/google-spec-test/google-spec-test.json", func(q conformance.Query) (conformance.Verdict, error) {
		v, err := impl(q)
		if errors.Is(err, errInexpressible) {
			skipped = append(skipped, q.URL)
			return expected(q)
		}
		return v, err
	})
	require.Equal(t, 400, n)
	require.Equal(t, []string{"", "", "", ""}, skipped)
}
