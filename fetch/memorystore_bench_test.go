package fetch

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkMemoryStorePutAllUsed is a Put's worst case: a full store
// whose every entry was asked for since the clock last passed, so that the
// Put's eviction passes over all of them, under the store's lock, before
// it evicts one. It happens at most once a turn of the clock; the Puts
// after it find the entries it passed cleared.
func BenchmarkMemoryStorePutAllUsed(b *testing.B) {
	ctx := context.Background()
	blob := []byte("x")
	for _, n := range []int{10_000, 100_000, 1_000_000} {
		b.Run(fmt.Sprintf("entries=%d", n), func(b *testing.B) {
			s := NewMemoryStore(0, n)
			origins := make([]Origin, n)
			for i := range origins {
				origins[i] = Origin(fmt.Sprintf("https://h%d.example", i))
				s.put(origins[i], Entry{Blob: blob})
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				for _, o := range origins {
					if _, ok, _ := s.Get(ctx, o); !ok {
						s.put(o, Entry{Blob: blob}) // the one evicted last time
					}
				}
				for _, o := range origins {
					s.Get(ctx, o)
				}
				b.StartTimer()
				s.put("https://new.example", Entry{Blob: blob})
			}
			b.StopTimer()
			if s.Len() != n {
				b.Fatalf("%d entries, want %d", s.Len(), n)
			}
		})
	}
}
