package main

import (
	"flag"
	"io"
	"os"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
)

// serveIfWorker serves as a Beam worker, and does not return, when args
// are a worker's. A runner that runs the pipeline in containers
// (Dataflow; Flink, Spark or universal with --environment_type DOCKER)
// starts this same binary on each worker with the SDK harness's flags
// and no command ("--worker=true --id=... --control_endpoint=..."), and
// beam.Init then runs the harness. Other args that begin with a flag
// name no command either, so serveIfWorker returns for command to refuse
// them.
func serveIfWorker(args []string) {
	if len(args) == 0 || !strings.HasPrefix(args[0], "-") || flag.Lookup("worker") == nil {
		return
	}
	flag.CommandLine.Init(os.Args[0], flag.ContinueOnError)
	flag.CommandLine.SetOutput(io.Discard)
	if flag.CommandLine.Parse(args) != nil || flag.Lookup("worker").Value.String() != "true" {
		return
	}
	beam.Init() // serves until the runner ends the worker, then exits
	os.Exit(0)
}
