package reference_test

import (
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/conformance"
	"github.com/robotsdfa/robotsdfa/internal/reference"
)

func impl(q conformance.Query) (conformance.Verdict, error) {
	f := compile.Parse(q.Robots, q.Options)
	r := reference.Check(f, q.Agents, q.Union, q.URL)
	return conformance.Verdict{Allowed: r.Allowed, Line: r.Line}, nil
}

// TestGoogleSpec: google. Google's own conformance suite, 400 expectations.
func TestGoogleSpec(t *testing.T) {
	n := conformance.RunGoogleSpec(t, "../../testdata/conformance/google-spec-test/google-spec-test.json", impl)
	t.Logf("Google's suite: %d passed", n)
}

// TestConformance: rfc and google. Our own cases, each in the mode(s) its
// label names, verdict and deciding line. The count Run returns is the
// pairs it asked, all of them (TestSuiteSize's 765): the other runners
// only log it.
func TestConformance(t *testing.T) {
	asked := 0
	n := conformance.Run(t, "../../testdata/conformance", func(q conformance.Query) (conformance.Verdict, error) {
		asked++
		return impl(q)
	})
	t.Logf("%d (case, mode) pairs", n)
	if n != asked || n != 765 {
		t.Errorf("Run returned %d, asked %d pairs, want 765", n, asked)
	}
}
