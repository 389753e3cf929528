// Package automaton holds the byte automata that robots.txt groups compile
// into, and evaluates them.
//
// A merged group is a set of rules (kind, normalised pattern, line); its
// priority order is length, then line. Build turns it into a Program: the
// ranked rule table and one DFA, or several when one would exceed the state
// or byte budget (the fallback: rules are split, literal rules apart from
// wildcard rules, then in halves, and each part gets a DFA).
//
// A DFA state is a set of live pattern threads plus one leader: of a
// settled allow and a settled disallow only one can still decide (the
// disallow if its priority is strictly greater, else the allow), so states
// keep just that rule. Threads that can no longer beat the leader are
// pruned, and a thread is dropped when a later star of its own pattern is
// live. States with no threads are decided: absorbing, numbered first, and
// carrying their leader. End of input is one more byte class (so is NUL in
// Google mode). Leaders of different DFAs combine exactly: best allow and
// best disallow by rank, then Verdict. That is what makes the split
// fallback and multi-token (union) queries correct.
//
// # Contract
//
// Build never fails and never panics; one DFA's construction is bounded by
// Options.MaxStates and Options.MaxBytes. Run and Check do not allocate,
// take time linear in the path times the number of DFAs of the program,
// and are safe for concurrent use: programs are not modified after Build.
package automaton
