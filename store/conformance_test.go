package store_test

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/conformance"
	"github.com/robotsdfa/robotsdfa/runtime"
	"github.com/robotsdfa/robotsdfa/store"
)

// storeImpl answers a conformance query through a store: the case's
// robots.txt compiled in its mode and stored under its URL's host, the
// store written, opened and asked by URL (Agent.Check, or AgentUnion's),
// by host key, and through AgentOnce, all of which must agree. A URL
// without a host (a path, or "example.com/a"), which a store cannot be
// asked by, is stored under a host of its own and asked by key.
func storeImpl(t *testing.T) conformance.Impl {
	dir := t.TempDir()
	return func(q conformance.Query) (conformance.Verdict, error) {
		blob, err := compile.Compile(q.Robots, q.Options).AppendBinary(nil)
		if err != nil {
			return conformance.Verdict{}, err
		}
		key, byURL := runtime.HostKey(q.URL)
		if !byURL {
			key = "no-host.example"
		}
		path := filepath.Join(dir, "case.pack")
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
		st, err := store.Open(path, store.Options{})
		if err != nil {
			return conformance.Verdict{}, err
		}
		defer st.Close()
		agent, once := st.Agent(q.Agents...), st.AgentOnce(q.Agents...)
		if q.Union {
			agent = st.AgentUnion(q.Agents...)
			once = nil // no union form of AgentOnce
		}
		m, err := agent.MatcherKey([]byte(key))
		if err != nil {
			return conformance.Verdict{}, err
		}
		res := m.Check(q.URL)
		if byURL {
			viaURL, err := agent.Check(q.URL)
			if err != nil {
				return conformance.Verdict{}, err
			}
			if viaURL != res {
				return conformance.Verdict{}, errDisagree
			}
		}
		if once != nil {
			mo, err := once.MatcherKey([]byte(key))
			if err != nil {
				return conformance.Verdict{}, err
			}
			if mo.Check(q.URL) != res {
				return conformance.Verdict{}, errDisagree
			}
		}
		return conformance.Verdict{Allowed: res.Allowed, Line: res.Line}, nil
	}
}

var errDisagree = errors.New("the store's answers by URL, by host key and through AgentOnce disagree")

// TestConformance: rfc and google. Our cases through a store: verdicts and
// deciding lines.
func TestConformance(t *testing.T) {
	n := conformance.Run(t, "../testdata/conformance", storeImpl(t))
	t.Logf("%d (case, mode) pairs", n)
}

// TestGoogleSpec: google. Google's 400 expectations through a store.
func TestGoogleSpec(t *testing.T) {
	n := conformance.RunGoogleSpec(t, "../testdata/conformance/google-spec-test/google-spec-test.json", storeImpl(t))
	t.Logf("Google's suite: %d passed", n)
}
