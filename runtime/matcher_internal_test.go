package runtime

import (
	"testing"
	"unsafe"

	"github.com/robotsdfa/robotsdfa/automaton"
)

// TestMatcherSize holds the Matcher and a program's screen to the sizes
// their docs state: Check copies the Matcher for every URL, and the
// benchmarks' figures assume both sizes.
func TestMatcherSize(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("the stated size is for 64-bit machines")
	}
	if got := unsafe.Sizeof(Matcher{}); got != 120 {
		t.Fatalf("a Matcher is %d bytes; its doc says 120", got)
	}
	if got := unsafe.Sizeof(automaton.Screen{}); got != 136 {
		t.Fatalf("a Screen is %d bytes; its doc says 136", got)
	}
}
