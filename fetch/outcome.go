package fetch

import (
	"fmt"
	"strings"
	"time"
)

// Status is the class of a robots.txt fetch (RFC 9309 sections 2.3.1.2 to
// 2.3.1.4).
type Status uint8

const (
	// Success: a 2xx response; its body was parsed.
	Success Status = iota + 1
	// Unavailable: a 4xx response other than 429, or more than five
	// redirects: every URL is allowed.
	Unavailable
	// Unreachable: 429, 5xx, a network or TLS error, a timeout, a body
	// cut short: every URL is disallowed, unless a last good copy is
	// served (Outcome.Stale) or the origin has been unreachable for
	// longer than Client.StaleFor with no copy at all (allowed).
	Unreachable
)

func (s Status) String() string {
	switch s {
	case Success:
		return "success"
	case Unavailable:
		return "unavailable"
	case Unreachable:
		return "unreachable"
	}
	return fmt.Sprintf("Status(%d)", uint8(s))
}

// Outcome says how the robots.txt of an origin was obtained.
type Outcome struct {
	Origin Origin
	Status Status
	// HTTPStatus is the final response's status code, 0 when there was
	// none.
	HTTPStatus int
	// Redirects are the URLs redirected to, in order (at most five are
	// followed).
	Redirects []string
	// Bytes is how many body bytes were read; Truncated is set when the
	// body was longer than MaxBytes and the rest was not read.
	Bytes     int64
	Truncated bool
	// Err is what made the origin unreachable or its robots.txt
	// unavailable (nil for a status that says so by itself).
	Err *Error
	// RetryAfter is the wait a 429 or 503 asked for in its Retry-After
	// header: 0 when none, less than 0 for a date already past (the
	// server's clock behind ours, or a stale answer). ExpiresAt honours it
	// within the Client's bounds.
	RetryAfter time.Duration
	// FetchedAt is when the fetch ended; ExpiresAt when it will be made
	// again.
	FetchedAt, ExpiresAt time.Time
	// FromCache: the answer came from the cache without a request.
	FromCache bool
	// Stale: the origin is unreachable and the last good copy, fetched
	// at GoodAt, is served instead.
	Stale  bool
	GoodAt time.Time
	// FailingSince is when the origin became unreachable (zero when it
	// is not).
	FailingSince time.Time
	// Rules says what applies: "robots.txt" (the file), "allow all",
	// "disallow all".
	Rules string
	// ETag and LastModified are the validators of the robots.txt held,
	// sent with the next fetch (If-None-Match, If-Modified-Since);
	// NotModified: that fetch was answered 304 and the robots.txt held
	// was kept, its expiry renewed.
	ETag, LastModified string
	NotModified        bool
}

// String is a one-line summary for logs and the command line.
func (o Outcome) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s", o.Origin.RobotsURL(), o.Status)
	if o.HTTPStatus != 0 {
		fmt.Fprintf(&b, " (HTTP %d)", o.HTTPStatus)
	}
	if o.Err != nil {
		fmt.Fprintf(&b, " (%v)", o.Err)
	}
	if o.RetryAfter != 0 {
		fmt.Fprintf(&b, ", retry after %s", o.RetryAfter)
	}
	fmt.Fprintf(&b, ", %s", o.Rules)
	if len(o.Redirects) > 0 {
		fmt.Fprintf(&b, ", %d redirect(s): %s", len(o.Redirects), strings.Join(o.Redirects, " -> "))
	}
	fmt.Fprintf(&b, ", %d bytes", o.Bytes)
	if o.Truncated {
		b.WriteString(" (truncated)")
	}
	if o.Stale {
		fmt.Fprintf(&b, ", stale copy from %s", o.GoodAt.UTC().Format(time.RFC3339))
	}
	if o.NotModified {
		b.WriteString(", not modified")
	}
	if o.FromCache {
		b.WriteString(", from cache")
	}
	fmt.Fprintf(&b, ", fetched %s, expires %s", o.FetchedAt.UTC().Format(time.RFC3339), o.ExpiresAt.UTC().Format(time.RFC3339))
	return b.String()
}
