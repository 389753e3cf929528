// Package robotsdfa is the root of a library and command-line tool for the
// Robots Exclusion Protocol (robots.txt, RFC 9309).
//
// The work is split into packages, each with one job (see DESIGN.md and
// deps_test.go, which enforces who may import whom):
//
//   - compile: robots.txt bytes to a parsed file (lines, groups, records,
//     lint flags), group selection, and compilation into automata.
//   - automaton: the byte automata a merged group compiles into (subset
//     construction over pattern positions with a canonical leader rule,
//     byte classes, decided states, sparse and dense rows, a state budget
//     with a split fallback), their evaluation and a text dump.
//   - internal/reference: a slow, literal matcher written straight from the
//     semantics; the oracle every faster implementation is tested against.
//
// In Google mode, the default, verdicts equal those of Google's open-source
// reference matcher; in RFC mode they follow RFC 9309's text where Google
// departs from it.
package robotsdfa
