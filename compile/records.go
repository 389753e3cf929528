package compile

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"time"
)

// maxDelay bounds parsed delays so that no arithmetic on them overflows.
const maxDelay = 365 * 24 * time.Hour

// ParseCrawlDelay reads a crawl-delay value: a non-negative decimal number
// of seconds ("10", "0.5", ".5"). Anything else (units, signs, exponents,
// "NaN", several numbers) is not a crawl-delay: the record is kept with
// FlagBadValue and ignored by CrawlDelay (SEMANTICS 7). Values over a year
// are capped at a year.
func ParseCrawlDelay(v string) (time.Duration, bool) {
	f, ok := parseSeconds(v)
	if !ok {
		return 0, false
	}
	return secondsToDuration(f), true
}

// parseSeconds reads a number of seconds written as isDecimal accepts
// them, so never negative nor NaN. Digits past float64's range are +Inf
// (ParseFloat's one error here), which secondsToDuration caps as it caps
// any long delay.
func parseSeconds(s string) (float64, bool) {
	if !isDecimal(s) {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil || errors.Is(err, strconv.ErrRange)
}

func secondsToDuration(f float64) time.Duration {
	if f >= maxDelay.Seconds() {
		return maxDelay
	}
	return time.Duration(f * float64(time.Second))
}

// isDecimal reports whether s is digits with at most one '.', and at least
// one digit.
func isDecimal(s string) bool {
	digits, dots := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case '0' <= c && c <= '9':
			digits++
		case c == '.':
			dots++
		default:
			return false
		}
	}
	return digits > 0 && dots <= 1
}

// RequestRate is a request-rate record: Requests requests per Per.
type RequestRate struct {
	Requests int
	Per      time.Duration
}

// Interval is the time between requests the rate asks for.
func (r RequestRate) Interval() time.Duration {
	if r.Requests <= 0 {
		return 0
	}
	return r.Per / time.Duration(r.Requests)
}

// ParseRequestRate reads a request-rate value "n/t" where t is a number of
// seconds, optionally followed by a unit s, m or h ("1/5", "1/10s",
// "30/1m"). A time window after whitespace ("1/5s 0600-0845") is ignored.
// n must be at least 1 and t positive; an n over 2³¹−1 (the most a blob
// holds) is read as 2³¹−1, a rate no crawler reaches either way.
func ParseRequestRate(v string) (RequestRate, bool) {
	if i := strings.IndexAny(v, " \t"); i >= 0 {
		v = v[:i]
	}
	n, t, ok := strings.Cut(v, "/")
	if !ok {
		return RequestRate{}, false
	}
	unit := time.Second
	if t != "" {
		switch t[len(t)-1] {
		case 's', 'S':
			t = t[:len(t)-1]
		case 'm', 'M':
			unit, t = time.Minute, t[:len(t)-1]
		case 'h', 'H':
			unit, t = time.Hour, t[:len(t)-1]
		}
	}
	if !isDecimal(n) || strings.Contains(n, ".") {
		return RequestRate{}, false
	}
	requests, err := strconv.Atoi(n)
	if errors.Is(err, strconv.ErrRange) {
		requests, err = math.MaxInt32, nil // digits only: too many requests
	}
	if err != nil || requests < 1 {
		return RequestRate{}, false
	}
	secs, ok := parseSeconds(t)
	if !ok || secs <= 0 {
		return RequestRate{}, false
	}
	per := secondsToDuration(secs * unit.Seconds())
	if per <= 0 {
		return RequestRate{}, false
	}
	return RequestRate{Requests: min(requests, math.MaxInt32), Per: per}, true
}

// checkRecordValue reports whether a known record's value can be read.
func checkRecordValue(key, value string) bool {
	switch key {
	case "crawl-delay":
		_, ok := ParseCrawlDelay(value)
		return ok
	case "request-rate":
		_, ok := ParseRequestRate(value)
		return ok
	}
	return true
}
