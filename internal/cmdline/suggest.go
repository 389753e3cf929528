package cmdline

import (
	"flag"
	"strings"
)

// Nearest is the candidate s is most likely a slip for, as git and the go
// command suggest one: at most one edit away (two for a word of seven
// bytes or more), where an edit is a byte added, dropped or changed, or two
// neighbours swapped. "" when none is that near, or s is under three bytes
// (every flag of one letter is one edit from every other).
func Nearest(s string, candidates []string) string {
	if len(s) < 3 {
		return ""
	}
	limit := 1
	if len(s) >= 7 {
		limit = 2
	}
	best, bestDist := "", limit+1
	for _, c := range candidates {
		if len(s) > len(c)+limit || len(c) > len(s)+limit {
			continue // as many edits as the lengths differ, at least
		}
		if d := editDistance(s, c); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// editDistance is the optimal string alignment distance between a and b:
// insertions, deletions, substitutions and transpositions of neighbours,
// each substring edited once.
func editDistance(a, b string) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// DidYouMean is " (did you mean X?)" for the nearest of candidates, or "".
func DidYouMean(s string, candidates []string) string {
	if n := Nearest(s, candidates); n != "" {
		return " (did you mean " + n + "?)"
	}
	return ""
}

// FlagSlip is DidYouMean for the flag a flag-parsing error says is not
// defined, among the flags of fs that keep says to (nil: all), as
// " (did you mean -X?)".
func FlagSlip(fs *flag.FlagSet, err error, keep func(name string) bool) string {
	const undefined = "flag provided but not defined: -"
	name, ok := strings.CutPrefix(err.Error(), undefined)
	if !ok {
		return ""
	}
	var names []string
	fs.VisitAll(func(f *flag.Flag) {
		if keep == nil || keep(f.Name) {
			names = append(names, f.Name)
		}
	})
	if n := Nearest(name, names); n != "" {
		return " (did you mean -" + n + "?)"
	}
	return ""
}
