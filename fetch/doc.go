// Package fetch gets robots.txt files for a crawler, as RFC 9309 sections
// 2.3 and 2.4 and Google's documentation say (docs/SEMANTICS.md section
// 6): one fetch of /robots.txt per origin (scheme, host, port; IDN hosts
// in Punycode; default ports folded), compiled to a blob and cached.
//
//	c := &fetch.Client{UserAgent: "examplebot/1.0 (+https://example.com/bot)"}
//	r, outcome, err := c.Get(ctx, "https://example.com/some/page")
//	ok := r.Agent("examplebot").Allowed("https://example.com/some/page")
//
// What a fetch gets and what applies:
//
//	2xx                            success: the body (its first MaxBytes) is parsed
//	3xx                            followed, across hosts, up to 5 redirects; the rules apply
//	                               to the original origin; a 6th redirect: unavailable
//	304 to a conditional request   the held robots.txt kept, its expiry renewed (a file
//	                               served with an ETag or Last-Modified is fetched again
//	                               with If-None-Match or If-Modified-Since)
//	4xx except 429                 unavailable: everything allowed
//	429, 5xx                       unreachable: everything disallowed; a 429 or 503's
//	                               Retry-After (seconds or a date) says when to fetch again
//	network, DNS, TLS error,       unreachable
//	timeout, body cut short
//
// A crawler with its own HTTP stack fetches /robots.txt itself and hands
// the response to Client.FromResponse, which applies the same table, by
// the same code, and caches the result as Get does. One that makes its
// requests with net/http plugs a Transport into its http.Client: it
// refuses disallowed URLs before any request (*DisallowedError, naming
// the deciding line) and, with Pace, spaces each origin's requests by its
// crawl-delay or request-rate.
//
// The cache is a Store: MemoryStore in memory, DirStore in a directory
// that survives restarts (DirStore.Prune drops the origins not fetched
// for a while, which would otherwise stay on disk), or the crawler's own
// (an Entry is plain data that encoding/json round-trips). Client.Stats
// gives the figures to export: hits, misses, responses by status class,
// 304s, bytes, stale serves, store errors.
//
// Caching: a result is kept for TTL (24 h), or for the response's
// Cache-Control max-age bounded to [MinTTL, MaxTTL]; an unreachable result
// for RetryUnreachable, or a 429 or 503's Retry-After bounded to [MinTTL,
// MaxRetryAfter]. While an origin is unreachable its last good copy
// (a parsed robots.txt, or the allow-all of a 4xx) keeps being served,
// marked Stale. With no copy, everything is disallowed until the origin
// has been unreachable for StaleFor (30 days), and then everything is
// allowed: Google's documented choice ("if the robots.txt is unreachable
// for more than 30 days ... if there is no cached copy, Google assumes
// there are no crawl restrictions").
//
// # Contract
//
//   - Concurrency: a Client, a Transport and the Stores here are safe for
//     concurrent use; concurrent Gets for one origin share one request,
//     which runs on when a caller's context ends (the caller stops
//     waiting). A Get answered by a MemoryStore takes no lock, so
//     goroutines on many cores ask one Client side by side.
//   - Bounds: each fetch is bounded by Timeout and reads at most MaxBytes
//     of the body; the cache by its Store (MemoryStore: bytes and entries,
//     evicted by a clock, nearly least recently used first).
//   - Storage: the blob is the unit of storage. A crawler can give the
//     Client its own Store; entries hold the blob and the outcome.
//   - Cost of a cached Get: the entry also holds the robots.txt loaded
//     when it was fetched, which MemoryStore keeps, so a Get of a cached
//     origin neither validates nor decodes the blob again; a URL that
//     begins with its origin as written (most do) is not parsed; and an
//     Allowed keeps its binding for the next one with the same tokens:
//     a cached Allowed costs a fraction of a microsecond and allocates
//     nothing (BenchmarkClientCached; docs/PERFORMANCE.md). Through a
//     Store that keeps only the exported fields, or hands out a copy of
//     Blob, each Get loads the blob. A crawler that checks many URLs of
//     one host keeps its runtime.Matcher (tens of nanoseconds a check).
//   - Errors: Get fails only for a URL without an http(s) origin or a
//     context that ends; a server's failure is an Outcome.
//   - Panics: none.
package fetch
