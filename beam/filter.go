package robotsbeam

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
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
	// fallback chain (filter -agent).
	Agent string
	// Verdicts writes every line with its verdict; Explain adds the
	// deciding rule (and implies Verdicts).
	Verdicts, Explain bool
	// Missing is the verdict of a host the store holds no robots.txt for:
	// "allow" (the default, RFC 9309 section 2.3.1.3) or "disallow".
	Missing string
	// CacheBytes bounds the robots.txt each worker keeps loaded (0:
	// 256 MiB).
	CacheBytes int64
}

var (
	allowedLines    = beam.NewCounter("robotsdfa", "allowed")
	disallowedLines = beam.NewCounter("robotsdfa", "disallowed")
	unusableLines   = beam.NewCounter("robotsdfa", "unusable")
	missingLines    = beam.NewCounter("robotsdfa", "no_robots_txt")
)

func init() {
	register.DoFn3x1[context.Context, string, func(string), error](&filterFn{})
	register.Emitter1[string]()
}

// Filter checks each line of urls (a PCollection of strings) against its
// host's robots.txt in the store and returns filter's output lines.
func Filter(s beam.Scope, urls beam.PCollection, opts Options) beam.PCollection {
	s = s.Scope("robotsdfa.Filter")
	var tokens []string
	for _, t := range strings.Split(opts.Agent, ",") {
		if t = strings.TrimSpace(t); t != "" {
			tokens = append(tokens, t)
		}
	}
	missing := opts.Missing
	if missing == "" {
		missing = "allow"
	}
	return beam.ParDo(s, &filterFn{
		Store: opts.Store, Tokens: tokens, Verdicts: opts.Verdicts || opts.Explain, Explain: opts.Explain,
		Missing: missing, CacheBytes: opts.CacheBytes,
	}, urls)
}

// filterFn is Filter's DoFn. Its exported fields are its configuration,
// serialised to the workers.
type filterFn struct {
	Store             string   `json:"store"`
	Tokens            []string `json:"tokens"`
	Verdicts, Explain bool
	Missing           string `json:"missing"`
	CacheBytes        int64  `json:"cacheBytes"`

	st    *store.Store
	agent *store.Agent
	local string // a copy of the store made by Setup, removed by Teardown
	key   []byte
}

// Setup opens the store, copying it to local disk first when it is on
// another filesystem.
func (f *filterFn) Setup(ctx context.Context) error {
	path := f.Store
	if strings.Contains(path, "://") {
		local, err := copyLocal(ctx, path)
		if err != nil {
			return fmt.Errorf("robotsdfa: store %s: %w", path, err)
		}
		f.local, path = local, local
	}
	cache := f.CacheBytes
	if cache <= 0 {
		cache = 256 << 20
	}
	st, err := store.Open(path, store.Options{CacheBytes: cache})
	if err != nil {
		return fmt.Errorf("robotsdfa: %w", err)
	}
	f.st, f.agent = st, st.Agent(f.Tokens...)
	return nil
}

// Teardown closes the store.
func (f *filterFn) Teardown() error {
	var err error
	if f.st != nil {
		err = f.st.Close()
	}
	if f.local != "" {
		os.Remove(f.local)
	}
	return err
}

// ProcessElement writes one line's output as filter's worker does.
func (f *filterFn) ProcessElement(ctx context.Context, line string, emit func(string)) error {
	line = strings.TrimSuffix(line, "\r")
	if !frontier.Plain(line) {
		f.unusable(ctx, line, frontier.Problem([]byte(line), true), emit)
		return nil
	}
	key, ok := runtime.AppendHostKey(f.key[:0], line)
	if !ok {
		f.unusable(ctx, line, frontier.Problem([]byte(line), true), emit)
		return nil
	}
	f.key = key
	m, err := f.agent.MatcherKey(key)
	switch {
	case errors.Is(err, store.ErrNotFound):
		missingLines.Inc(ctx, 1)
		f.verdict(ctx, line, f.Missing == "allow", "no robots.txt", emit)
	case err != nil:
		f.unusable(ctx, line, fmt.Sprintf("robots.txt of %s: %v", key, err), emit)
	case f.Explain:
		res := m.Check(line)
		f.verdict(ctx, line, res.Allowed, decidingLine(res), emit)
	default:
		f.verdict(ctx, line, m.Allowed(line), "", emit)
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
		emit("error\t" + string(frontier.AppendEscaped(nil, []byte(line))) + "\t" + why)
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

// copyLocal copies a file of a Beam filesystem to a local temporary file.
func copyLocal(ctx context.Context, path string) (string, error) {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return "", err
	}
	defer fs.Close()
	r, err := fs.OpenRead(ctx, path)
	if err != nil {
		return "", err
	}
	defer r.Close()
	out, err := os.CreateTemp("", "robotsdfa-*"+filepath.Ext(path))
	if err != nil {
		return "", err
	}
	if _, err := io.Copy(out, r); err != nil {
		out.Close()
		os.Remove(out.Name())
		return "", err
	}
	if err := out.Close(); err != nil {
		os.Remove(out.Name())
		return "", err
	}
	return out.Name(), nil
}
