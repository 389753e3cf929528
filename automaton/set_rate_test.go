package automaton

import (
	"math"
	"math/big"
	"math/rand"
	"testing"
	"time"
)

// TestSlowerRate: slowerRate compares requests per period exactly, as
// products in big integers do, for counts and periods up to the largest a
// blob holds, where 64-bit products overflow.
func TestSlowerRate(t *testing.T) {
	rng := rand.New(rand.NewSource(9309))
	pick := func() (int64, time.Duration) {
		switch rng.Intn(3) {
		case 0: // small, and often equal rates
			return 1 + rng.Int63n(4), time.Duration(1+rng.Int63n(4)) * time.Second
		case 1:
			return 1 + rng.Int63n(math.MaxInt32), time.Duration(1 + rng.Int63n(math.MaxInt64))
		}
		return math.MaxInt32, math.MaxInt64
	}
	for range 100000 {
		ar, ap := pick()
		br, bp := pick()
		l := new(big.Int).Mul(big.NewInt(ar), big.NewInt(int64(bp)))
		r := new(big.Int).Mul(big.NewInt(br), big.NewInt(int64(ap)))
		if got, want := slowerRate(ar, ap, br, bp), l.Cmp(r) < 0; got != want {
			t.Fatalf("%d per %d against %d per %d: %v, want %v", ar, ap, br, bp, got, want)
		}
	}
	// 1 per year is slower than 2³¹−1 per year less a nanosecond; the 64-bit
	// products (2³¹−1 times a year in ns) overflow.
	year := 365 * 24 * time.Hour
	if !slowerRate(1, year, math.MaxInt32, year-1) || slowerRate(math.MaxInt32, year-1, 1, year) {
		t.Error("extreme rates compared wrongly")
	}
}
