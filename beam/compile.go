package robotsbeam

import (
	"context"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"

	farm "github.com/dgryski/go-farm"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/robotsdfa/robotsdfa/compile"
	"github.com/robotsdfa/robotsdfa/store"
)

// HostBody is a host and the robots.txt body it serves: Compile's input.
type HostBody struct {
	Host string
	Body []byte
}

// compiled is one distinct body compiled, and the hosts that serve it.
type compiled struct {
	Hosts []string
	Blob  []byte
}

var (
	filesCompiled = beam.NewCounter("robotsdfa", "files_compiled")
	hostsStored   = beam.NewCounter("robotsdfa", "hosts_stored")
	// filesCut counts the distinct bodies read only to MaxBytes: their
	// rules past it do not apply.
	filesCut = beam.NewCounter("robotsdfa", "files_cut")
)

func init() {
	beam.RegisterType(reflectTypeOf[HostBody]())
	beam.RegisterType(reflectTypeOf[compiled]())
	register.DoFn2x0[HostBody, func(string, HostBody)](&bodyKeyFn{})
	register.Emitter2[string, HostBody]()
	register.DoFn4x1[context.Context, string, func(*HostBody) bool, func(compiled), error](&compileFn{})
	register.Iter1[HostBody]()
	register.Emitter1[compiled]()
	register.DoFn4x1[context.Context, int, func(*compiled) bool, func(string), error](&writeStoreFn{})
	register.Iter1[compiled]()
}

// CompileOptions say how Compile reads the bodies (compile.Options: the
// mode and the read limit) and the largest blob it stores.
type CompileOptions struct {
	RFC      bool // RFC 9309's reading instead of Google's
	MaxBytes int  // 0: compile.DefaultMaxBytes
	// MaxBlobBytes is the store's readers' store.Options.MaxBlobBytes (0:
	// store.DefaultMaxBlobBytes): a robots.txt whose blob is larger (one
	// read whole, MaxBytes -1) fails the pipeline, naming its hosts,
	// rather than write a store that fails them at every lookup.
	MaxBlobBytes int64
}

// Compile turns a PCollection of HostBody into a store at path (local or
// on a Beam filesystem), as robotsdfa compile -robots-dir does: identical
// bodies are grouped and compiled once, in parallel, and one worker writes
// the store. It returns a PCollection holding path once the store is
// written. Counters: files_compiled (distinct bodies), hosts_stored.
func Compile(s beam.Scope, records beam.PCollection, path string, opts CompileOptions) beam.PCollection {
	s = s.Scope("robotsdfa.Compile")
	byBody := beam.GroupByKey(s, beam.ParDo(s, &bodyKeyFn{}, records))
	blobs := beam.ParDo(s, &compileFn{RFC: opts.RFC, MaxBytes: opts.MaxBytes}, byBody)
	return beam.ParDo(s, &writeStoreFn{Path: path, MaxBlobBytes: opts.MaxBlobBytes}, beam.GroupByKey(s, beam.AddFixedKey(s, blobs)))
}

// bodyKeyFn keys each record by its body's fingerprint and length.
type bodyKeyFn struct{}

func (bodyKeyFn) ProcessElement(r HostBody, emit func(string, HostBody)) {
	lo, hi := farm.Fingerprint128(r.Body)
	var b [16]byte
	for i := range 8 {
		b[i], b[8+i] = byte(lo>>(8*i)), byte(hi>>(8*i))
	}
	emit(fmt.Sprintf("%s-%d", hex.EncodeToString(b[:]), len(r.Body)), r)
}

// compileFn compiles one distinct body for all its hosts.
type compileFn struct {
	RFC      bool `json:"rfc"`
	MaxBytes int  `json:"maxBytes"`
}

func (f *compileFn) ProcessElement(ctx context.Context, _ string, records func(*HostBody) bool, emit func(compiled)) error {
	var c compiled
	var body []byte
	var r HostBody
	for records(&r) {
		if c.Hosts == nil {
			body = r.Body
		}
		c.Hosts = append(c.Hosts, r.Host)
	}
	mode := compile.Google
	if f.RFC {
		mode = compile.RFC9309
	}
	opts := compile.Options{Mode: mode, MaxBytes: f.MaxBytes}
	if len(body) > opts.BodyLimit() {
		filesCut.Inc(ctx, 1)
	}
	blob, err := compile.Compile(body, opts).AppendBinary(nil)
	if err != nil {
		return fmt.Errorf("robotsdfa: compiling the robots.txt of %s: %w", strings.Join(c.Hosts, ", "), err)
	}
	c.Blob = blob
	filesCompiled.Inc(ctx, 1)
	emit(c)
	return nil
}

// writeStoreFn writes the store, on one worker: the blobs stream through
// it, the host keys stay in memory until the index is written.
type writeStoreFn struct {
	Path         string `json:"path"`
	MaxBlobBytes int64  `json:"maxBlobBytes"`
}

func (f *writeStoreFn) ProcessElement(ctx context.Context, _ int, blobs func(*compiled) bool, emit func(string)) error {
	local := f.Path
	remote := strings.Contains(f.Path, "://")
	if remote {
		tmp, err := os.CreateTemp("", "robotsdfa-*"+filepath.Ext(f.Path))
		if err != nil {
			return err
		}
		tmp.Close()
		local = tmp.Name()
		defer os.Remove(local)
	}
	w, err := store.Create(local)
	if err != nil {
		return fmt.Errorf("robotsdfa: %w", err)
	}
	w.MaxBlobBytes = f.MaxBlobBytes
	var c compiled
	for blobs(&c) {
		content, err := w.AddContent(c.Blob)
		if err != nil {
			err = fmt.Errorf("the robots.txt of %s: %w", strings.Join(c.Hosts, ", "), err)
		} else {
			for _, h := range c.Hosts {
				if err = w.PutHost(h, content); err != nil {
					break
				}
				hostsStored.Inc(ctx, 1)
			}
		}
		if err != nil {
			w.Abort()
			return fmt.Errorf("robotsdfa: %s: %w", f.Path, err)
		}
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("robotsdfa: %s: %w", f.Path, err)
	}
	if remote {
		if err := copyRemote(ctx, local, f.Path); err != nil {
			return fmt.Errorf("robotsdfa: %s: %w", f.Path, err)
		}
	}
	emit(f.Path)
	return nil
}

// copyRemote copies a local file to a Beam filesystem, streamed: a store
// of millions of hosts is gigabytes, more than a worker's memory.
func copyRemote(ctx context.Context, local, path string) error {
	f, err := os.Open(local)
	if err != nil {
		return err
	}
	defer f.Close()
	return writeFile(ctx, path, func(w io.Writer) error {
		_, err := io.Copy(w, f)
		return err
	})
}

// writeFile writes the file path on its Beam filesystem with fill; an
// error of fill, or of the writer's Close (on gs://, the upload's
// commit), is returned.
func writeFile(ctx context.Context, path string, fill func(io.Writer) error) error {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return err
	}
	defer fs.Close()
	w, err := fs.OpenWrite(ctx, path)
	if err != nil {
		return err
	}
	if err := fill(w); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

// reflectTypeOf is T's reflect.Type, for beam.RegisterType.
func reflectTypeOf[T any]() reflect.Type { return reflect.TypeOf((*T)(nil)).Elem() }
