// Package automaton is the engine: it builds the byte automata that
// robots.txt groups compile into, writes and validates them as blobs, and
// evaluates them. It is the expert layer under packages compile (which
// reads robots.txt and calls Build) and runtime (which loads blobs and
// answers for URLs), as regexp/syntax is under regexp; ordinary code
// imports compile, runtime and fetch.
//
// # What it holds
//
// A merged group is a set of rules (kind, normalised pattern, line). Its
// priority order is length, then line; the verdict is that of the best
// matching allow and the best matching disallow, disallowed only if the
// disallow's priority is strictly greater. Build turns each group of a
// file into a Program: the ranked rule table and its DFAs, one for the
// anchored rules and one for the floating "/*x" rules; floating literals
// get the Aho-Corasick automaton of their keywords; past the Budget,
// several DFAs over parts of the rules and, last, wildcard rules scanned
// one by one. No robots.txt is ever refused.
//
// A DFA state is a set of live pattern threads. Of a settled allow and a
// settled disallow only one can still decide (the disallow if its priority
// is strictly greater, else the allow): that rule is the leader, and the
// leaders of parts combine exactly. Threads that can no longer beat the
// rules settled with them are pruned; states with no thread left are
// decided and absorbing, numbered first, then states with an output, so
// one compare finds every state that needs more than a step. End of input
// is one more byte class (so is NUL in Google mode). A DFA is one flat
// table of 32-bit words with premultiplied refs, the same in memory and in
// a blob: dense rows, sparse rows and chain rows (a literal pattern's
// bytes at a byte each).
//
// A Set is a compiled robots.txt: its programs, the agent index from
// product tokens to programs, each program's crawl-delay and request-rate,
// the sitemaps and the other records. Set.AppendBinary writes its blob
// (docs/FORMAT.md); Decode validates one and returns its set, referring to
// the blob's bytes. Set.Bind chooses a crawler's programs and returns a
// Bound, whose Check answers a path: from the program's screen (a few
// words that settle most paths from their first bytes without reading the
// program), its jump (a common prefix compared in one word), or its walks
// (a floating DFA's idle state skipped sixteen bytes at a time in SSE2 on
// amd64; the build tag purego leaves the assembly out).
//
// # Files
//
// The files are grouped by phase: rule.go, program.go, set.go and
// table.go (the table's format and the walks over it; table_states.go
// reads it back state by state) are shared; build_*.go construct programs
// (subset construction, tries, keyword automata, minimisation, the rows'
// layout); wire_*.go are the blob format, written and validated; eval_*.go
// are the engines above a table (the Bound, the screen, the jump, the idle
// state and its skip, the scan tier).
//
// # Contract
//
//   - Build never fails and never panics. Each DFA attempt is bounded by
//     the Budget (states, table bytes, construction work), there are at
//     most a dozen attempts per group, and the trie and keyword automata
//     are linear in their patterns' bytes.
//   - Decode never panics and never loops, for any bytes: it checks the
//     header, the checksum, the section table and every reference and
//     invariant the evaluator relies on, in the order docs/FORMAT.md
//     gives, in time linear in the blob. A bad blob is an error wrapping
//     ErrFormat, ErrVersion or ErrChecksum that names the byte offset.
//   - Bound.Check allocates nothing and takes time linear in the path for
//     each automaton of the bound programs and each rule they scan.
//     Programs, sets and Bounds are immutable once built or decoded and
//     safe for concurrent use; a program's screen and jump are derived on
//     its first binding (bounded work) and kept.
//   - Set.AppendBinary is safe for concurrent use and allocates only the
//     blob (none into a buffer with room); Decode allocates a fixed
//     handful of objects per blob.
package automaton
