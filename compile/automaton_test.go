package compile_test

import (
	"testing"

	"github.com/robotsdfa/robotsdfa/automaton"
	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/conformance"
	"github.com/robotsdfa/robotsdfa/internal/reference"
	"github.com/robotsdfa/robotsdfa/internal/reference/refurl"
)

// automatonPath is the path the automaton walks: SEMANTICS 4.1's raw path;
// in RFC mode normalised. In Google mode a NUL is left in: the automaton
// itself ends the path there.
func automatonPath(url string, mode compile.Mode) []byte {
	if mode == compile.RFC9309 {
		return []byte(reference.Path(url, mode))
	}
	return []byte(refurl.RawPath(url))
}

// checkSet asks the in-memory set through the automaton's own door
// (Set.Bind, Bound.Check), with the reference's reading of the URL, bound
// with and without the derived screens and jumps: the two must agree
// (else the verdict is turned round, so that the comparison fails).
func checkSet(set *automaton.Set, mode compile.Mode, agents []string, union bool, url string) conformance.Verdict {
	path := automatonPath(url, mode)
	if mode == compile.RFC9309 && string(path) == "/robots.txt" {
		return conformance.Verdict{Allowed: true} // RFC 9309 section 2.2.2
	}
	plain, _ := set.Bind(agents, union, false)
	okPlain, _, linePlain, _ := plain.Check(path)
	b, _ := set.Bind(agents, union, true)
	ok, _, line, _ := b.Check(path)
	if ok != okPlain || line != linePlain {
		return conformance.Verdict{Allowed: !ok, Line: -1}
	}
	return conformance.Verdict{Allowed: ok, Line: line}
}

func automatonImpl(q conformance.Query) (conformance.Verdict, error) {
	f := compile.Parse(q.Robots, q.Options)
	set := f.CompileSet()
	return checkSet(set, q.Options.Mode, q.Agents, q.Union, q.URL), nil
}

// TestAutomatonConformance: rfc and google. Our cases through the
// in-memory automaton: verdicts and deciding lines.
func TestAutomatonConformance(t *testing.T) {
	conformance.Run(t, "../testdata/conformance", automatonImpl)
}

// TestAutomatonGoogleSpec: google. Google's 400 expectations.
func TestAutomatonGoogleSpec(t *testing.T) {
	conformance.RunGoogleSpec(t, "../testdata/conformance/google-spec-test/google-spec-test.json", automatonImpl)
}
