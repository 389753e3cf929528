// Package automaton holds the byte automata that robots.txt groups compile
// into, and evaluates them.
//
// A merged group is a set of rules (kind, normalised pattern, line); its
// priority order is length, then line. Build turns it into a Program: the
// ranked rule table and its dfas: one for the anchored rules and one for
// the floating "/*x" rules, or, past the budget, the fallback: DFAs over
// parts of the rules (literal rules, a trie, apart from wildcard rules) and
// the wildcard rules that fit no DFA, scanned one by one with globMatch.
// Floating literals ("*x", "/*x", x without a star) always get a DFA of
// their own, built directly as the Aho-Corasick automaton of their
// keywords (see buildKeywords).
// A DFA is one flat table of premultiplied refs (see DFA), the same in
// memory and in a blob; a run of states that each have one way on (a
// literal pattern's bytes) shares one chain row, a byte per state.
//
// A DFA state is a set of live pattern threads. Of a settled allow and a
// settled disallow only one can still decide (the disallow if its priority
// is strictly greater, else the allow): that rule is the leader, and
// combine is associative, so leaders of parts combine exactly. A state
// records the rules settled on entering it (its output); the walk keeps a
// leader register, so states do not multiply by leaders. Threads that can
// no longer beat the rules settled with them are pruned, and a thread is
// dropped when a later star of its own pattern is live. States with no
// threads are decided: absorbing, numbered first, then live states with an
// output, so one compare finds every state that needs more than a step.
// End of input is one more byte class (so is NUL in Google mode). A
// floating DFA's walk skips the bytes that keep it in its idle state (see
// idle.go) with a loop whose iterations do not depend on each other, eight
// bytes at a time when at most four bytes leave the state, not counting up
// to two that only pass through it (idleskip.go); on amd64, sixteen at a
// time in SSE2 assembly for a path of 16 bytes or more (skip_amd64.s; the
// build tag purego leaves it out, and other machines use the word loop).
//
// A Program's screen (screen.go) is a few words derived from its automata
// that settle most paths' leaders, or the anchored DFAs' part of them,
// from the paths' first bytes, so that a caller that keeps it apart from
// the program (runtime.Matcher) does not read the program's cold tables
// for them. Its jump (jump.go) is the prefix of up to eight bytes under
// which its anchored rules part most (en.wikipedia.org's "/wiki/"), with
// the state after it: a path that starts with it is compared in one word
// and walked on from there. Both are derived on a program's first binding
// and kept (derive.go).
//
// Construction is close to minimal: over the 15,274-file corpus, 99.25% of
// the states built remain after Moore minimisation (Options.Minimize).
//
// # Contract
//
// Build never fails and never panics. Each budgeted DFA attempt is bounded
// by Options.MaxStates, MaxBytes and MaxWork, there are at most a dozen
// attempts per group, and the literal trie and the keyword automaton are
// linear in their patterns' bytes (the keyword automaton times the byte
// classes, within MaxStates and MaxBytes). Run, Leader and Check do not allocate, take time linear in the
// path for each DFA and each scanned rule, and are safe for concurrent use:
// programs are not modified after Build. A programBuilder is not safe for
// concurrent use; the package-level Build is (construction state is
// pooled). Program.screen takes at most a few thousand steps of two or
// three bytes (screenWalks). Set.AppendBinary is safe for concurrent use and allocates only
// the blob (none into a buffer with room); Decode allocates a fixed
// handful of objects per blob.
package automaton
