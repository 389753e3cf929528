// Package cmdline is how both commands, robotsdfa and robotsdfa-beam,
// read a command line: flags anywhere among the arguments, as the GNU
// tools take them, with "--" ending them; and a mistyped command or flag
// answered with the one most likely meant ("did you mean"). Its
// functions do not panic; a suggestion takes time proportional to the
// word's length times the candidates' total length.
package cmdline
