package automaton

import (
	"cmp"
	"math/bits"
	"slices"
	"strings"
	"time"
	"unsafe"

	farm "github.com/dgryski/go-farm"
)

// Set is a compiled robots.txt: one Program per distinct merged group, an
// index from product tokens to programs, and the records that do not
// affect verdicts.
type Set struct {
	// RFC is true for a set compiled in RFC 9309 mode: the runtime then
	// normalises URLs and always allows /robots.txt.
	RFC bool
	// Programs are the merged groups' programs.
	Programs []*Program
	// Agents is the index from product tokens to programs: each token
	// the file names, lower-cased, once, in lookup order (by
	// Fingerprint64 of the token, then token). Decode gives it so; a
	// caller that fills or changes it calls Index.
	Agents []Agent
	// Restricted is true for a set compiled for some product tokens only
	// (compile.Options.Tokens): Agents then lists every token it was
	// compiled for, one that no group names with the Program NoRule, and
	// a token it does not list may have groups the set left out
	// (CompiledFor).
	Restricted bool
	// Global is the program of the '*' groups, or NoRule when there are
	// none.
	Global int32
	// Meta holds per-program crawl-delay and request-rate, parallel to
	// Programs.
	Meta []ProgramMeta
	// Sitemaps are the sitemap URLs, file-wide, in order.
	Sitemaps []Sitemap
	// Records are the other records, in order.
	Records []Record
}

// Agent is an entry of a set's agent index: a lower-cased product token
// and its program.
type Agent struct {
	Token   string
	Program int32
	fp      uint64 // Fingerprint64 of Token (see Index)
}

// ProgramMeta is what a merged group says besides rules.
type ProgramMeta struct {
	// CrawlDelay is the largest crawl-delay of the merged groups, or -1.
	CrawlDelay time.Duration
	// RequestRate: Requests per Per, the most polite of the groups;
	// Requests 0 means none.
	Requests int32
	Per      time.Duration
}

// Merge returns the most polite of m and o: the larger crawl-delay, and
// the lower request-rate (compared exactly; m's of two equal ones), each
// where given.
func (m ProgramMeta) Merge(o ProgramMeta) ProgramMeta {
	if o.CrawlDelay > m.CrawlDelay {
		m.CrawlDelay = o.CrawlDelay
	}
	if o.Requests > 0 && (m.Requests <= 0 || slowerRate(int64(o.Requests), o.Per, int64(m.Requests), m.Per)) {
		m.Requests, m.Per = o.Requests, o.Per
	}
	return m
}

// slowerRate reports whether aReq requests per aPer is a lower rate than
// bReq per bPer (counts and periods positive): whether aReq·bPer < bReq·aPer,
// compared exactly, in 128 bits, for any counts and periods a blob may hold.
// Of several request-rates, the most polite is one no other is slower than.
func slowerRate(aReq int64, aPer time.Duration, bReq int64, bPer time.Duration) bool {
	ah, al := bits.Mul64(uint64(aReq), uint64(bPer))
	bh, bl := bits.Mul64(uint64(bReq), uint64(aPer))
	return ah < bh || ah == bh && al < bl
}

// Sitemap is a sitemap URL and its line.
type Sitemap struct {
	URL  string
	Line int32
}

// Record is an other record (crawl-delay, host, ...): lower-cased key,
// value as written, line.
type Record struct {
	Key, Value string
	Line       int32
}

// Select returns the programs that apply to a crawler. With union false
// the tokens are a fallback chain: the first token with a group of its
// own, else the '*' groups, else none. With union true every token's
// groups apply together (the reference's multi-agent call), else '*'.
// Tokens are compared ignoring ASCII case.
func (s *Set) selectPrograms(tokens []string, union bool) []int32 {
	var out []int32
	for _, t := range tokens {
		if p, ok := s.lookup(t); ok {
			if !union {
				return []int32{p}
			}
			out = append(out, p)
		}
	}
	if out == nil && s.Global != NoRule {
		out = []int32{s.Global}
	}
	return out
}

// checkPrograms answers for a path in its matching form under the given
// programs (what selectPrograms returns): the verdict and the deciding rule (nil:
// none). It does not allocate.
func (s *Set) checkPrograms(programs []int32, path []byte) (bool, *rank) {
	var allow, disallow *rank
	for _, pi := range programs {
		a, d := s.Programs[pi].match(path)
		if a != nil && (allow == nil || betterRank(a, allow)) {
			allow = a
		}
		if d != nil && (disallow == nil || betterRank(d, disallow)) {
			disallow = d
		}
	}
	return verdict(allow, disallow)
}

// lookup returns the program of product token t (compared ignoring ASCII
// case) by binary search of Agents. It allocates only when t has a
// capital letter (to lower-case it).
func (s *Set) lookup(t string) (int32, bool) {
	key := agentKey(t)
	i, found := slices.BinarySearchFunc(s.Agents, Agent{Token: key, fp: fingerprint(key)}, compareAgents)
	if !found {
		return NoRule, false
	}
	p := s.Agents[i].Program // NoRule: compiled for, no group of its own
	return p, p != NoRule
}

// CompiledFor reports whether the set answers for each of tokens as the
// whole file would: always, unless it is Restricted and a token is not
// one it was compiled for (compared ignoring ASCII case). It allocates
// only for a token with a capital letter.
func (s *Set) CompiledFor(tokens []string) bool {
	if !s.Restricted {
		return true
	}
	for _, t := range tokens {
		key := agentKey(t)
		if _, found := slices.BinarySearchFunc(s.Agents, Agent{Token: key, fp: fingerprint(key)}, compareAgents); !found {
			return false
		}
	}
	return true
}

// Index puts Agents in the order a lookup needs: each token lower-cased
// (ASCII letters only, as Google's reference compares tokens) and
// fingerprinted, sorted by fingerprint, then token. A caller that fills or
// changes Agents calls it; Decode returns a set already indexed.
func (s *Set) Index() {
	for i := range s.Agents {
		s.Agents[i].Token = agentKey(s.Agents[i].Token)
	}
	sortAgents(s.Agents)
}

// sortAgents fingerprints each agent's token and sorts them by
// compareAgents.
func sortAgents(agents []Agent) {
	for i := range agents {
		agents[i].fp = fingerprint(agents[i].Token)
	}
	slices.SortFunc(agents, compareAgents)
}

// compareAgents orders agents by fingerprint, then token.
func compareAgents(a, b Agent) int {
	if a.fp != b.fp {
		return cmp.Compare(a.fp, b.fp)
	}
	return strings.Compare(a.Token, b.Token)
}

// fingerprint is Fingerprint64 of a token, the agent index's order.
func fingerprint(token string) uint64 {
	return farm.Fingerprint64(unsafe.Slice(unsafe.StringData(token), len(token)))
}

// agentKey is the key of a product token in Set.Agents: the token with
// ASCII letters lower-cased (no Unicode folding, as Google's reference).
// Compilers must build the index with it so that lookups agree.
func agentKey(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}
