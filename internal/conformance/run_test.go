package conformance

import "testing"

// TestVerdictString: a failure names the verdict and its deciding line.
func TestVerdictString(t *testing.T) {
	for v, want := range map[Verdict]string{
		{Allowed: true}:           "allowed (no rule)",
		{Allowed: false, Line: 3}: "disallowed (line 3)",
	} {
		if got := v.String(); got != want {
			t.Errorf("%#v: %q, want %q", v, got, want)
		}
	}
}
