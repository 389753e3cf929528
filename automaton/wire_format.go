package automaton

import "math"

// The blob wire format, version 3. docs/FORMAT.md describes it byte by
// byte; this file holds its constants, wire_encode.go writes it,
// wire_decode.go reads it and wire_validate.go checks each DFA table in it.

const (
	// Magic opens every blob.
	Magic = "RDFAblob"
	// Version is the format version this package writes and reads.
	Version    = 3
	headerSize = 24
	entrySize  = 12 // section table entry: id, offset, length
	// section record sizes, in bytes
	agentSize   = 24
	programSize = 48
	ruleSize    = 20
	dfaSize     = 28
	sitemapSize = 12
	recordSize  = 20
	none32      = math.MaxUint32
)

// Header flags.
const (
	// flagRFC marks a set compiled in RFC 9309 mode.
	flagRFC = 1 << 0
	// flagRestricted marks a set compiled for some tokens only
	// (Set.Restricted): an agent's program may then be none32.
	flagRestricted = 1 << 1
)

// Section ids, in the order they appear.
const (
	secStrings = 1 + iota
	secAgents
	secPrograms
	secRules
	secIndex
	secDFAs
	secTables
	secMeta
	numSections = secMeta
)
