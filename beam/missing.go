package robotsbeam

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"slices"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
)

// The hosts a frontier names that the store holds no robots.txt for: the
// robots.txt to fetch next, as robotsdfa filter -missing-hosts lists them.

func init() {
	register.DoFn2x0[string, func(string)](&missingHostFn{})
	register.DoFn3x1[context.Context, int, func(*string) bool, error](&writeHostListFn{})
}

// FilterMissing is Filter that also returns the hosts the store holds no
// robots.txt for, each once, as host keys (runtime.HostKey), in no
// order: the robots.txt to fetch next (robotsdfa fetch -hosts reads
// WriteHostList's file of them).
func FilterMissing(s beam.Scope, urls beam.PCollection, opts Options) (lines, missing beam.PCollection) {
	lines, hosts := check(s, urls, opts)
	return lines, beam.ParDo(s.Scope("robotsdfa.MissingHosts"), &missingHostFn{}, hosts)
}

// missingHostFn passes on the key of each distinct host not in the store.
type missingHostFn struct{}

func (missingHostFn) ProcessElement(host string, emit func(string)) {
	if host[0] == hostNotInStore {
		emit(host[1:])
	}
}

// WriteHostList writes hosts to the one file path (on any Beam
// filesystem), one a line, sorted, each once, as robotsdfa filter
// -missing-hosts writes them; the file is written even when there is no
// host. One worker gathers and sorts them all in memory (a host costs
// tens of bytes: ten million hosts, some hundreds of MB).
func WriteHostList(s beam.Scope, path string, hosts beam.PCollection) {
	s = s.Scope("robotsdfa.WriteHostList")
	// An empty string stands for no host, so that the one worker runs
	// (and writes the file) when hosts is empty.
	all := beam.Flatten(s, beam.AddFixedKey(s, hosts), beam.AddFixedKey(s, beam.Create(s, "")))
	beam.ParDo0(s, &writeHostListFn{Path: path}, beam.GroupByKey(s, all))
}

// writeHostListFn writes the hosts it is given, sorted, each once.
type writeHostListFn struct {
	Path string `json:"path"`
}

func (f *writeHostListFn) ProcessElement(ctx context.Context, _ int, hosts func(*string) bool) error {
	var list []string
	var h string
	for hosts(&h) {
		if h != "" {
			list = append(list, h)
		}
	}
	slices.Sort(list)
	list = slices.Compact(list)
	err := writeFile(ctx, f.Path, func(w io.Writer) error {
		bw := bufio.NewWriter(w)
		for _, h := range list {
			bw.WriteString(h)
			bw.WriteByte('\n')
		}
		return bw.Flush()
	})
	if err != nil {
		return fmt.Errorf("%s: %w", f.Path, err)
	}
	return nil
}
