package runtime_test

import (
	"os/exec"
	"regexp"
	"testing"
)

// mustInline lists the hot helpers of a check that the compiler must
// inline: a change that stops one from inlining shows up here before it
// shows up in a benchmark.
var mustInline = map[string][]string{
	"../automaton": {"(*dfa).eoiClass", "combine", "useful", "better", "loopEnd", "(*screen).refuses", "(*Program).verdictOf", "jumpTakes"},
	".":            {"pathStart", "isHex", "unhex", "unreserved", "Matcher.Allowed", "Matcher.AllowedBytes", "Matcher.CheckBytes", "HasHostPrefix"},
}

func TestInlining(t *testing.T) {
	if testing.Short() {
		t.Skip("builds with -gcflags=-m")
	}
	for dir, funcs := range mustInline {
		out, err := exec.Command("go", "build", "-gcflags=-m", dir).CombinedOutput()
		if err != nil {
			t.Fatalf("go build -gcflags=-m %s: %v\n%s", dir, err, out)
		}
		for _, f := range funcs {
			re := regexp.MustCompile(`(?m)can inline ` + regexp.QuoteMeta(f) + `( |$)`)
			if !re.MatchString(string(out)) {
				t.Errorf("%s: %s is not inlined", dir, f)
			}
		}
	}
}
