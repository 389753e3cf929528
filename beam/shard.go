package robotsbeam

import (
	"bufio"
	"context"
	"fmt"
	"hash/fnv"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
)

func init() {
	register.DoFn2x0[string, func(int, string)](&shardFn{})
	register.Emitter2[int, string]()
	register.DoFn3x1[context.Context, int, func(*string) bool, error](&writeShardFn{})
	register.Iter1[string]()
}

// WriteSharded writes lines to shards files PREFIX-SSSSS-of-NNNNN (on any
// Beam filesystem), each line to the shard of its hash, so that the
// writing is spread over shards workers; a shard that gets no line is not
// written.
func WriteSharded(s beam.Scope, prefix string, shards int, lines beam.PCollection) {
	s = s.Scope("robotsdfa.WriteSharded")
	shards = max(shards, 1)
	keyed := beam.ParDo(s, &shardFn{Shards: shards}, lines)
	beam.ParDo0(s, &writeShardFn{Prefix: prefix, Shards: shards}, beam.GroupByKey(s, keyed))
}

type shardFn struct {
	Shards int `json:"shards"`
}

func (f *shardFn) ProcessElement(line string, emit func(int, string)) {
	h := fnv.New32a()
	h.Write([]byte(line))
	emit(int(h.Sum32()%uint32(f.Shards)), line)
}

type writeShardFn struct {
	Prefix string `json:"prefix"`
	Shards int    `json:"shards"`
}

func (f *writeShardFn) ProcessElement(ctx context.Context, shard int, lines func(*string) bool) error {
	name := fmt.Sprintf("%s-%05d-of-%05d", f.Prefix, shard, f.Shards)
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return err
	}
	defer fs.Close()
	w, err := fs.OpenWrite(ctx, name)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	var line string
	for lines(&line) {
		bw.WriteString(line)
		bw.WriteByte('\n')
	}
	if err := bw.Flush(); err != nil {
		w.Close()
		return fmt.Errorf("%s: %w", name, err)
	}
	return w.Close()
}
