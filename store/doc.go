// Package store keeps many hosts' compiled robots.txt in one file, for a
// crawl scheduler that holds the rules of millions of hosts and asks
// about each URL it is about to schedule.
//
//	w, err := store.Create("hosts.store")
//	err = w.AddRobotsTxt("https://example.com/", body, func(b []byte) ([]byte, error) {
//		return compile.Compile(b, compile.Options{}).AppendBinary(nil)
//	})
//	err = w.Close()
//
//	st, err := store.Open("hosts.store", store.Options{})
//	a := st.Agent("examplebot")                       // once
//	ok, err := a.Allowed("https://example.com/page")   // per URL; err: ErrNotFound for a host not held
//
// A store is keyed by host (runtime.HostKey: lower-cased, IDN in
// Punycode, default port and trailing dot dropped), and holds each
// distinct blob once: hosts that serve identical robots.txt files share
// one. Each blob is compressed on its own, so that a lookup decompresses
// only its host's: zstd from 4 KiB, S2 below (a small blob's decoding in
// a fifth of the time; docs/PERFORMANCE.md, "S2 for small blobs"). The file is memory-mapped (read whole
// where the system cannot map files) and opened without reading its
// blobs: Open validates the header and the index (docs/FORMAT.md,
// "Stores"), and each blob is validated by runtime.Load at its first use;
// a damaged blob makes its own hosts' lookups fail and no other's. A store
// of version 2 (the same layout without S2 frames) opens as it is; a pack
// of version 1 (one zstd frame) is read into memory.
//
// A hot cache keeps the robots.txt most recently used loaded, and the
// Matchers bound from them per Agent, within Options.CacheBytes; a host's
// lookup is cached in a table of two-slot sets. A host's first check binds
// its Matcher without the screens a program derives for fast checks
// (runtime.Robots.AgentOnce), its second with them: a host checked once
// costs less, one checked often checks faster. A caller that keeps each
// host's Matcher for a run of its URLs (Agent.Matcher, then the
// Matcher's checks) uses Store.AgentOnce, which never derives them.
// Writing a new store from an
// old one and the hosts that changed (Writer.CopyFrom) copies the
// unchanged blobs' compressed frames without decompressing them. A store
// is written beside its path and renamed into place by Close, so that a
// process that has the old one open keeps reading it whole while the new
// one is written.
//
// # Contract
//
//   - Allocations: an Agent's check of a host it has checked before and
//     the cache still holds (found or not found) allocates nothing. A
//     cold host's first check decompresses and loads its blob and binds
//     its Matcher; its second binds the Matcher again with its screens
//     (not for an AgentOnce).
//   - Concurrency: a Store and its Agents are safe for concurrent use; a
//     Writer is not. Close may run while others check: their checks end
//     with a verdict or ErrClosed, never a fault, and the Robots and
//     Matchers they got stay valid; so a new store takes an old one's
//     place by publishing it, then closing the old (Store.Close).
//   - Memory: the index and blobs are in the mapped file, not the Go heap;
//     the heap holds the cache, bounded by CacheBytes (a store of ten
//     million hosts adds under 64 KB beyond it, nothing per host), and a
//     lookup decompresses no blob over MaxBlobBytes (ErrTooLarge). A
//     Writer holds the host keys, not the blobs, and takes no blob over
//     its own MaxBlobBytes, so that what it writes loads whole.
//   - Panics: none, for any file; errors wrap ErrFormat, ErrVersion,
//     ErrChecksum, ErrNotFound or ErrTooLarge and name the byte offset of
//     a fault. A lookup for an Agent whose tokens the host's blob was not
//     compiled for (robotsdfa compile -agent) fails with ErrNotCompiledFor
//     rather than answer with the '*' groups. A store file is replaced by
//     renaming a new one onto its path (as a Writer does); one rewritten in
//     place while open makes the calls that read it fail with ErrFormat,
//     saying so, rather than crash the process on the fault in its mapping.
//   - Complexity: Open reads and checks the index (tens of bytes a host),
//     not the blobs; a lookup searches one directory bucket of about 64
//     hosts.
//
// This package imports runtime, not compile: a service that only answers
// from a store does not link the compiler. A Writer is given the blobs,
// or the bodies and a function that compiles them.
package store
