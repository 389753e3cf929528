package compile

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The value forms SEMANTICS 7 reads, written as patterns independent of
// the parsers' code: a decimal number of seconds, and a request-rate
// "n/t" (t such a number) with an optional unit and anything after a
// space or tab.
const decimal = `[0-9]+\.?[0-9]*|\.[0-9]+`

var (
	decimalForm = regexp.MustCompile(`^(?:` + decimal + `)$`)
	rateForm    = regexp.MustCompile(`^([0-9]+)/(` + decimal + `)([sSmMhH]?)(?:[ \t](?s:.*))?$`)
)

// FuzzRecordValue: both (SEMANTICS 7). For any value, ParseCrawlDelay and
// ParseRequestRate never panic and accept exactly the forms above. A delay
// (0 or more) and a period (over 0) are the seconds written, capped at a
// year; a rate's count is the one written, capped at 2³¹−1.
func FuzzRecordValue(f *testing.F) {
	for _, s := range []string{"10", "0.5", ".25", "0", "99999999999", "1" + strings.Repeat("0", 400),
		"-1", "1e3", "NaN", "10s", "1.2.3", ".", "1 2", "1/5", "30/1m", "2/1h 0600-0845", "1/0.5",
		"2147483648/1", "0/5", "1/0", "1/0.0000000001", "1/0x10", "+5/10", "1/\t5", "1/5\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		checkCrawlDelay(t, v)
		checkRequestRate(t, v)
	})
}

// secondsOf is ParseFloat's reading of digits that decimalForm matched,
// with +Inf for digits past float64's range.
func secondsOf(t *testing.T, s string) float64 {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !math.IsInf(f, 1) {
		t.Fatalf("%q matched the decimal form but reads as %v: %v", s, f, err)
	}
	return f
}

// nearSeconds reports whether d is secs seconds capped at a year, give or
// take float64's rounding and the nanosecond truncation.
func nearSeconds(d time.Duration, secs float64) bool {
	want := min(secs, maxDelay.Seconds())
	return math.Abs(d.Seconds()-want) <= 1e-9+want*1e-12
}

func checkCrawlDelay(t *testing.T, v string) {
	d, ok := ParseCrawlDelay(v)
	if ok != decimalForm.MatchString(v) {
		t.Fatalf("ParseCrawlDelay(%q) ok %v, the decimal form says otherwise", v, ok)
	}
	if ok != checkRecordValue("crawl-delay", v) {
		t.Fatalf("checkRecordValue(crawl-delay, %q) is not %v", v, ok)
	}
	if !ok {
		return
	}
	if d < 0 || d > maxDelay || !nearSeconds(d, secondsOf(t, v)) {
		t.Fatalf("ParseCrawlDelay(%q) = %v", v, d)
	}
}

func checkRequestRate(t *testing.T, v string) {
	r, ok := ParseRequestRate(v)
	if ok != checkRecordValue("request-rate", v) {
		t.Fatalf("checkRecordValue(request-rate, %q) is not %v", v, ok)
	}
	m := rateForm.FindStringSubmatch(v)
	if m == nil || strings.Trim(m[1], "0") == "" {
		if ok {
			t.Fatalf("ParseRequestRate(%q) = %+v, not a rate of at least one request", v, r)
		}
		return
	}
	unit := map[string]float64{"": 1, "s": 1, "m": 60, "h": 3600}[strings.ToLower(m[3])]
	per := secondsOf(t, m[2]) * unit
	switch {
	case per >= 2e-9 && !ok:
		t.Fatalf("ParseRequestRate(%q) refused a period of %gs", v, per)
	case per < 0.5e-9 && ok:
		t.Fatalf("ParseRequestRate(%q) = %+v for a period of %gs, no time at all", v, r, per)
	case !ok:
		return // a period within a nanosecond's rounding either way
	}
	requests := math.MaxInt32
	if n, err := strconv.Atoi(m[1]); err == nil && n < math.MaxInt32 {
		requests = n
	}
	if r.Requests != requests || r.Per <= 0 || r.Per > maxDelay || !nearSeconds(r.Per, per) {
		t.Fatalf("ParseRequestRate(%q) = %+v, want %d per %gs", v, r, requests, per)
	}
}
