package compile

import (
	"fmt"

	"github.com/robotsdfa/robotsdfa/automaton"
)

// Mode selects whose reading of robots.txt applies.
type Mode uint8

const (
	// Google reads robots.txt as Google's open-source reference matcher
	// does: key prefixes and common typos, a missing colon, the 16,663-byte
	// line cap, product tokens of [A-Za-z_-] only, the index.htm rule, and
	// no normalisation of the URL. It is the default (the zero Mode).
	Google Mode = iota
	// RFC9309 follows the text of RFC 9309 where Google departs from it:
	// exact keys, no line cap, product tokens up to whitespace or '/',
	// percent-decoding of unreserved characters on both sides, and an
	// always-allowed /robots.txt.
	RFC9309
)

// String returns "google" or "rfc".
func (m Mode) String() string {
	switch m {
	case Google:
		return "google"
	case RFC9309:
		return "rfc"
	}
	return fmt.Sprintf("Mode(%d)", uint8(m))
}

// ParseMode reads the names String returns ("google", "rfc"; "rfc9309" is
// accepted too).
func ParseMode(s string) (Mode, error) {
	switch s {
	case "google", "Google":
		return Google, nil
	case "rfc", "RFC", "rfc9309", "RFC9309":
		return RFC9309, nil
	}
	return 0, fmt.Errorf("unknown mode %q (want google or rfc)", s)
}

// DefaultMaxBytes is the number of bytes of a robots.txt that are read when
// Options.MaxBytes is zero: 500 KiB, RFC 9309's minimum (section 2.5) and
// Google's production limit.
const DefaultMaxBytes = 512000

// NoLimit as Options.MaxBytes reads the whole body, up to MaxBodyBytes.
const NoLimit = -1

// MaxBodyBytes is the hard limit on how much of a body is read whatever
// Options.MaxBytes says (2 GiB less one byte), so that line numbers and
// offsets fit in 32 bits.
const MaxBodyBytes = 1<<31 - 1

// GoogleMaxLineBytes is how many bytes of one line Google's reference keeps
// (a 2083×8-byte buffer less one byte for the terminator). The rest of the
// line is dropped; what is kept still counts.
const GoogleMaxLineBytes = 2083*8 - 1

// Options control reading and compiling. The zero value is Google mode,
// the default size limit, every group, the default budget.
type Options struct {
	// Mode is Google (default) or RFC9309.
	Mode Mode
	// MaxBytes is how many bytes of the body are read: 0 means
	// DefaultMaxBytes, a negative value (NoLimit) means all of it up to
	// MaxBodyBytes. A line cut in two by the limit is read as a line,
	// like any other last line.
	MaxBytes int
	// Tokens, when not empty, limits what Compile builds to the groups
	// these product tokens use (each token's own groups, and the '*'
	// groups): a smaller result for a crawler that knows its names.
	// Empty: every token the file names. Parse reads every group either
	// way. The result records the tokens: it answers fallback chains and
	// unions of them as the whole file would, and Robots.CompiledFor is
	// false for any other token, whose own groups it may lack.
	Tokens []string
	// Budget bounds the construction of each automaton (zero: the
	// default). A group past it compiles into several automata and, past
	// that, rules scanned one by one: the same verdicts, whatever the
	// budget.
	Budget automaton.Budget
}

// BodyLimit is how many bytes of a body Parse and Compile read under o. A
// caller reading a body from a file or the network needs no more, and one
// more byte tells it (and the parser) that the body was cut.
func (o Options) BodyLimit() int { return o.limit(MaxBodyBytes) }

// limit returns the effective byte limit for a body of n bytes.
func (o Options) limit(n int) int {
	switch {
	case o.MaxBytes == 0:
		return min(n, DefaultMaxBytes)
	case o.MaxBytes < 0:
		return min(n, MaxBodyBytes)
	default:
		return min(n, o.MaxBytes, MaxBodyBytes)
	}
}
