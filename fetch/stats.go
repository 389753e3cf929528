package fetch

import "sync/atomic"

// Stats are a Client's figures since it was made, for a crawler to export
// (expvar.Func(func() any { return c.Stats() }) publishes them).
type Stats struct {
	// Hits are Gets (and Alloweds) answered from the Store; Misses those
	// that waited for a fetch, theirs or one in flight.
	Hits, Misses int64
	// Responses counts the final responses by status class (index 2 for
	// 2xx ... 5, others at 0), FromResponse's included; NetworkErrors the
	// fetches that got none.
	Responses     [6]int64
	NetworkErrors int64
	// NotModified counts the 304s that renewed a held robots.txt.
	NotModified int64
	// Bytes are the body bytes read.
	Bytes int64
	// StaleServes counts the fetches of an unreachable origin answered
	// with its last good copy.
	StaleServes int64
	// StoreErrors counts the Store's failed Gets and Puts.
	StoreErrors int64
}

// stats are Stats, counted.
type stats struct {
	hits, misses, networkErrors, notModified, bytes, staleServes, storeErrors atomic.Int64
	responses                                                                 [6]atomic.Int64
}

// count counts an answer.
func (s *stats) count(a answer) {
	switch code := a.out.HTTPStatus; {
	case code == 0:
		s.networkErrors.Add(1)
	case code >= 100 && code < 600:
		s.responses[code/100].Add(1)
	default:
		s.responses[0].Add(1)
	}
	if a.notModified {
		s.notModified.Add(1)
	}
	s.bytes.Add(a.out.Bytes)
}

// Stats returns the Client's figures. It is safe to call at any time.
func (c *Client) Stats() Stats {
	s := &c.stats
	st := Stats{
		Hits: s.hits.Load(), Misses: s.misses.Load(), NetworkErrors: s.networkErrors.Load(),
		NotModified: s.notModified.Load(), Bytes: s.bytes.Load(), StaleServes: s.staleServes.Load(),
		StoreErrors: s.storeErrors.Load(),
	}
	for i := range s.responses {
		st.Responses[i] = s.responses[i].Load()
	}
	return st
}
