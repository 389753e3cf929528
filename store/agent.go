package store

import (
	"encoding/binary"
	"unsafe"

	"github.com/robotsdfa/robotsdfa/runtime"
)

// Agent is a crawler's product tokens, bound to a store: it answers for
// URLs of any host the store holds, with each host's Matcher bound once
// and kept in the cache. It is safe for concurrent use; a check of a
// cached host allocates nothing.
type Agent struct {
	s      *Store
	id     int
	tokens []string
	union  bool
	once   bool // never derives the screens (AgentOnce)
}

// Agent binds product tokens as a fallback chain (runtime.Robots.Agent).
// A host's first check binds its Matcher without the screens
// (runtime.Robots.AgentOnce), its second with them, for faster checks of
// the hosts checked often. The same tokens give the same Agent (for the
// first 1,024 distinct lists), so that a caller that does not keep it
// still checks from the cached Matchers.
func (s *Store) Agent(tokens ...string) *Agent { return s.newAgent(tokens, false, false) }

// AgentUnion binds product tokens as Google's reference merges several
// agents' groups (runtime.Robots.AgentUnion).
func (s *Store) AgentUnion(tokens ...string) *Agent { return s.newAgent(tokens, true, false) }

// AgentOnce is Agent for a caller that takes a host's Matcher (Matcher,
// MatcherKey) and keeps it for a run of that host's URLs: it never
// derives the screens, which a run of checks on warm tables does not pay
// back (docs/PERFORMANCE.md, "filter: the per-line work left"). Its
// verdicts are Agent's.
func (s *Store) AgentOnce(tokens ...string) *Agent { return s.newAgent(tokens, false, true) }

// newAgent returns the store's Agent of the tokens and kind, made at its
// first call: a caller that asks for one per check (st.Agent(t).Allowed)
// then checks from the cached Matchers as one that keeps it does, where a
// new Agent each time would bind every host's Matcher again. Past
// maxAgents distinct ones, each call makes its own.
func (s *Store) newAgent(tokens []string, union, once bool) *Agent {
	key := []byte{agentKind(union, once)}
	for _, t := range tokens { // each token's length first: no two lists alike
		key = append(binary.AppendUvarint(key, uint64(len(t))), t...)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if a := s.agentsBy[string(key)]; a != nil {
		return a
	}
	s.agents++
	a := &Agent{s: s, id: s.agents, tokens: append([]string(nil), tokens...), union: union, once: once}
	if len(s.agentsBy) < maxAgents {
		if s.agentsBy == nil {
			s.agentsBy = map[string]*Agent{}
		}
		s.agentsBy[string(key)] = a
	}
	return a
}

// maxAgents bounds the Agents a store keeps for its callers to share.
const maxAgents = 1024

// agentKind is the byte that tells Agent, AgentUnion and AgentOnce apart
// in newAgent's key.
func agentKind(union, once bool) byte {
	switch {
	case union:
		return 'u'
	case once:
		return 'o'
	}
	return 'a'
}

// bind binds r for the agent, deriving the screens or not (Agent or
// AgentOnce).
func (a *Agent) bind(r *runtime.Robots, derive bool) runtime.Matcher {
	switch {
	case a.union && derive:
		return r.AgentUnion(a.tokens...)
	case a.union:
		return r.AgentUnionOnce(a.tokens...)
	case derive:
		return r.Agent(a.tokens...)
	}
	return r.AgentOnce(a.tokens...)
}

// Matcher returns the Matcher of url's host (runtime.HostKey), bound for
// the agent. The error is ErrNotFound when the store does not hold the
// host (the caller decides: RFC 9309 reads a missing robots.txt as
// allowing everything), or says why the URL has no host or its blob does
// not load.
func (a *Agent) Matcher(url string) (runtime.Matcher, error) {
	var buf [256]byte
	key, ok := runtime.AppendHostKey(buf[:0], url)
	if !ok {
		return runtime.Matcher{}, errNoHost
	}
	return a.s.matcherOf(key, a)
}

// MatcherKey is Matcher for a host key (runtime.AppendHostKey's), for a
// caller that has it already.
func (a *Agent) MatcherKey(key []byte) (runtime.Matcher, error) {
	return a.s.matcherOf(key, a)
}

// Check is the verdict for url by its host's robots.txt, and the rule that
// decided it; errors as Matcher's (with the zero Result).
func (a *Agent) Check(url string) (runtime.Result, error) {
	m, err := a.Matcher(url)
	if err != nil {
		return runtime.Result{}, err
	}
	return m.Check(url), nil
}

// CheckBytes is Check for a URL in a byte slice, which is only read.
func (a *Agent) CheckBytes(url []byte) (runtime.Result, error) {
	return a.Check(unsafe.String(unsafe.SliceData(url), len(url)))
}

// Allowed reports whether the agent may fetch url; errors as Matcher's.
func (a *Agent) Allowed(url string) (bool, error) {
	res, err := a.Check(url)
	return res.Allowed, err
}
