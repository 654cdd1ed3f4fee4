package guard

// rustPolicies is cargo's. cargo compiles the project and runs its build
// scripts, proc macros and tests, so every form is build profile. What
// runs a program other than the project's is refused: --config (a
// rustc-wrapper, a target runner, a linker named on the command line), -Z
// (nightly flags: config-include, script, unstable options), and for
// cargo rustc and rustdoc their compiler arguments (-C linker=...). build,
// check, clippy and test admit the options the diagnostics parsers read
// (checked against `cargo build --help`, `cargo test --help`, cargo
// 1.95.0), paths checked: --manifest-path, --target-dir (written),
// --target (a triple, or a target spec file). The project's own
// .cargo/config.toml may name programs too: that is the project's code,
// which the build profile runs anyway. The environment (RUSTC_WRAPPER,
// RUSTFLAGS, CARGO_TARGET_*_RUNNER) is the server's, not the caller's.
func rustPolicies() map[string]CommandPolicy {
	build := with(bools("--workspace", "--all", "--lib", "--bins", "--examples", "--tests", "--benches",
		"--all-targets", "--all-features", "--no-default-features", "-r,--release", "--keep-going",
		"--ignore-rust-version", "--future-incompat-report", "--timings"), flagSet{
		"-p,--package|--exclude|--bin|--example|--test|--bench|-F,--features|--profile": val(ArgText),
		"-j,--jobs":                             val(ArgNumber),
		"--target|--target-dir|--manifest-path": {Arg: ArgPath},
		"--message-format":                      val(ArgText, "human", "short", "json*"),
	})
	// The lint levels clippy-driver reads after "--" (-D warnings,
	// -Wclippy::pedantic); rustc's own options (-C linker=, --extern, -L,
	// @argfile, -o, --emit) are not lint levels.
	lints := Positionals{Max: -1, Kind: ArgText,
		Values: []string{"-D", "-W", "-A", "-F", "--deny", "--warn", "--allow", "--forbid", "-D*", "-W*", "-A*", "-F*",
			"--deny=*", "--warn=*", "--allow=*", "--forbid=*", "--cap-lints", "--cap-lints=*", "warnings", "unused",
			"deprecated", "clippy::*", "rustdoc::*", "*_*", "allow", "warn", "deny", "forbid"},
		Deny:    []string{"-C*", "--codegen*", "-Z*", "--extern*", "-L*", "-l*", "@*", "--sysroot*", "--emit*", "-o*", "--out-dir*", "--print*", "--target*"},
		Refusal: &Refusal{Detail: detailRunsProgram}}
	// cargo test's positionals: a test name filter, and after "--" the
	// test binary's options (the project's own program); --logfile
	// writes where it names.
	testArgs := Positionals{Max: -1, Kind: ArgAny, Deny: []string{"--logfile*"}, Refusal: &Refusal{Detail: detailWritesFiles}}
	open := CommandPolicy{Open: true}
	return map[string]CommandPolicy{
		"cargo": {
			Profile:    ProfileBuild,
			Persistent: true,
			Flags: with(bools("-V,--version", "-v,--verbose", "-q,--quiet", "--frozen", "--locked", "--offline",
				"--list", "-h,--help"), flagSet{
				"--color":   val(ArgText, "auto", "always", "never"),
				"-C":        {Arg: ArgPath, Chdir: true},
				"--explain": val(ArgText),
			}),
			Subcommands: subs(map[string]CommandPolicy{
				"build,b,check,c": {Flags: build},
				"clippy":          {Flags: with(build, bools("--no-deps")), Positionals: lints},
				"test,t":          {Flags: with(build, bools("--no-run", "--no-fail-fast", "--doc")), Positionals: testArgs},
				"run,r,bench,doc,d,fmt,tree,metadata,clean,update,fetch,search,version,locate-project,pkgid,verify-project,read-manifest,generate-lockfile,add,remove,vendor,package,fix": open,
			}),
			Refuse: refusals(
				refuseAll(valued(drop(detailRunsProgram)), "--config,-Z"),
				refuseAll(denied(detailRunsProgram), "rustc,rustdoc"),
				refuseAll(denied(detailWritesFiles), "install,uninstall,new,init"),
				refuseAll(denied(detailNetworkSend), "publish,login,logout,owner,yank"),
			),
		},
	}
}
