package runtime

import (
	"sync"
	"unsafe"

	"github.com/robotsdfa/robotsdfa/automaton"
)

// Matcher answers for one crawler: the groups of one robots.txt that
// apply to its product tokens, bound. It is a value of 120 bytes on 64-bit
// machines, immutable and safe for concurrent use; its methods do not
// allocate. Bind once per host and keep it: binding allocates, checks do
// not.
type Matcher struct {
	// b is the bound programs (automaton.Bound: the engine's choice
	// between its screen, its jump and its walks is made there).
	b automaton.Bound
	// none: no group applies, everything is allowed.
	none bool
	// rfc: RFC 9309 mode, whose URLs are normalised before matching.
	rfc bool
}

// bind makes the Matcher of a set for tokens.
func bind(set *automaton.Set, tokens []string, union, derive bool) Matcher {
	b, ok := set.Bind(tokens, union, derive)
	return Matcher{b: b, none: !ok, rfc: set.RFC}
}

// Result is a verdict and the rule that decided it.
type Result struct {
	Allowed bool
	// Line is the deciding rule's line in the robots.txt, 0 when no rule
	// decided (nothing matched, no group applies, or RFC mode's
	// /robots.txt).
	Line int32
	// Kind is the deciding rule's kind, 0 when none.
	Kind Kind
	// Priority is the deciding rule's priority: its pattern's length.
	Priority int32
}

// Allowed reports whether the crawler may fetch url: an absolute URL, or a
// path with its query.
func (m Matcher) Allowed(url string) bool { return m.Check(url).Allowed }

// AllowedBytes is Allowed for a URL in a byte slice.
func (m Matcher) AllowedBytes(url []byte) bool { return m.CheckBytes(url).Allowed }

// CheckBytes is Check for a URL in a byte slice. The slice is only read.
func (m Matcher) CheckBytes(url []byte) Result {
	return m.Check(unsafe.String(unsafe.SliceData(url), len(url)))
}

// pathBuf sizes the stack buffer a path is normalised into; longer paths
// borrow a pooled buffer.
const pathBuf = 512

var longPaths = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

// Check returns the verdict for url and the rule that decided it.
func (m Matcher) Check(url string) Result {
	if m.none {
		return Result{Allowed: true}
	}
	var path string
	var slash bool
	if m.rfc {
		path, slash = urlPath(url)
	} else {
		// The bound programs end the path at a '#': its fragment, if
		// any, is left on.
		if path, slash = pathAndFragment(url); !slash {
			return m.check(unsafe.Slice(unsafe.StringData(path), len(path)))
		}
	}
	// A path that needs a '/' in front, or RFC normalisation, is written
	// into a buffer first.
	need := len(path) + 1
	if m.rfc {
		need = 3*len(path) + 1
	}
	if need <= pathBuf {
		var buf [pathBuf]byte
		return m.checkCopy(buf[:0], path, slash)
	}
	bp := longPaths.Get().(*[]byte)
	if cap(*bp) < need {
		*bp = make([]byte, 0, need) // kept in the pool for the next long path
	}
	res := m.checkCopy((*bp)[:0], path, slash)
	longPaths.Put(bp)
	return res
}

func (m *Matcher) checkCopy(buf []byte, path string, slash bool) Result {
	if !m.rfc {
		buf = append(append(buf, '/'), path...)
		return m.check(buf)
	}
	buf = normalizeRFC(buf, path, slash)
	if string(buf) == "/robots.txt" {
		return Result{Allowed: true} // RFC 9309 section 2.2.2
	}
	return m.check(buf)
}

// check asks the bound programs about a path in its matching form. It and
// checkCopy take the Matcher by pointer, so that Check hands on its own
// copy instead of copying the Matcher again.
func (m *Matcher) check(path []byte) Result {
	allowed, kind, line, priority := m.b.Check(path)
	return Result{Allowed: allowed, Line: line, Kind: kind, Priority: priority}
}

// MatchPath appends to dst the path of url in the form the patterns are
// matched against: the path and query taken from the URL (SEMANTICS 4.1)
// with a '/' in front when it starts with '?' or ';', and in RFC 9309 mode
// normalised (SEMANTICS 4.2). Tools that explain a verdict use it; Check
// does the same without copying when it can.
func (m Matcher) MatchPath(dst []byte, url string) []byte {
	path, slash := urlPath(url)
	if m.rfc {
		return normalizeRFC(dst, path, slash)
	}
	if slash {
		dst = append(dst, '/')
	}
	return append(dst, path...)
}
