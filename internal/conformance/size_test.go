package conformance

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSuiteSize pins how many cases testdata/conformance holds, by label,
// and how many expectations Google's suite and the records suite hold:
// every runner (reference, automaton, blob, store, command line, Beam)
// runs all of them through Run, RunGoogleSpec and RunRecords, so a case
// lost from a file, or a file that no longer loads as many as it held,
// fails here rather than leaving those runners passing on less. Adding
// cases means raising these numbers, and the README's count.
func TestSuiteSize(t *testing.T) {
	tests, err := LoadDir("../../testdata/conformance")
	require.NoError(t, err)
	byLabel := map[Label]int{}
	pairs := 0
	for _, tc := range tests {
		for _, c := range tc.Cases {
			byLabel[c.Label]++
			pairs += len(c.Label.Modes())
		}
	}
	t.Logf("%d tests; cases: %d both, %d google, %d rfc; %d (case, mode) pairs", len(tests), byLabel[Both], byLabel[GoogleOnly], byLabel[RFCOnly], pairs)
	require.Equal(t, map[Label]int{Both: 329, GoogleOnly: 58, RFCOnly: 49}, byLabel)
	require.Equal(t, 765, pairs)
	readme, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	if claim := fmt.Sprintf("our %d labelled cases", byLabel[Both]+byLabel[GoogleOnly]+byLabel[RFCOnly]); !strings.Contains(strings.Join(strings.Fields(string(readme)), " "), claim) {
		t.Errorf("README.md does not say %q", claim)
	}

	specs, err := LoadGoogleSpec("../../testdata/conformance/google-spec-test/google-spec-test.json")
	require.NoError(t, err)
	require.Equal(t, 400, len(specs))

	records, err := LoadRecords("../../testdata/conformance/records.json")
	require.NoError(t, err)
	cases := 0
	for _, r := range records {
		cases += len(r.Cases)
	}
	require.Equal(t, [2]int{7, 13}, [2]int{len(records), cases}, "records tests and cases")
}
