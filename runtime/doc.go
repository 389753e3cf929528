// Package runtime evaluates compiled robots.txt blobs: load and validate
// once, bind a crawler's product tokens, and answer "may this URL be
// fetched?" with the deciding rule.
//
//	r, err := runtime.Load(blob)       // validates; keeps a reference to blob
//	m := r.Agent("googlebot")          // fallback chain: r.Agent("googlebot-news", "googlebot")
//	ok := m.Allowed(url)               // or m.Check(url): verdict, line, kind, priority
//
// The URL side of SEMANTICS section 4 happens here: the path is taken from
// the URL without allocating (section 4.1, with an implicit '/' in front of
// a path that starts with '?' or ';'; on amd64 the end of a URL's
// authority is found sixteen bytes at a time in SSE2, authority_amd64.s,
// which the build tag purego leaves out); in Google mode it is matched as
// written and ends at a NUL; in RFC 9309 mode it is normalised (unreserved
// escapes decoded, hex upper-cased, bytes >= 0x80 escaped) and /robots.txt
// is always allowed (RFC 9309 section 2.2.2). In Google mode, when the
// bound program's automata end a path at '#' as at its end and it scans no
// rule (automaton.Program.EndsAtFragment; compiled robots.txt files nearly
// always qualify), the path goes to them with its fragment, if any, instead
// of being searched for one first. A bound program of one automaton and no
// scanned rule (automaton.Program.Direct, most of them) is walked straight
// from the Matcher's copy of its automaton's walk. A Matcher bound to a
// single program holds its screen (automaton.Program.Screen): a path whose
// first bytes settle its leader, as most do on hosts other than the one
// checked before, is answered without reading the program's tables; one
// whose first bytes settle the anchored rules' part walks only the
// floating rules' automata.
//
// # Contract
//
//   - Allocations: Allowed, AllowedBytes, Check and CheckBytes allocate
//     nothing (TestZeroAllocs). Paths that must be copied (RFC mode, or a
//     '/' to add) use a 512-byte stack buffer, or a pooled one beyond.
//     Load allocates the rule tables and the agent index; Agent allocates
//     the bound group list (and a lower-cased copy of a token with
//     capitals). The first Agent to bind a program derives its screen
//     (bounded work, as much as Load's on average over the frontier's
//     files: BenchmarkBind), which the program keeps for every later
//     binding.
//   - Concurrency: Robots and Matcher are immutable and safe for concurrent
//     use. The blob must not be modified while a Robots refers to it.
//   - Panics: none, for any blob (Load validates everything first) and any
//     URL.
//   - Complexity: linear in the URL for each automaton of the bound groups,
//     and for each rule the compiler left to the scan tier (groups past the
//     state budget); most URLs are decided within their first bytes, many
//     by the screen alone.
//
// This package imports only automaton and go-farm, never compile: a
// service that evaluates blobs does not link the compiler.
package runtime
