//go:build linux

package runtime

import (
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// TestAuthorityEndInBounds: authorityEnd reads no byte outside the URL.
// Each URL of up to 40 bytes is placed against an inaccessible page, once
// ending where the page starts and once starting where the page ends, so
// a load past either end faults and the test dies. Go strings usually
// have readable memory around them, which TestAuthorityEnd cannot tell
// from the URL.
func TestAuthorityEndInBounds(t *testing.T) {
	page := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 3*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	defer func() { _ = syscall.Munmap(mem) }()
	// Pages: guard, data, guard.
	if err := syscall.Mprotect(mem[:page], syscall.PROT_NONE); err != nil {
		t.Skipf("mprotect: %v", err)
	}
	if err := syscall.Mprotect(mem[2*page:], syscall.PROT_NONE); err != nil {
		t.Skipf("mprotect: %v", err)
	}
	data := mem[page : 2*page]
	at := func(off int, s string) string {
		copy(data[off:], s)
		return unsafe.String(&data[off], len(s))
	}
	for n := 1; n <= 40; n++ {
		for _, s := range []string{strings.Repeat("h", n), strings.Repeat("h", n-1) + "/", "/" + strings.Repeat("h", n-1)} {
			for _, url := range []string{at(0, s), at(page-n, s)} {
				for i := 0; i <= n; i++ {
					if got, want := authorityEnd(url, i), authorityEndBytes(url, i); got != want {
						t.Fatalf("authorityEnd(%q, %d) = %d, want %d", url, i, got, want)
					}
				}
			}
		}
	}
}
