package robotsbeam

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/robotsdfa/robotsdfa/compile"
)

func init() {
	register.DoFn2x1[string, func(HostBody), error](&parseRecordFn{})
	register.Emitter1[HostBody]()
	register.DoFn3x1[context.Context, HostFile, func(HostBody), error](&readBodyFn{})
	beam.RegisterType(reflectTypeOf[HostFile]())
}

// ParseRecords reads JSON lines {"host": HOST, "body": ROBOTS_TXT} into
// HostBody records for Compile. A JSON string holds text, not bytes (an
// encoder replaces bytes that are not UTF-8, and the rules that name them
// change), so a body that is not UTF-8 is given as "body_base64" (standard
// base64) instead. An empty line is skipped; a line that is not such a
// record fails the pipeline with its start.
func ParseRecords(s beam.Scope, lines beam.PCollection) beam.PCollection {
	return beam.ParDo(s.Scope("robotsdfa.ParseRecords"), &parseRecordFn{}, lines)
}

type parseRecordFn struct{}

func (parseRecordFn) ProcessElement(line string, emit func(HostBody)) error {
	line = strings.TrimSuffix(line, "\r")
	if strings.TrimSpace(line) == "" {
		return nil
	}
	var r struct {
		Host   *string `json:"host"`
		Body   *string `json:"body"`
		Body64 *string `json:"body_base64"`
	}
	if err := json.Unmarshal([]byte(line), &r); err != nil || r.Host == nil || *r.Host == "" || (r.Body == nil) == (r.Body64 == nil) {
		return fmt.Errorf("robotsdfa: not a {\"host\", \"body\" or \"body_base64\"} record: %.80q", line)
	}
	if r.Body64 == nil {
		emit(HostBody{Host: *r.Host, Body: []byte(*r.Body)})
		return nil
	}
	body, err := base64.StdEncoding.DecodeString(*r.Body64)
	if err != nil {
		return fmt.Errorf("robotsdfa: body_base64 of %s: %w", *r.Host, err)
	}
	emit(HostBody{Host: *r.Host, Body: body})
	return nil
}

// HostFile is a host and the path of its robots.txt file (any Beam
// filesystem), for ReadBodies.
type HostFile struct {
	Host, Path string
}

// ReadBodies reads each HostFile's file into a HostBody, on the workers:
// no more of it than Compile with opts reads (and a byte, so that the
// parser sees the cut), as robotsdfa compile -robots-dir reads it, so
// that a file of gigabytes takes no worker's memory.
func ReadBodies(s beam.Scope, files beam.PCollection, opts CompileOptions) beam.PCollection {
	return beam.ParDo(s.Scope("robotsdfa.ReadBodies"), &readBodyFn{MaxBytes: opts.MaxBytes}, files)
}

type readBodyFn struct {
	MaxBytes int `json:"maxBytes"`
}

func (fn *readBodyFn) ProcessElement(ctx context.Context, f HostFile, emit func(HostBody)) error {
	fs, err := filesystem.New(ctx, f.Path)
	if err != nil {
		return err
	}
	defer fs.Close()
	r, err := fs.OpenRead(ctx, f.Path)
	if err != nil {
		return fmt.Errorf("robotsdfa: %s: %w", f.Path, err)
	}
	defer r.Close()
	limit := compile.Options{MaxBytes: fn.MaxBytes}.BodyLimit()
	body, err := io.ReadAll(io.LimitReader(r, int64(limit)+1))
	if err != nil {
		return fmt.Errorf("robotsdfa: %s: %w", f.Path, err)
	}
	emit(HostBody{Host: f.Host, Body: body})
	return nil
}
