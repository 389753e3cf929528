// Package robotsbeam runs robotsdfa's frontier filter on Apache Beam, for
// frontiers too large for one machine: the same verdicts as robotsdfa
// filter -pack, line for line, on any Beam runner (the direct runner and
// Prism locally; Dataflow, Flink and Spark through Beam's portable
// runners).
//
//	lines := robotsbeam.ReadLines(s, "gs://bucket/frontier/*.txt.zst")
//	out := robotsbeam.Filter(s, lines, robotsbeam.Options{Store: "gs://bucket/hosts.store", Agent: "examplebot"})
//	robotsbeam.WriteSharded(s, "gs://bucket/allowed", 16, out)
//
// FilterMissing also returns the hosts the store holds no robots.txt for,
// which WriteHostList writes as robotsdfa filter -missing-hosts does: the
// robots.txt to fetch next. Compile makes the store from (host,
// robots.txt) records in parallel, as robotsdfa compile -robots-dir does.
//
// # Design
//
// The rules come from a store (package store: every host's compiled
// robots.txt, content addressed, read in place), which each worker opens
// once and looks each URL's host up in, as filter -pack does. No URL is
// grouped by host, so a host with most of the frontier's URLs (a hot key)
// costs nothing more, and nothing is compiled for a host without URLs.
// A store on a Beam filesystem (gs://, ...) is copied to the worker's
// local disk once, at the first DoFn's Setup: the DoFn instances of a
// worker process (one per bundle it runs at once) share one copy, one
// mapping and one cache, closed when the last is torn down.
//
// # Contract
//
//   - Output: filter's lines ("URL", or with Verdicts "allowed<TAB>URL",
//     "disallowed<TAB>URL", "error<TAB>LINE<TAB>reason", and with Explain a
//     third field), in no order: Beam keeps none.
//   - Counters (namespace "robotsdfa"): allowed, disallowed, unusable lines,
//     lines of hosts without a robots.txt in the store (no_robots_txt), and
//     distinct hosts as filter -pack's summary counts them:
//     hosts_in_store, hosts_not_in_store, hosts_unreadable.
//   - Input: ReadLines reads plain, gzip and zstd files by name; Beam's
//     textio of v2.77.0 loses most lines of a gzip file (it reads one only
//     as far as its compressed size).
//   - Panics: none for any line or store; a store that cannot be opened
//     fails the bundle with its error. A host whose blob cannot be read,
//     or was compiled for other tokens than Agent's (robotsdfa compile
//     -agent), makes its lines unusable with the reason, as filter does.
package robotsbeam
