package compile

import "github.com/robotsdfa/robotsdfa/runtime"

// File is a parsed robots.txt: every line as it was read, the groups it
// forms, and the records that do not affect verdicts.
type File struct {
	// Options are the options the file was parsed with.
	Options Options
	// Lines holds one entry per line, in order; Lines[i].Number == i+1. A
	// last line that is empty because the body ends with a line end is not
	// included.
	Lines []Line
	// Groups are the groups as written (RFC 9309 section 2.1), in order.
	Groups []Group
	// Sitemaps are the sitemap lines, file-wide, in order.
	Sitemaps []runtime.Sitemap
	// Records are the other records (crawl-delay, host, ...), in order;
	// Group.Records says which stand in which group.
	Records []runtime.Record
	// Size is the length of the body; Read is how many bytes were parsed
	// (less than Size when MaxBytes cut it).
	Size, Read int
}

// Truncated reports whether MaxBytes cut the body.
func (f *File) Truncated() bool { return f.Read < f.Size }

// LineKind says what a line is.
type LineKind uint8

const (
	// EmptyLine: nothing but whitespace.
	EmptyLine LineKind = iota
	// CommentLine: nothing but a comment (and whitespace).
	CommentLine
	// InvalidLine: text that is not a key-value pair (no separator, an
	// empty key, or in Google mode three or more words without a colon).
	InvalidLine
	// UserAgentLine: a user-agent line.
	UserAgentLine
	// AllowLine: an allow rule.
	AllowLine
	// DisallowLine: a disallow rule.
	DisallowLine
	// SitemapLine: a sitemap line.
	SitemapLine
	// OtherLine: any other record (crawl-delay, host, ...).
	OtherLine
)

var lineKindNames = [...]string{"empty", "comment", "invalid", "user-agent", "allow", "disallow", "sitemap", "other"}

// String returns the kind's name as the RFC spells the key ("user-agent",
// "allow", ...).
func (k LineKind) String() string {
	if int(k) < len(lineKindNames) {
		return lineKindNames[k]
	}
	return "unknown"
}

// RuleKind is the kind of rule an allow or disallow line makes
// (runtime.Allow or runtime.Disallow), 0 for other lines.
func (k LineKind) RuleKind() runtime.Kind {
	switch k {
	case AllowLine:
		return runtime.Allow
	case DisallowLine:
		return runtime.Disallow
	}
	return 0
}

// IsRule reports whether k is AllowLine or DisallowLine.
func (k LineKind) IsRule() bool { return k == AllowLine || k == DisallowLine }

// Flag marks something a linter would say about a line. Flags never change
// a verdict; they describe what the parser did.
type Flag uint16

const (
	// FlagKeyVariant: the key was accepted although it is not spelled as the
	// RFC spells it (a Google typo such as "dissallow", or a longer word
	// starting with a key, such as "Disallowed"). Google mode only.
	FlagKeyVariant Flag = 1 << iota
	// FlagMissingColon: no colon; whitespace separated key and value.
	// Google mode only.
	FlagMissingColon
	// FlagCut: the line was longer than GoogleMaxLineBytes and its tail was
	// dropped. Google mode only.
	FlagCut
	// FlagNUL: a NUL byte ended the line's content early. Google mode only.
	FlagNUL
	// FlagOutsideGroup: an allow or disallow line before any user-agent
	// line; it is ignored (RFC 9309 section 2.2.2).
	FlagOutsideGroup
	// FlagUnsupported: an other record that no crawler we know of reads.
	FlagUnsupported
	// FlagNeverMatches: a pattern that can match no URL, because it starts
	// with neither '/' nor '*' (every path starts with '/').
	FlagNeverMatches
	// FlagGoogleKey: in RFC mode, a key that Google would read as
	// user-agent, allow, disallow or sitemap (a typo or a longer word).
	FlagGoogleKey
	// FlagBadValue: an other record whose value could not be read (a
	// crawl-delay that is not a number, a request-rate not of the form n/t).
	FlagBadValue
	// FlagTrailingComment: the line had a comment after its content.
	FlagTrailingComment
)

