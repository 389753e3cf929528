package runtime

import (
	"testing"
	"unsafe"
)

// TestMatcherSize holds the Matcher to the size its doc states: Check
// copies the Matcher for every URL, and the benchmarks' figures assume it.
func TestMatcherSize(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("the stated size is for 64-bit machines")
	}
	if got := unsafe.Sizeof(Matcher{}); got != 120 {
		t.Fatalf("a Matcher is %d bytes; its doc says 120", got)
	}
}
