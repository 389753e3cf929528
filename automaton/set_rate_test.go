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

// TestMetaMerge: google and rfc (SEMANTICS 5: of the groups that apply,
// the most polite values). Merge keeps the larger crawl-delay and the lower
// request-rate, each where one group gives it: a group without a rate
// (Requests 0) takes nothing from one with a rate, and an equal rate
// written otherwise keeps the first.
func TestMetaMerge(t *testing.T) {
	none := ProgramMeta{CrawlDelay: -1}
	rate := func(n int32, per time.Duration) ProgramMeta {
		return ProgramMeta{CrawlDelay: -1, Requests: n, Per: per}
	}
	for _, c := range []struct {
		name string
		m, o ProgramMeta
		want ProgramMeta
	}{
		{"nothing", none, none, none},
		{"a rate and none", rate(5, time.Second), none, rate(5, time.Second)},
		{"none and a rate", none, rate(5, time.Second), rate(5, time.Second)},
		{"the slower second", rate(5, time.Second), rate(1, time.Second), rate(1, time.Second)},
		{"the slower first", rate(1, time.Minute), rate(1, time.Second), rate(1, time.Minute)},
		{"equal rates", rate(1, time.Second), rate(60, time.Minute), rate(1, time.Second)},
		{"delays", ProgramMeta{CrawlDelay: 2 * time.Second}, ProgramMeta{CrawlDelay: 5 * time.Second}, ProgramMeta{CrawlDelay: 5 * time.Second}},
		{"a delay and none", ProgramMeta{CrawlDelay: 0}, none, ProgramMeta{CrawlDelay: 0}},
		{"both", ProgramMeta{CrawlDelay: 3 * time.Second, Requests: 1, Per: time.Hour}, ProgramMeta{CrawlDelay: time.Second, Requests: 2, Per: time.Second},
			ProgramMeta{CrawlDelay: 3 * time.Second, Requests: 1, Per: time.Hour}},
	} {
		if got := c.m.Merge(c.o); got != c.want {
			t.Errorf("%s: %+v merged with %+v = %+v, want %+v", c.name, c.m, c.o, got, c.want)
		}
	}
}
