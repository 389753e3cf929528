package runtime

import (
	"sync"
	"unsafe"

	"github.com/robotsdfa/robotsdfa/automaton"
)

// Matcher answers for one crawler (a bound set of groups). It is a value
// of 120 bytes on 64-bit machines (it carries its program's first DFA
// walk, so that a check on a cold program starts on the table at once, a
// pointer to its program's screen, so that most checks on a cold program
// read none of it, and its program's jump), safe for concurrent use; its
// methods do not allocate.
type Matcher struct {
	// prog is the bound program when there is exactly one (nearly
	// always): a check then goes straight to it.
	prog *automaton.Program
	// first is prog's first DFA walk, copied here so that a check starts
	// on the DFA's table without first reading the Program.
	first automaton.Walk
	// bound is the set and its programs that apply, nil when none does
	// (everything is allowed). Behind a pointer, to keep the Matcher
	// small: a check reads it only when there are several programs.
	bound *bound
	rfc   bool
	// fragmentEnds: prog ends a path at '#' (Google mode only), so a
	// check hands it the path with the URL's fragment, if any, instead
	// of looking for the fragment first.
	fragmentEnds bool
	// direct: prog is Direct, so a check walks first and reads no more
	// of prog than its rule table.
	direct bool
	// screen is prog's screen, nil for none: a path whose leader it
	// settles is answered without reading prog at all.
	screen *automaton.Screen
	// jump is a direct prog's jump (the zero Jump for none): a path that
	// starts with its prefix walks on from the state after it.
	jump automaton.Jump
}

// bound is what a Matcher binds: a set and the programs of it that apply.
type bound struct {
	set      *automaton.Set
	programs []int32
}

// list is b's programs, none for a nil b.
func (b *bound) list() []int32 {
	if b == nil {
		return nil
	}
	return b.programs
}

// bind makes the Matcher of a set's programs.
func bind(set *automaton.Set, programs []int32) Matcher {
	m := Matcher{rfc: set.RFC}
	if len(programs) > 0 {
		m.bound = &bound{set, programs}
	}
	if len(programs) == 1 {
		m.prog = set.Programs[programs[0]]
		m.first = m.prog.FirstWalk()
		m.fragmentEnds = !m.rfc && m.prog.EndsAtFragment()
		m.direct = m.prog.Direct()
		m.screen = m.prog.Screen()
		m.jump = m.prog.Jump() // none unless prog is direct
	}
	return m
}

// Result is a verdict and the rule that decided it.
type Result struct {
	Allowed bool
	// Line is the deciding rule's line in the robots.txt, 0 when no rule
	// decided (nothing matched, no group applies, or RFC mode's
	// /robots.txt).
	Line int32
	// Kind is the deciding rule's kind, 0 when none.
	Kind automaton.Kind
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
	if m.bound == nil {
		return Result{Allowed: true}
	}
	var path string
	var slash bool
	if m.fragmentEnds {
		path, slash = pathAndFragment(url)
	} else {
		path, slash = urlPath(url)
	}
	if !slash && !m.rfc {
		return m.check(unsafe.Slice(unsafe.StringData(path), len(path)))
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

// check walks the bound programs over a path in its matching form. It and
// checkCopy take the Matcher by pointer, so that Check hands on its own
// copy instead of copying the Matcher again: as value receivers they
// cost Check/wikipedia 9% (p=0.000).
func (m *Matcher) check(path []byte) Result {
	if sc := m.screen; sc != nil && (len(path) < 3 || !sc.Refuses(path[1], path[2])) {
		switch l, s := sc.Settle(path); s {
		case automaton.AllSettled:
			allowed, kind, line, priority := sc.Verdict()
			return Result{Allowed: allowed, Line: line, Kind: kind, Priority: priority}
		case automaton.AnchoredSettled:
			return leaderResult(m.prog, m.prog.FloatingLeader(&m.first, path, l))
		}
	}
	if m.direct {
		if m.jump.Takes(path) {
			return leaderResult(m.prog, m.first.LeaderAfter(m.prog.Rules, path, &m.jump))
		}
		return leaderResult(m.prog, m.first.Leader(m.prog.Rules, path))
	}
	var r *automaton.Rule
	if m.prog != nil {
		_, r = m.prog.CheckWalk(&m.first, path)
	} else {
		_, r = m.bound.set.CheckPrograms(m.bound.programs, path)
	}
	if r == nil {
		return Result{Allowed: true}
	}
	return result(r)
}

// leaderResult is the result of a leader of p (NoRule: none).
func leaderResult(p *automaton.Program, l int32) Result {
	if l == automaton.NoRule {
		return Result{Allowed: true}
	}
	return result(&p.Rules[l])
}

func result(r *automaton.Rule) Result {
	return Result{Allowed: r.Kind == automaton.Allow, Line: r.Line, Kind: r.Kind, Priority: r.Priority}
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
