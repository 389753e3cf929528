package runtime

import "github.com/robotsdfa/robotsdfa/automaton"

// The few engine types a user of this package sees, named here so that
// ordinary code imports compile, runtime and fetch only.

// Kind is a rule's kind: Allow or Disallow (0 for none).
type Kind = automaton.Kind

// The rule kinds.
const (
	Allow    = automaton.Allow
	Disallow = automaton.Disallow
)

// Rule is one rule of a merged group: its kind, its pattern (normalised:
// '*' matches any run of bytes, a final '$' anchors the end), its
// priority (the pattern's length in bytes) and its line.
type Rule = automaton.Rule

// Sitemap is a sitemap line's URL, as written, and its line.
type Sitemap = automaton.Sitemap

// Record is a record that does not affect verdicts (crawl-delay, host,
// clean-param, ...): its lower-cased key, its value as written, its line.
type Record = automaton.Record

// The errors Load's errors wrap (errors.Is): a blob that is not one, is
// damaged, or was written by another format version; and one whose
// checksum does not match its bytes.
var (
	ErrFormat   = automaton.ErrFormat
	ErrVersion  = automaton.ErrVersion
	ErrChecksum = automaton.ErrChecksum
)
