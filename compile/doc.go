// Package compile reads robots.txt files (RFC 9309) and, in later stages,
// turns their groups into automata.
//
// # Reading
//
// Parse turns a body into a File: every line with its kind, key, value and
// lint flags; the groups as written; sitemaps; and every other record. It
// never fails and never refuses a file: each line that can be read is used
// (RFC 9309 section 2.3.1.5). Two modes exist (see Mode): Google, the
// default, reads a file exactly as Google's open-source reference matcher
// does; RFC9309 follows the RFC's text where Google departs from it.
//
// What the texts leave open is decided here (SEMANTICS.md section 7):
//
//   - A crawl-delay that is not a non-negative decimal number of seconds,
//     or a request-rate not of the form n/t[s|m|h], is kept as a record
//     with FlagBadValue and ignored by CrawlDelay and RequestRate. Delays
//     are capped at one year.
//   - A user-agent line names one product token: "User-agent: a b" is
//     token "a" in both modes (Google stops at the first byte outside
//     [A-Za-z_-], RFC mode at whitespace). Several agents need several
//     lines.
//   - Control bytes in patterns are ordinary bytes and match themselves,
//     except that in Google mode a NUL ends the line (the reference reads
//     lines as C strings) and in both modes tab, VT, FF and CR around a
//     value are trimmed as whitespace.
//   - A line cut in two by MaxBytes is read as a line, like any other last
//     line; File.Truncated reports the cut.
//
// # Contract
//
// Parse is linear in time and memory in min(len(body), MaxBytes), copies the
// body once, never panics, and is safe for concurrent use. Its line report
// (File.Lines, 64 bytes a line) is what lint and explain read; a caller
// that only compiles sets Options.NoLines, and Parse then builds it in a
// pooled buffer that it clears and gives back: the same groups, records
// and blob, a fifth less memory and 9% less time for the median file's
// parse, compile and serialise (PeersParse, n=10, p=0.005). A File is not
// modified after Parse returns and may be read by many goroutines at once.
// Selections (SelectChain, SelectUnion) are computed on demand in time
// linear in the number of user-agent lines.
//
// Compile never fails and never panics. Its time and memory are linear in
// the file plus a constant per merged group set by the automaton budgets
// (automaton.Options): over hostile generators of up to 500 KiB it
// allocates at most 600 bytes per input byte (TestHostileLinear; figures
// in SECURITY.md).
package compile
