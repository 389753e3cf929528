package runtime

import (
	"slices"
	"time"

	"github.com/robotsdfa/robotsdfa/automaton"
)

// Robots is one robots.txt, compiled: what compile.Compile returns and
// Load reads back from a blob. It is immutable and safe for concurrent
// use.
type Robots struct {
	set *automaton.Set
}

// Load validates blob once (every structural invariant, in the order
// docs/FORMAT.md gives) and returns the robots.txt it holds. The Robots
// refers to blob's bytes, which must not be modified afterwards; nothing
// is decoded again per query. Errors wrap ErrFormat, ErrVersion or
// ErrChecksum and name the byte offset of the fault. Load never panics,
// for any bytes, and takes time linear in the blob.
func Load(blob []byte) (*Robots, error) {
	set, err := automaton.Decode(blob)
	if err != nil {
		return nil, err
	}
	return &Robots{set: set}, nil
}

// FromSet wraps a set compiled in memory (compile.File.CompileSet, or one
// built with package automaton), for experts who hold one. The set must
// not be modified afterwards.
func FromSet(set *automaton.Set) *Robots { return &Robots{set: set} }

// AppendBinary appends r's blob to dst: the versioned, checksummed form to
// store and hand to Load (docs/FORMAT.md). The same robots.txt compiled
// the same way gives the same bytes. It allocates only to grow dst.
func (r *Robots) AppendBinary(dst []byte) ([]byte, error) { return r.set.AppendBinary(dst) }

// RFC reports whether the robots.txt was compiled in RFC 9309 mode (else
// Google mode).
func (r *Robots) RFC() bool { return r.set.RFC }

// HasGroups reports whether r's robots.txt has a group: a user-agent line
// was read (SEMANTICS 2.1), even one with no rules after it. One with none
// (an empty file, or a web page served as robots.txt) allows every URL to
// every agent, which a crawler may want to log. A Robots compiled for some
// tokens only (CompiledFor) reports true: it keeps none of the file's other
// groups, so cannot tell.
func (r *Robots) HasGroups() bool { return len(r.set.Programs) > 0 || r.set.Restricted }

// CompiledFor reports whether r answers for each of tokens as the whole
// file would. It does, unless r was compiled for some tokens only
// (compile.Options.Tokens, robotsdfa compile -agent) and one of these is
// not among them: then that token's own groups may have been left out,
// and Agent would answer with the '*' groups where the file gives it
// others. A caller that loads blobs compiled by others asks before it
// binds (package store does: its lookups fail with ErrNotCompiledFor).
// Tokens compare ignoring ASCII case.
func (r *Robots) CompiledFor(tokens ...string) bool { return r.set.CompiledFor(tokens) }

// CompiledTokens returns the product tokens r was compiled for,
// lower-cased and sorted, or nil when it was compiled for every token its
// file names (CompiledFor).
func (r *Robots) CompiledTokens() []string {
	if !r.set.Restricted {
		return nil
	}
	tokens := make([]string, len(r.set.Agents))
	for i, a := range r.set.Agents {
		tokens[i] = a.Token
	}
	slices.Sort(tokens)
	return tokens
}

// Agent binds a crawler's product tokens as a fallback chain (RFC 9309
// section 2.2.1): the first token the file names a group for decides which
// groups apply, else the '*' groups, else none (everything allowed).
//
// A token is compared with the product tokens the file's user-agent lines
// name, ignoring ASCII case, exactly as given: as Google's reference does,
// "politebot/1.0" matches no group (a full User-Agent header is not a
// product token; UserAgentToken extracts one), and a token of characters
// outside [A-Za-z_-] matches only by coincidence.
//
// Binding allocates; checks do not. The first binding of a program
// derives its screen (as much work as Load, on average); bind once per
// host and keep the Matcher.
func (r *Robots) Agent(tokens ...string) Matcher {
	return bind(r.set, tokens, false, true)
}

// AgentUnion binds product tokens the way Google's reference does when it
// is given several user agents: the groups of every token apply together
// (else the '*' groups).
func (r *Robots) AgentUnion(tokens ...string) Matcher {
	return bind(r.set, tokens, true, true)
}

// AgentOnce is Agent for a host that will be checked once or twice: it
// does not derive the programs' screens, which cost a first binding
// more than a few checks save. The Matcher gives Agent's verdicts; on a
// cold cache its checks are slower. A later Agent of the same Robots
// derives them then.
func (r *Robots) AgentOnce(tokens ...string) Matcher {
	return bind(r.set, tokens, false, false)
}

// AgentUnionOnce is AgentUnion as AgentOnce is Agent.
func (r *Robots) AgentUnionOnce(tokens ...string) Matcher {
	return bind(r.set, tokens, true, false)
}

// Sitemaps returns the file's sitemap URLs, in order.
func (r *Robots) Sitemaps() []Sitemap { return r.set.Sitemaps }

// Records returns the file's other records (crawl-delay, host, ...), in
// order.
func (r *Robots) Records() []Record { return r.set.Records }

// CrawlDelay returns the crawl-delay for the bound groups (the largest one
// given), and false when none is given.
func (m Matcher) CrawlDelay() (time.Duration, bool) {
	d := m.b.Meta().CrawlDelay
	return d, d >= 0
}

// RequestRate returns the request-rate for the bound groups (the most
// polite one: the lowest rate, compared exactly): requests per period, and
// false when none is given.
func (m Matcher) RequestRate() (requests int, per time.Duration, ok bool) {
	meta := m.b.Meta()
	return int(meta.Requests), meta.Per, meta.Requests > 0
}
