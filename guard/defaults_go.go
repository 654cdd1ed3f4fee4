package guard

// goPolicies is the Go toolchain's policy: go build, go vet and go test
// compile the project and run its tests (and vet runs the compiler's
// front end on it), so they are build-profile forms, which the catalog
// reads as diagnostics. Options that name a program to run in the tool's
// place (-exec, -toolexec, -vettool) are refused: they run a program other
// than the project's code. Every other go subcommand is refused. go is not
// in DefaultAllowedCommands: an operator adds it.
func goPolicies() map[string]CommandPolicy {
	runs := refuseAll(valued(drop(detailRunsProgram)), "-exec,--exec,-toolexec,--toolexec,-vettool,--vettool")
	build := CommandPolicy{Open: true, SingleDashLong: true, Refuse: runs}
	return map[string]CommandPolicy{
		"go": {
			Profile:        ProfileBuild,
			SingleDashLong: true,
			Flags:          bools("-h,-help,--help"),
			Subcommands:    subs(withSubs(map[string]CommandPolicy{"build,vet,test": build}, goInspectSubcommands())),
		},
	}
}

// ccPolicies is gcc's and cc's: compilers, so build profile, with the
// flags the diagnostics parsers read and nothing else (no -wrapper,
// -fplugin, -B or -specs, which run or load a program of the caller's
// choosing); -o, -I and -L are paths, the sources too. gcc reads -std
// and -fdiagnostics-color only as -name=value, which a flag name here
// cannot hold: they are refused on a run (parse reads them from a pipe).
func ccPolicies() map[string]CommandPolicy {
	cc := CommandPolicy{
		Profile: ProfileBuild,
		Flags: with(bools("-c", "-S", "-fsyntax-only", "-Wall", "-Wextra", "-Werror", "-Wpedantic", "-pedantic",
			"-w", "-O0", "-O1", "-O2", "-O3", "-Os", "-g", "-fno-diagnostics-color", "-fno-caret-diagnostics",
			"-fcolor-diagnostics", "-fno-color-diagnostics", "-fPIC", "-pthread", "-m64", "-m32", "--version"), flagSet{
			"-o|-I|-L":             {Arg: ArgPath},
			"-std|-D|-l|-x|-march": val(ArgText),
			"-fdiagnostics-color":  val(ArgText, "never", "always", "auto"),
		}),
		Positionals: pathArgs,
	}
	return map[string]CommandPolicy{"gcc": cc, "cc": cc}
}
