// Package runtime answers "may this crawler fetch this URL?" for a compiled
// robots.txt: what compile.Compile returns, or what Load reads back from a
// blob. A crawler binds its product tokens once per host (Robots.Agent)
// and asks the Matcher for each URL.
//
//	r, err := runtime.Load(blob)       // validates once; keeps a reference to blob
//	m := r.Agent("googlebot")          // a fallback chain: r.Agent("googlebot-news", "googlebot")
//	ok := m.Allowed(url)               // or m.Check(url): verdict, line, kind, priority
//
// # Tokens
//
// Agent compares a crawler's product tokens with those the file's
// user-agent lines name, ignoring ASCII case and exactly as given, as
// Google's reference does: a full User-Agent header ("politebot/1.0 (...)")
// matches no group. UserAgentToken extracts the token from a header.
//
// # URLs
//
// The path matched is taken from the URL (docs/SEMANTICS.md section 4.1):
// the path, parameters and query, with a '/' in front when it starts with
// '?' or ';'; scheme, authority and fragment are dropped; a string
// without "://" is read from its first '/', '?' or ';'. In Google mode it
// is matched as written and ends at a NUL; in RFC 9309 mode it is
// normalised as the patterns are (unreserved escapes decoded, hex
// upper-cased, bytes >= 0x80 escaped) and /robots.txt is always allowed
// (RFC 9309 section 2.2.2). The host plays no part: choosing the right
// robots.txt for a URL is the caller's (or package fetch's).
//
// # Contract
//
//   - Allocations: Allowed, AllowedBytes, Check and CheckBytes allocate
//     nothing (TestZeroAllocs). Load allocates a fixed handful of objects
//     per blob; Agent allocates the binding, and the first binding of a
//     program derives its screen and jump (bounded work, about a Load's);
//     bind once per host and keep the Matcher.
//   - Concurrency: Robots and Matcher are immutable and safe for concurrent
//     use. The blob must not be modified while a Robots refers to it.
//   - Panics: none, for any blob (Load validates every structural
//     invariant first, docs/FORMAT.md) and any URL.
//   - Errors: Load's wrap ErrFormat, ErrVersion or ErrChecksum and name
//     the byte offset of the fault; nothing else fails.
//   - Complexity: a check is linear in the URL for each automaton of the
//     bound groups, and for each rule left to the scan tier (groups past
//     the state budget); most URLs are decided within their first bytes.
//
// This package imports only automaton and go-farm, never compile: a
// service that evaluates blobs does not link the compiler.
package runtime
