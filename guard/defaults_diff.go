package guard

// diffPolicies is GNU diff's (diffutils 3.8, diff --help and the manual's
// "Invoking diff"): it reads the files and directories it is given and
// prints; nothing it reads names a program, except -l/--paginate, which
// pipes the output through pr. Its file operands and the files its
// options name (-X, --from-file, --to-file) are paths; -r follows
// symbolic links met while walking (unless --no-dereference), so it is
// refused when allowed_paths is set, as grep -R is. diff reads no
// configuration file and no environment variable that changes what it
// reads (DIFF_OPTIONS was removed in diffutils 3.0). diff is not in
// DefaultAllowedCommands: an operator adds it.
func diffPolicies() map[string]CommandPolicy {
	return map[string]CommandPolicy{
		"diff": {
			Abbrev: true,
			Flags: with(bools(
				"--normal", "-q,--brief", "-s,--report-identical-files", "-c", "-u", "-e,--ed", "-n,--rcs",
				"-y,--side-by-side", "--left-column", "--suppress-common-lines", "-p,--show-c-function",
				"-t,--expand-tabs", "-T,--initial-tab", "--suppress-blank-empty", "--no-dereference",
				"-N,--new-file", "--unidirectional-new-file", "--ignore-file-name-case", "--no-ignore-file-name-case",
				"-i,--ignore-case", "-E,--ignore-tab-expansion", "-Z,--ignore-trailing-space",
				"-b,--ignore-space-change", "-w,--ignore-all-space", "-B,--ignore-blank-lines", "-a,--text",
				"--strip-trailing-cr", "-d,--minimal", "--speed-large-files", "--help", "-v,--version",
			), flagSet{
				"-r,--recursive":                       {FollowsLinks: true},
				"-C,--context|-U,--unified":            optv(ArgNumber),
				"-W,--width|--tabsize|--horizon-lines": val(ArgNumber),
				"-F,--show-function-line|--label|-x,--exclude|-S,--starting-file|-I,--ignore-matching-lines|-D,--ifdef": val(ArgText),
				"--old-group-format|--new-group-format|--changed-group-format|--unchanged-group-format":                 val(ArgText),
				"--line-format|--old-line-format|--new-line-format|--unchanged-line-format|--palette":                   val(ArgText),
				"--color": optv(ArgText, "never", "auto", "always"),
				"-X,--exclude-from|--from-file|--to-file": val(ArgPath),
			}),
			Refuse:      map[string]Refusal{"-l,--paginate": drop(detailRunsProgram)},
			Positionals: pathArgs,
		},
	}
}
