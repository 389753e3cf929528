// Command robotsdfa-beam runs robotsdfa's frontier filter as an Apache Beam
// pipeline: locally (the direct runner, or Prism) or on Dataflow, Flink and
// Spark through Beam's portable runners.
//
//	robotsdfa-beam filter -pack hosts.store -agent googlebot [-verdicts] [-explain]
//	    [-missing allow|disallow] [-shards N] --output PREFIX [--runner R] INPUT...
//
// INPUT is a file or glob of URL lines, on any Beam filesystem, gzip read
// by its name. The output is PREFIX-SSSSS-of-NNNNN, filter's lines in no
// order; the counters (allowed, disallowed, unusable, no_robots_txt) are
// printed at the end.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
	robotsbeam "github.com/robotsdfa/robotsdfa/beam"
)

var (
	pack     = flag.String("pack", "", "the store of the hosts' compiled robots.txt (robotsdfa compile -robots-dir DIR -o FILE)")
	agent    = flag.String("agent", "", "product token, or a comma-separated fallback chain")
	verdicts = flag.Bool("verdicts", false, "write every line with its verdict")
	explain  = flag.Bool("explain", false, "add the deciding rule as a third field (implies -verdicts)")
	missing  = flag.String("missing", "allow", "verdict for a host without a robots.txt: allow or disallow")
	output   = flag.String("output", "", "output file prefix: PREFIX-SSSSS-of-NNNNN")
	shards   = flag.Int("shards", 4, "output files")
)

func main() {
	if len(os.Args) < 2 || os.Args[1] != "filter" {
		fmt.Fprintln(os.Stderr, "usage: robotsdfa-beam filter -pack STORE -agent AGENT --output PREFIX [flags] INPUT...")
		os.Exit(2)
	}
	os.Args = append(os.Args[:1], os.Args[2:]...)
	flag.Parse()
	beam.Init()
	switch {
	case *pack == "" || *agent == "" || *output == "":
		fail("-pack, -agent and --output are required")
	case *missing != "allow" && *missing != "disallow":
		fail(fmt.Sprintf("-missing is allow or disallow, not %q", *missing))
	case flag.NArg() == 0:
		fail("want at least one INPUT")
	}
	p, s := beam.NewPipelineWithRoot()
	var inputs []beam.PCollection
	for _, glob := range flag.Args() {
		inputs = append(inputs, textio.Read(s, glob, textio.ReadAutoCompression()))
	}
	lines := beam.Flatten(s, inputs...)
	out := robotsbeam.Filter(s, lines, robotsbeam.Options{
		Store: *pack, Agent: *agent, Verdicts: *verdicts, Explain: *explain, Missing: *missing,
	})
	robotsbeam.WriteSharded(s, *output, *shards, out)
	res, err := beamx.RunWithMetrics(context.Background(), p)
	if err != nil {
		fail(err.Error())
	}
	if res != nil {
		var parts []string
		for _, c := range res.Metrics().AllMetrics().Counters() {
			if c.Key.Namespace == "robotsdfa" {
				parts = append(parts, fmt.Sprintf("%s %d", c.Key.Name, c.Result()))
			}
		}
		fmt.Fprintf(os.Stderr, "robotsdfa-beam filter: %s\n", strings.Join(parts, ", "))
	}
}

func fail(msg string) {
	fmt.Fprintf(os.Stderr, "robotsdfa-beam filter: %s\n", msg)
	os.Exit(2)
}
