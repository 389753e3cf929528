package runtime

import (
	"testing"
	"unsafe"
)

// TestMatcherSize holds the Matcher to the size its doc states: Check
// copies it for every URL, and the benchmarks' figures assume its size.
func TestMatcherSize(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("the stated size is for 64-bit machines")
	}
	if got := unsafe.Sizeof(Matcher{}); got != 88 {
		t.Fatalf("a Matcher is %d bytes; its doc says 88", got)
	}
}
