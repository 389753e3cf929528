package main

import (
	"fmt"
	goruntime "runtime"
	"runtime/debug"
)

const versionAbout = `
Prints the module version the binary was built from (as go install
records it; a build in a clone gets a pseudo-version from its VCS, or
"(devel)" without VCS stamping), the VCS revision and time when the build
recorded them (a tree with changes is marked "+modified"), and the Go
version.`

const versionExample = `  $ robotsdfa version`

func runVersion(e *env, args []string) int {
	fs := flagSet(e, "version", "", versionAbout, versionExample)
	if code, done := parseFlags(e, fs, args); done {
		return code
	}
	if fs.NArg() != 0 {
		return usageError(e, fs, "version takes no arguments")
	}
	fmt.Fprintln(e.stdout, versionLine(debug.ReadBuildInfo()))
	return exitOK
}

// versionLine renders a build's version: "robotsdfa VERSION [REVISION
// [+modified] TIME] GOVERSION".
func versionLine(info *debug.BuildInfo, ok bool) string {
	if !ok {
		return fmt.Sprintf("%s (no build information) %s", commandName, goruntime.Version())
	}
	line := commandName + " " + info.Main.Version
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	if rev := settings["vcs.revision"]; rev != "" {
		line += " " + rev
		if settings["vcs.modified"] == "true" {
			line += "+modified"
		}
		if t := settings["vcs.time"]; t != "" {
			line += " " + t
		}
	}
	return line + " " + info.GoVersion
}
