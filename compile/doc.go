// Package compile reads robots.txt files (RFC 9309) and compiles them into
// the value a crawler asks: Compile turns a body into a *runtime.Robots,
// as regexp.Compile turns an expression into a *regexp.Regexp.
//
//	r := compile.Compile(body, compile.Options{})
//	ok := r.Agent("examplebot").Allowed("https://example.com/some/page")
//	blob, err := r.AppendBinary(nil) // to store; runtime.Load reads it back
//
// # Reading
//
// Parse turns a body into a File, for tools: every line with its kind,
// key, value and lint flags; the groups as written; the sitemaps; every
// other record. File.Compile compiles it as Compile compiles the body. Two
// modes exist (see Mode): Google, the default, reads a file exactly as
// Google's open-source reference matcher does; RFC9309 follows the RFC's
// text where Google departs from it (docs/SEMANTICS.md, sections 1 to 3).
//
// What the texts leave open is decided here (SEMANTICS 7):
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
// # Compiling
//
// Each distinct merged group (RFC 9309 section 2.2.1: all the groups that
// name a product token, merged; and all '*' groups) becomes one program
// of package automaton: byte automata with the rules' priorities settled
// in their states. A group whose automaton would exceed Options.Budget is
// split among several automata and, past that, its wildcard rules are
// scanned one by one, with the same verdicts: no robots.txt is refused.
// Options.Tokens limits the result to the groups a crawler's tokens use,
// and the result says so (runtime.Robots.CompiledFor).
//
// # Contract
//
//   - Panics: none, for any body and options.
//   - Errors: none; Parse and Compile never fail. Every line that can be
//     read is used (RFC 9309 section 2.3.1.5) and what could not be is
//     described in File.Lines.
//   - Complexity: Parse is linear in time and memory in min(len(body),
//     MaxBytes) and copies the body once. Compile is linear in the same
//     plus a constant per merged group set by the budget: over hostile
//     generators of up to 500 KiB it allocates at most 600 bytes per
//     input byte (TestHostileLinear; SECURITY.md). Compile keeps no line
//     report (64 bytes a line), which only Parse's callers read.
//   - Concurrency: Parse and Compile are safe for concurrent use. A File
//     is not modified after Parse returns and may be read by many
//     goroutines at once; so is the *runtime.Robots Compile returns.
//     Selections (SelectChain, SelectUnion) are computed on demand in
//     time linear in the number of user-agent lines.
package compile
