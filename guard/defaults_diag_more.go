package guard

// diagMorePolicies is the policy of the diagnostics commands of issue 17
// beyond go and gcc: clang, clang++, make, gofmt, staticcheck and
// golangci-lint. None is in DefaultAllowedCommands (an operator adds
// them), and all are build-profile forms, for the reasons beside each.
func diagMorePolicies() map[string]CommandPolicy {
	// clang and clang++: compilers, as gcc (ccPolicies): the flags the
	// diagnostics parser reads and nothing that runs or loads another
	// program (-Xclang -load, -fplugin, -fpass-plugin, -B, --config,
	// -Wl, -Xlinker are simply not admitted). -ferror-limit is read only as
	// -ferror-limit=N, which a flag name here cannot hold: refused on a run.
	cc := ccPolicies()["gcc"]
	clang := cc
	clang.Flags = with(cc.Flags, bools("-fdiagnostics-parseable-fixits", "-fno-diagnostics-fixit-info", "-Weverything"))

	// make runs the recipes of the makefile: project code, so build only.
	// Read as an attacker (make(1), GNU Make 4.3), these would run code of
	// the caller's choosing instead: a command-line variable (CC=/bin/sh,
	// SHELL=..., any VAR=value overrides the makefile's), --eval (makefile
	// text), -f/--file/--makefile (another makefile), -I/--include-dir
	// (where included makefiles are found), -C/--directory (another
	// directory's makefile). Refused; targets are checked as paths (make
	// may name files by them). -t/--touch writes files; -p, -d, --debug,
	// --trace only print more: not admitted.
	runsCode := valued(drop(detailRunsProgram))
	mk := CommandPolicy{
		Profile: ProfileBuild,
		Flags: with(bools("-k", "--keep-going", "-S", "--no-keep-going", "--stop", "-s", "--silent", "--quiet",
			"-w", "--print-directory", "--no-print-directory", "-i", "--ignore-errors", "-B", "--always-make",
			"-n", "--just-print", "--dry-run", "--recon", "-r", "--no-builtin-rules", "-R", "--no-builtin-variables",
			"-L", "--check-symlink-times", "-v", "--version"), flagSet{
			"-j,--jobs":         Flag{Arg: ArgNumber, Optional: true, Min: ptr(1.0), Max: ptr(256.0)},
			"-l,--load-average": Flag{Arg: ArgNumber, Optional: true, Min: ptr(0.0), Max: ptr(1024.0)},
			"-O,--output-sync":  optv(ArgText, "none", "line", "target", "recurse"),
		}),
		Refuse: refusals(
			refuseAll(runsCode, "-f,--file,--makefile,-C,--directory,-I,--include-dir"),
			refuseAll(valued(denied(detailRunsProgram)), "--eval"),
			refuseAll(denied(detailWritesFiles), "-t,--touch"),
		),
		Positionals: Positionals{Max: -1, Kind: ArgPath, Deny: []string{"*=*"},
			Refusal: ptr(denied(detailRunsProgram))},
	}

	// gofmt reads the .go files under its paths and prints file names (-l),
	// diffs (-d) or syntax errors: it runs nothing. It is still not
	// readonly: walking a directory it opens a .go entry that is a symbolic
	// link, wherever it leads (checked with Go 1.26's gofmt: x.go linking
	// to /etc/passwd prints "x.go:1:1: expected 'package', found root", and
	// -e prints more of its tokens), a read the guard cannot check. -w
	// rewrites the files and -cpuprofile writes one: refused (-cpuprofile,
	// not admitted, is refused as any unknown flag). Go's flag package ends
	// the options at the first path; the guard still reads a later "-w" as
	// an option and refuses it.
	gofmt := CommandPolicy{
		Profile:     ProfileBuild,
		Flags:       with(bools("-l", "-e", "-s", "-d"), flagSet{"-r": val(ArgText)}),
		Refuse:      map[string]Refusal{"-w": replace(detailWritesFiles, "-l")},
		Positionals: pathArgs,
	}

	// staticcheck type-checks the project's packages, loading them through
	// go list: it runs the go command in the project (which may switch to
	// the toolchain go.mod names, download modules, and run cgo with the C
	// compiler), so build only. Its -debug.* options write profiles and
	// traces; -merge reads result files and -matrix a build matrix from
	// stdin: not admitted (refused as unknown flags).
	staticcheck := CommandPolicy{
		Profile: ProfileBuild,
		Flags: with(bools("-show-ignored", "-version"), flagSet{
			"-checks|-fail|-go|-tags|-explain": val(ArgText),
			"-tests":                           optv(ArgText, "true", "false"),
			"-f":                               val(ArgText, "text", "stylish", "json"),
		}),
		Positionals: pathArgs,
	}

	// golangci-lint run loads the packages as staticcheck does, and runs
	// the linters the configuration names, including Go plugins it loads
	// (linters.settings.custom in .golangci.yml: a shared object, i.e. code)
	// and module plugins: project code, so build only, and -c/--config,
	// which would load a configuration (and its plugins) of the caller's
	// choosing, is refused. --fix rewrites sources; the profile, trace and
	// --output.*.path options write files. Only the run subcommand runs
	// (fmt rewrites files, custom builds a binary, migrate rewrites the
	// configuration, cache clean deletes).
	boolOpt := optv(ArgText, "true", "false")
	gl := CommandPolicy{
		Profile: ProfileBuild,
		Flags:   bools("-h,--help", "--version"),
		Subcommands: map[string]CommandPolicy{"run": {
			Flags: with(bools("--no-config", "--fast-only", "--allow-parallel-runners", "--allow-serial-runners"), flagSet{
				"--default":                  val(ArgText, "standard", "all", "none", "fast"),
				"-E,--enable|-D,--disable":   val(ArgText),
				"--enable-only|--build-tags": val(ArgText),
				"-j,--concurrency":           num(1, 256),
				"--timeout":                  val(ArgText),
				"--max-issues-per-linter":    num(0, 100000),
				"--max-same-issues":          num(0, 100000),
				"--modules-download-mode":    val(ArgText, "readonly", "vendor", "mod"),
				"--path-mode":                val(ArgText, "", "abs"),
				"--color":                    val(ArgText, "always", "auto", "never"),
				"--tests|--uniq-by-line|--show-stats|--output.text.print-issued-lines|--output.text.print-linter-name|--output.text.colors": boolOpt,
			}),
			Refuse: refusals(
				refuseAll(valued(drop(detailRunsProgram)), "-c,--config"),
				refuseAll(denied(detailWritesFiles), "--fix"),
				refuseAll(valued(drop(detailWritesFiles)), "--cpu-profile-path,--mem-profile-path,--trace-path,"+
					"--output.text.path,--output.json.path,--output.tab.path,--output.html.path,--output.checkstyle.path,"+
					"--output.code-climate.path,--output.junit-xml.path,--output.teamcity.path,--output.sarif.path"),
			),
			Positionals: pathArgs,
		}},
	}
	return map[string]CommandPolicy{
		"clang": clang, "clang++": clang, "make": mk, "gofmt": gofmt, "staticcheck": staticcheck, "golangci-lint": gl,
	}
}
