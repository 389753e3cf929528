package cmdline

import (
	"flag"
	"strings"
)

// Parse parses fs's flags wherever they are in args, before, between and
// after the arguments, and returns the arguments in order. "--" ends the
// flags (what follows is arguments, even if it starts with '-'), unless
// it is the value of the flag before it ("-agent --"); "-" alone is an
// argument (standard input). fs's own Args are not the arguments: only
// those after its last flag.
func Parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return positional, err
		}
		rest := fs.Args()
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" && !valueWas(fs, args, used-1) {
			return append(positional, rest...), nil
		}
		if len(rest) == 0 {
			return positional, nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// valueWas reports whether args[i] was the value of the flag before it
// ("-agent --"), not the end of the flags.
func valueWas(fs *flag.FlagSet, args []string, i int) bool {
	if i == 0 {
		return false
	}
	name := strings.TrimLeft(args[i-1], "-")
	if !strings.HasPrefix(args[i-1], "-") || name == "" || strings.Contains(name, "=") {
		return false
	}
	f := fs.Lookup(name)
	if f == nil {
		return false
	}
	b, isBool := f.Value.(interface{ IsBoolFlag() bool })
	return !isBool || !b.IsBoolFlag()
}
