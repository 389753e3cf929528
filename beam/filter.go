package robotsbeam

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unsafe"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/filter"
	"github.com/robotsdfa/robotsdfa/internal/frontier"
	"github.com/robotsdfa/robotsdfa/runtime"
	"github.com/robotsdfa/robotsdfa/store"
)

// Options say how Filter reads the frontier, as filter's flags do.
type Options struct {
	// Store is the path of a store (robotsdfa compile -robots-dir DIR -o
	// PATH), local or on a Beam filesystem (gs://...).
	Store string
	// Agent is the crawler's product token, or a comma-separated
	// fallback chain (filter -agent): AgentTokens.
	Agent string
	// Verdicts writes every line with its verdict; Explain adds the
	// deciding rule (and implies Verdicts).
	Verdicts, Explain bool
	// Missing is the verdict of a host the store holds no robots.txt for:
	// "allow" (the default, RFC 9309 section 2.3.1.3) or "disallow"; any
	// other fails the pipeline (at its workers' Setup), as a typo must
	// not choose a verdict.
	Missing string
	// CacheBytes bounds the robots.txt each worker keeps loaded (0:
	// 256 MiB).
	CacheBytes int64
	// Field, when not 0, is the URL's field in each line, its fields
	// tab-separated (1 the first), as filter -field reads them: the whole
	// line is written; a line with fewer fields is unusable. Negative
	// fails the pipeline at its workers' Setup.
	Field int
}

var (
	allowedLines    = beam.NewCounter("robotsdfa", "allowed")
	disallowedLines = beam.NewCounter("robotsdfa", "disallowed")
	unusableLines   = beam.NewCounter("robotsdfa", "unusable")
	missingLines    = beam.NewCounter("robotsdfa", "no_robots_txt")
	// Distinct hosts, as filter -pack's summary counts them.
	hostsInStore    = beam.NewCounter("robotsdfa", "hosts_in_store")
	hostsNotInStore = beam.NewCounter("robotsdfa", "hosts_not_in_store")
	hostsUnreadable = beam.NewCounter("robotsdfa", "hosts_unreadable")
)

func init() {
	register.DoFn4x1[context.Context, string, func(string), func(string), error](&filterFn{})
	register.DoFn2x0[context.Context, string](&countHostsFn{})
	register.Emitter1[string]()
}

// Filter checks each line of urls (a PCollection of strings) against its
// host's robots.txt in the store and returns filter's output lines.
func Filter(s beam.Scope, urls beam.PCollection, opts Options) beam.PCollection {
	out, _ := check(s, urls, opts)
	return out
}

// check is Filter, also returning the distinct hosts met, each its class
// byte and then its key.
func check(s beam.Scope, urls beam.PCollection, opts Options) (out, distinct beam.PCollection) {
	s = s.Scope("robotsdfa.Filter")
	tokens := AgentTokens(opts.Agent)
	missing := opts.Missing
	if missing == "" {
		missing = "allow"
	}
	out, hosts := beam.ParDo2(s, &filterFn{
		Store: opts.Store, Tokens: tokens, Verdicts: opts.Verdicts || opts.Explain, Explain: opts.Explain,
		Missing: missing, CacheBytes: opts.CacheBytes, Field: opts.Field,
	}, urls)
	distinct = filter.Distinct(s, hosts)
	beam.ParDo0(s, &countHostsFn{}, distinct)
	return out, distinct
}

// AgentTokens is the fallback chain an Options.Agent names, each token as
// given, as robotsdfa filter -agent reads it: Google's reference compares
// a token with the user-agent lines as given, so " googlebot" is not
// googlebot (the command line warns about such a token; robotsdfa-beam
// too). An empty Agent is the one empty token: the '*' groups apply,
// unless a user-agent line names no product token either.
func AgentTokens(agent string) []string { return strings.Split(agent, ",") }

// The classes of a host in the hosts output: a byte before its key.
const (
	hostInStore    = 'p'
	hostNotInStore = 'n'
	hostUnreadable = 'u'
)

// countHostsFn counts the distinct hosts, each once with its class.
type countHostsFn struct{}

func (countHostsFn) ProcessElement(ctx context.Context, host string) {
	switch host[0] {
	case hostInStore:
		hostsInStore.Inc(ctx, 1)
	case hostNotInStore:
		hostsNotInStore.Inc(ctx, 1)
	default:
		hostsUnreadable.Inc(ctx, 1)
	}
}

// filterFn is Filter's DoFn. Its exported fields are its configuration,
// serialised to the workers.
type filterFn struct {
	Store             string   `json:"store"`
	Tokens            []string `json:"tokens"`
	Verdicts, Explain bool
	Missing           string `json:"missing"`
	CacheBytes        int64  `json:"cacheBytes"`
	Field             int    `json:"field"`

	shared *sharedStore // the process's open store, taken by Setup, given back by Teardown
	agent  *store.Agent
	key    []byte
	// last is the answer for the last line's host, and lastPrefix the
	// bytes that decided its key (runtime.AppendHostKeyPrefix): a line
	// that starts with them is of the same host.
	last       hostAnswer
	lastPrefix []byte
	// seen holds the hosts this bundle has sent to the hosts output
	// (class byte, then key), so that each goes to the shuffle about once
	// a bundle, not once a line; prev is the last of them.
	seen map[string]struct{}
	prev []byte
}

// maxSeen bounds a bundle's seen hosts; past it the set starts again (a
// host sent twice is counted once: the hosts are made distinct after).
const maxSeen = 1 << 16

