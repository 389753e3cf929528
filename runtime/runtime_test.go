package runtime_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/internal/conformance"
	"github.com/robotsdfa/robotsdfa/runtime"
)

// load compiles a robots.txt body and loads it through a blob.
func load(t testing.TB, body string, opts compile.Options) *runtime.Robots {
	t.Helper()
	set := compile.Parse([]byte(body), opts).CompileSet()
	blob, err := set.AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := runtime.Load(blob)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func blobImpl(q conformance.Query) (conformance.Verdict, error) {
	set := compile.Parse(q.Robots, q.Options).CompileSet()
	blob, err := set.AppendBinary(nil)
	if err != nil {
		return conformance.Verdict{}, err
	}
	r, err := runtime.Load(blob)
	if err != nil {
		return conformance.Verdict{}, err
	}
	once, m := r.AgentOnce(q.Agents...), r.Agent(q.Agents...)
	if q.Union {
		once, m = r.AgentUnionOnce(q.Agents...), r.AgentUnion(q.Agents...)
	}
	res := m.Check(q.URL)
	if res.Allowed != m.Allowed(q.URL) || res != m.CheckBytes([]byte(q.URL)) || res != once.Check(q.URL) {
		return conformance.Verdict{}, errMismatch
	}
	return conformance.Verdict{Allowed: res.Allowed, Line: res.Line}, nil
}

var errMismatch = errors.New("the results of Check, CheckBytes and Allowed, or of Agent and AgentOnce, disagree")

// TestConformance: rfc and google. Our cases through compile, blob and
// runtime: verdicts and deciding lines.
func TestConformance(t *testing.T) {
	conformance.Run(t, "../testdata/conformance", blobImpl)
}

// TestGoogleSpec: google. Google's 400 expectations through the blob.
func TestGoogleSpec(t *testing.T) {
	conformance.RunGoogleSpec(t, "../testdata/conformance/google-spec-test/google-spec-test.json", blobImpl)
}

const allocBody = `User-agent: *
Disallow: /private/
Allow: /private/ok$
Disallow: /*.pdf$
Disallow: /*?*sort=

User-agent: bot
Disallow: /x
`

// TestZeroAllocs: both. Allowed and Check, for string and []byte URLs, in
// both modes, do not allocate: plain paths, paths that need a '/' in
// front, long paths (pooled buffer, grown once), union matchers, scanned
// rules.
func TestZeroAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	long := "http://example.com/" + strings.Repeat("a%41é/", 300) + "?sort=1"
	urls := []string{"http://example.com/private/x", "http://example.com?q", "/a.pdf", long,
		"http://example.com?" + strings.Repeat("q", 511),  // 512 bytes and a '/': just past the stack buffer
		"http://example.com/" + strings.Repeat("é", 2500), // escaped, past the pool's first buffer
	}
	stars := "User-agent: *\n" + strings.Repeat("Disallow: /*a*b*c*d*e*f*g*h$\nAllow: /*h*g*f*e*d*c*b*a$\n", 40)
	for _, mode := range []compile.Mode{compile.Google, compile.RFC9309} {
		for _, body := range []string{allocBody, stars} {
			r := load(t, body, compile.Options{Mode: mode})
			for _, m := range []runtime.Matcher{r.Agent("bot"), r.Agent("other"), r.AgentUnion("bot", "other")} {
				for _, u := range urls {
					b := []byte(u)
					for name, f := range map[string]func(){
						"Allowed":      func() { m.Allowed(u) },
						"Check":        func() { m.Check(u) },
						"AllowedBytes": func() { m.AllowedBytes(b) },
						"CheckBytes":   func() { m.CheckBytes(b) },
					} {
						if n := testing.AllocsPerRun(50, f); n != 0 {
							t.Errorf("%v %s(%.40q): %v allocations", mode, name, u, n)
						}
					}
				}
			}
		}
	}
}
