// Package fuzz holds cross-package fuzz targets: the reference matcher,
// the in-memory automaton and the loaded blob must agree on every verdict
// and deciding line. go test replays the seeds; long runs are done by hand
// (go test ./fuzz -fuzz FuzzDifferential) and their crashers committed
// under testdata/fuzz.
package fuzz