// hostAnswer is what the store said of a host.
type hostAnswer struct {
	m   runtime.Matcher
	err error
}

// StartBundle forgets the hosts sent by the bundle before. (Beam asks a
// StartBundle to take ProcessElement's emitters.)
func (f *filterFn) StartBundle(_, _ func(string)) {
	clear(f.seen)
	f.prev = f.prev[:0]
}

// host sends the line's host, with its class, to the hosts output the
// first time the bundle meets it.
func (f *filterFn) host(class byte, key []byte, hosts func(string)) {
	if len(f.prev) == len(key)+1 && f.prev[0] == class && string(f.prev[1:]) == string(key) {
		return
	}
	f.prev = append(append(f.prev[:0], class), key...)
	if _, ok := f.seen[string(f.prev)]; ok {
		return
	}
	if f.seen == nil || len(f.seen) >= maxSeen {
		f.seen = make(map[string]struct{})
	}
	h := string(f.prev)
	f.seen[h] = struct{}{}
	hosts(h)
}

// Setup opens the store, copying it to local disk first when it is on
// another filesystem.
func (f *filterFn) Setup(ctx context.Context) error {
	if f.Missing != "allow" && f.Missing != "disallow" {
		return fmt.Errorf(`robotsdfa: Options.Missing is "allow" or "disallow", not %q`, f.Missing)
	}
	if f.Field < 0 {
		return fmt.Errorf("robotsdfa: Options.Field must not be negative, not %d", f.Field)
	}
	cache := f.CacheBytes
	if cache <= 0 {
		cache = 256 << 20
	}
	s, err := acquireStore(ctx, f.Store, cache)
	if err != nil {
		return fmt.Errorf("robotsdfa: store %s: %w", f.Store, err)
	}
	f.shared, f.agent = s, s.st.Agent(f.Tokens...)
	return nil
}

// Teardown gives the store back: the process's last instance to hold it
// closes it (its file's mapping is released once nothing holds the
// Store: store.Store.Close).
func (f *filterFn) Teardown() error {
	if f.shared == nil {
		return nil
	}
	err := f.shared.release()
	f.shared, f.agent = nil, nil
	return err
}

// ProcessElement writes one line's output as filter's worker does.
// Each host goes to the second output, for the host counters.
func (f *filterFn) ProcessElement(ctx context.Context, line string, emit, hosts func(string)) error {
	line = strings.TrimSuffix(line, "\r")
	u := line // the URL
	if f.Field > 0 {
		b, ok := frontier.Field(unsafe.Slice(unsafe.StringData(line), len(line)), f.Field)
		if !ok {
			f.unusable(ctx, line, frontier.NoField([]byte(line), f.Field), emit)
			return nil
		}
		u = unsafe.String(unsafe.SliceData(b), len(b))
	}
	if !frontier.Plain(u) {
		f.unusable(ctx, line, frontier.Problem([]byte(u), true), emit)
		return nil
	}
	// Consecutive lines of one host (a host-sharded frontier's) reuse its
	// answer, known by the bytes that decided its key.
	if !runtime.HasHostPrefix(u, f.lastPrefix) {
		key, n, ok := runtime.AppendHostKeyPrefix(f.key[:0], u)
		if !ok {
			// The attempt may have written over f.key's bytes.
			f.lastPrefix = f.lastPrefix[:0]
			f.unusable(ctx, line, frontier.Problem([]byte(u), true), emit)
			return nil
		}
		f.key = key
		f.lastPrefix = append(f.lastPrefix[:0], u[:n]...)
		f.last.m, f.last.err = f.agent.MatcherKey(key)
	}
	key, m, err := f.key, f.last.m, f.last.err
	switch {
	case errors.Is(err, store.ErrNotFound):
		f.host(hostNotInStore, key, hosts)
		missingLines.Inc(ctx, 1)
		f.verdict(ctx, line, f.Missing == "allow", "no robots.txt", emit)
	case err != nil:
		f.host(hostUnreadable, key, hosts)
		f.unusable(ctx, line, fmt.Sprintf("robots.txt of %s: %v", key, err), emit)
	case f.Explain:
		f.host(hostInStore, key, hosts)
		res := m.Check(u)
		f.verdict(ctx, line, res.Allowed, decidingLine(res), emit)
	default:
		f.host(hostInStore, key, hosts)
		f.verdict(ctx, line, m.Allowed(u), "", emit)
	}
	return nil
}

func (f *filterFn) verdict(ctx context.Context, line string, allowed bool, why string, emit func(string)) {
	word := "allowed"
	if allowed {
		allowedLines.Inc(ctx, 1)
	} else {
		disallowedLines.Inc(ctx, 1)
		word = "disallowed"
	}
	switch {
	case f.Explain:
		emit(word + "\t" + line + "\t" + why)
	case f.Verdicts:
		emit(word + "\t" + line)
	case allowed:
		emit(line)
	}
}

func (f *filterFn) unusable(ctx context.Context, line, why string, emit func(string)) {
	unusableLines.Inc(ctx, 1)
	if f.Verdicts {
		emit("error\t" + string(frontier.AppendEscaped(nil, line)) + "\t" + why)
	}
}

// decidingLine is filter's third field for a robots.txt from a store: the
// rule's line, kind and priority (a blob keeps no line's text).
func decidingLine(res runtime.Result) string {
	if res.Line == 0 {
		return "no matching rule"
	}
	key := "Allow"
	if res.Kind == runtime.Disallow {
		key = "Disallow"
	}
	return fmt.Sprintf("line %d: %s, priority %d", res.Line, key, res.Priority)
}
