// Package peers compares robotsdfa with other robots.txt libraries on the
// same workloads, in the same process (bench/workload): parse once per
// host, bind the crawler once per host, check each URL, as a crawler
// would. It is its own module so that the library's go.mod never depends
// on a competitor. Benchmarks are named BenchmarkPeers/<workload>/<impl>,
// for benchstat -col /impl.
//
// Peers: github.com/temoto/robotstxt (FromBytes once per host, FindGroup
// once per host, Test(path) per URL, given the path already extracted, as
// a crawler holding a parsed URL would).
package peers
