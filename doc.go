// Package robotsdfa is a library and command-line tool for the Robots
// Exclusion Protocol (robots.txt, RFC 9309). In its default Google mode
// every verdict equals that of Google's open-source reference matcher; in
// RFC mode it follows RFC 9309's text where Google departs from it. Each
// merged user-agent group is compiled into a byte automaton, and a check
// takes tens of nanoseconds and allocates nothing.
//
// This package holds no code. Start with:
//
//   - compile: robots.txt bytes in, a compiled *runtime.Robots out
//     (compile.Compile), or a parsed file with every line's report for
//     tools (compile.Parse).
//   - runtime: what a crawler holds and asks: Robots.Agent binds its
//     product tokens, Matcher.Allowed and Check answer for URLs; Load
//     reads a compiled blob back. It does not link the compiler.
//   - fetch: robots.txt over HTTP as RFC 9309 sections 2.3 and 2.4 say,
//     cached per origin, for crawlers that fetch as they go.
//   - store: many hosts' compiled robots.txt in one file, opened in
//     milliseconds without reading it, asked by URL or host, with a
//     bounded cache of the hosts in use: for schedulers that hold
//     millions of hosts.
//
// Past one machine, the module github.com/robotsdfa/robotsdfa/beam runs
// the command line's filter on Apache Beam.
//
// In a few lines:
//
//	r := compile.Compile(body, compile.Options{})     // *runtime.Robots; never fails
//	m := r.Agent("examplebot")                          // bind once per host, keep m
//	ok := m.Allowed("https://example.com/some/page")    // 0 allocations
//	blob, _ := r.AppendBinary(nil)                      // store it; runtime.Load(blob) later
//
// Package automaton is the engine under compile and runtime, for experts
// who build, dump, encode or decode programs themselves. The command line
// is cmd/robotsdfa. The contract of both modes is docs/SEMANTICS.md (code
// comments cite its sections as "SEMANTICS n.m"); the architecture is
// docs/DESIGN.md, the blob format docs/FORMAT.md, the bounds on hostile
// input SECURITY.md, the measurements docs/PERFORMANCE.md.
package robotsdfa
