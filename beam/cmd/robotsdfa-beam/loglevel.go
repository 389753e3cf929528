package main

import (
	"flag"
	"fmt"
	"slices"
	"strings"

	beamlog "github.com/apache/beam/sdks/v2/go/pkg/beam/log"
)

// logLevel is how much of Beam's own logging reaches standard error. On a
// local runner Beam's INFO lines (Prism's job states, a dozen lines; the
// direct runner's whole plan, 3 KB) bury the command's one-line summary,
// so a local run keeps Beam's warnings and errors; on a
// cluster's runner Beam's INFO lines say which job was submitted and
// where to follow it, and are kept.
var logLevel = flag.String("log-level", "", "Beam's own logging: debug, info, warn or error (default: warn on the local runners, prism and direct; info on the others)")

// localRunners are the runners that run the pipeline in this process.
var localRunners = []string{"", "prism", "direct"}

// setLogLevel gives Beam the level -log-level names, before beam.Init
// sets its logger up from it. Workers are not given it: they log as their
// runner asks.
func setLogLevel(cmd string) {
	level := strings.ToLower(*logLevel)
	switch level {
	case "":
		level = "info"
		if r := flag.Lookup("runner"); r == nil || slices.Contains(localRunners, r.Value.String()) {
			level = "warn"
		}
	case "debug", "info", "warn", "error":
	default:
		fail(cmd, fmt.Sprintf("-log-level is debug, info, warn or error, not %q", *logLevel))
	}
	beamlog.LogLevel = level
}
