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
			Subcommands:    subs(map[string]CommandPolicy{"build,vet,test": build}),
		},
	}
}