var flagNames = []struct {
	f    Flag
	name string
}{
	{FlagKeyVariant, "key-variant"},
	{FlagMissingColon, "missing-colon"},
	{FlagCut, "cut"},
	{FlagNUL, "nul"},
	{FlagOutsideGroup, "outside-group"},
	{FlagUnsupported, "unsupported"},
	{FlagNeverMatches, "never-matches"},
	{FlagGoogleKey, "google-key"},
	{FlagBadValue, "bad-value"},
	{FlagTrailingComment, "trailing-comment"},
}

// Names returns the names of the flags set, in a fixed order.
func (f Flag) Names() []string {
	var out []string
	for _, n := range flagNames {
		if f&n.f != 0 {
			out = append(out, n.name)
		}
	}
	return out
}

// Line is one line of the file as the parser read it.
type Line struct {
	// Number is the 1-based line number; Offset is the byte offset of the
	// line's first byte in the body. (Bodies are read up to MaxBodyBytes,
	// so both fit.)
	Number, Offset int32
	// Group is the index in File.Groups of the group the line belongs to,
	// or -1 before the first user-agent line.
	Group int32
	Kind  LineKind
	// Global is set on a user-agent line naming the global group '*'.
	// (Beside Kind, so that a Line packs into 64 bytes.)
	Global bool
	Flags  Flag
	// Key is the key as written (trimmed); Value the value as written
	// (trimmed, comment removed). Both are empty for Empty, Comment and
	// Invalid lines.
	Key, Value string
	// Token is set on user-agent lines: the product token (per mode; see
	// ProductToken), or "*" for a global line. Pattern is set on allow and
	// disallow lines: the value after normalisation (see NormalizePattern),
	// whose length is the rule's priority. They share one field, which
	// holds an other record's lower-cased key too.
	norm string
}

// Token returns a user-agent line's product token ("*" for a global line),
// "" for other lines.
func (ln *Line) Token() string {
	if ln.Kind == UserAgentLine {
		return ln.norm
	}
	return ""
}

// Pattern returns an allow or disallow line's normalised pattern, "" for
// other lines.
func (ln *Line) Pattern() string {
	if ln.Kind.IsRule() {
		return ln.norm
	}
	return ""
}

// Group is one group as written: user-agent lines followed by rules (RFC
// 9309 section 2.1). Groups are not merged here; see SelectChain.
type Group struct {
	// Agents are the group's user-agent lines in order.
	Agents []AgentLine
	// Rules are the group's rules in order, including rules with an empty
	// pattern (which never decide) and, in Google mode, the rules implied
	// by the index.htm rule (Implied set). Each pattern is normalised (see
	// NormalizePattern) and its priority is its length.
	Rules []runtime.Rule
	// Records are indices into File.Records of the other records that stand
	// inside the group (crawl-delay, request-rate, ...).
	Records []int
	// FirstLine and LastLine span the group, from its first user-agent line
	// to the last line before the next group (or the end of the file).
	FirstLine, LastLine int32
}

// HasGlobal reports whether one of the group's user-agent lines is '*'.
func (g *Group) HasGlobal() bool {
	for i := range g.Agents {
		if g.Agents[i].Global {
			return true
		}
	}
	return false
}

// Names reports whether one of the group's product tokens equals token,
// ignoring ASCII case (RFC 9309 section 2.2.1).
func (g *Group) Names(token string) bool {
	for i := range g.Agents {
		if !g.Agents[i].Global && EqualFoldASCII(g.Agents[i].Token, token) {
			return true
		}
	}
	return false
}

// AgentLine is one user-agent line of a group.
type AgentLine struct {
	// Token is the product token extracted from the value (ProductToken);
	// Value is the value as written.
	Token, Value string
	// Global is true for '*' (or '*' followed by whitespace and anything).
	Global bool
	Line   int32
}
