package conformance

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"github.com/robotsdfa/robotsdfa/compile"
)

// Query is what an implementation is asked.
type Query struct {
	Robots  []byte
	Options compile.Options
	Agents  []string
	Union   bool
	URL     string
}

// Verdict is what an implementation answers: the verdict and the deciding
// line (0: no rule decided).
type Verdict struct {
	Allowed bool
	Line    int32
}

// Impl answers queries. An error fails the case.
type Impl func(q Query) (Verdict, error)

// Run runs every case of the tests in dir through impl, each in every mode
// its label covers, as subtests named after the case's source line and
// mode. It checks verdicts and deciding lines, and returns how many
// (case, mode) pairs ran.
func Run(t *testing.T, dir string, impl Impl) int {
	t.Helper()
	tests, err := LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(tests) == 0 {
		t.Fatalf("no conformance tests in %s", dir)
	}
	n := 0
	for _, tc := range tests {
		for _, c := range tc.Cases {
			for _, mode := range c.Label.Modes() {
				n++
				q := Query{
					Robots:  tc.Robots,
					Options: compile.Options{Mode: mode, MaxBytes: tc.MaxBytes},
					Agents:  c.Agents,
					Union:   c.Union,
					URL:     c.URL,
				}
				got, err := impl(q)
				if err != nil {
					t.Errorf("%s [%v]: %v", c.Source, mode, err)
					continue
				}
				want := Verdict{Allowed: c.Allowed, Line: int32(c.Line)}
				if got != want {
					t.Errorf("%s [%v] agents %q url %q: got %s, want %s", c.Source, mode, c.Agents, c.URL, got, want)
				}
			}
		}
	}
	return n
}

// String renders "allowed (line 3)".
func (v Verdict) String() string {
	s := "disallowed"
	if v.Allowed {
		s = "allowed"
	}
	if v.Line == 0 {
		return s + " (no rule)"
	}
	return fmt.Sprintf("%s (line %d)", s, v.Line)
}

// GoogleSpec is one expectation of Google's conformance suite.
type GoogleSpec struct {
	File      string
	Robots    []byte
	URL       string
	UserAgent string
	Allowed   bool
	Type      string // STANDARD or GOOGLE_SPECIFIC
}

// LoadGoogleSpec reads google-spec-test.json: every expectation with its
// robots.txt body decoded.
func LoadGoogleSpec(path string) ([]GoogleSpec, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var doc struct {
		Total int `json:"expectations_total"`
		Files []struct {
			File  string `json:"file"`
			Tests []struct {
				Robots       string `json:"robotstxt_b64"`
				Expectations []struct {
					URL       string `json:"url"`
					UserAgent string `json:"useragent"`
					Outcome   string `json:"outcome"`
					Type      string `json:"type"`
				} `json:"expectations"`
			} `json:"tests"`
		} `json:"files"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	var out []GoogleSpec
	for _, f := range doc.Files {
		for i, t := range f.Tests {
			body, err := base64.StdEncoding.DecodeString(t.Robots)
			if err != nil {
				return nil, fmt.Errorf("%s: %s test %d: %v", path, f.File, i, err)
			}
			for _, e := range t.Expectations {
				if e.Outcome != "ALLOWED" && e.Outcome != "DISALLOWED" {
					return nil, fmt.Errorf("%s: %s: outcome %q", path, f.File, e.Outcome)
				}
				out = append(out, GoogleSpec{File: f.File, Robots: body, URL: e.URL,
					UserAgent: e.UserAgent, Allowed: e.Outcome == "ALLOWED", Type: e.Type})
			}
		}
	}
	if len(out) != doc.Total {
		return nil, fmt.Errorf("%s: %d expectations, file says %d", path, len(out), doc.Total)
	}
	return out, nil
}

// RunGoogleSpec runs every expectation of Google's suite through impl in
// Google mode, with the suite's user-agent as a single product token
// compared exactly as given, and checks the verdict (the suite has no
// lines). It returns how many passed; every failure is reported.
func RunGoogleSpec(t *testing.T, path string, impl Impl) int {
	t.Helper()
	specs, err := LoadGoogleSpec(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(specs) == 0 {
		t.Fatalf("no expectations in %s", path) // a suite that runs nothing passes nothing
	}
	passed := 0
	for i, s := range specs {
		got, err := impl(Query{Robots: s.Robots, Options: compile.Options{Mode: compile.Google},
			Agents: []string{s.UserAgent}, URL: s.URL})
		switch {
		case err != nil:
			t.Errorf("%s #%d: %v", s.File, i, err)
		case got.Allowed != s.Allowed:
			t.Errorf("%s #%d: agent %q url %q: got allowed=%v, want %v\nrobots.txt: %q",
				s.File, i, s.UserAgent, s.URL, got.Allowed, s.Allowed, s.Robots)
		default:
			passed++
		}
	}
	if passed != len(specs) {
		t.Errorf("Google's suite: %d of %d passed", passed, len(specs))
	}
	return passed
}
