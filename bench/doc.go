// Package bench holds the end-to-end benchmarks of robotsdfa on the real
// corpus: checks on the frontier, Wikipedia and adversarial workloads,
// compilation of every file, loading blobs, and blob size against
// robots.txt size. They run on the full shared corpus (../shared/corpus,
// or $ROBOTSDFA_CORPUS) when it is there, else on the sample in testdata,
// and log which. The comparison with other libraries is in the nested
// module bench/peers; bench/run runs both with benchstat.
package bench
