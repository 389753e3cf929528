// Package workload loads the standard benchmark workloads of robotsdfa, so
// that the benchmarks in bench/, bench/peers and the command line's bench
// subcommand measure the same thing:
//
//   - frontier: every URL of the corpus's URL lists whose host has a
//     robots.txt in the corpus, each checked against its host's file for
//     one product token (one bound matcher per file, as a crawler holds);
//   - wikipedia: en.wikipedia.org URLs against en.wikipedia.org's file;
//   - adversarial: long paths against star-heavy patterns;
//   - compile: every robots.txt file of the corpus, parsed, compiled and
//     serialised.
//
// Two corpora exist: the full shared corpus (../shared/corpus beside the
// repository: robots/, robots-hosts.tsv, urls/) and the sample shipped in
// testdata (testdata/corpus and testdata/frontier). Reports say which was
// used. URL lists may be plain, gzip or zstd (detected by magic bytes).
package workload
