package guard

// git: global options are parsed, then one subcommand from the list, each
// with its own options. Subcommands accept abbreviated long options
// (parse-options), so a prefix of a refused option is refused.
//
// What git can be made to run is closed here at the argv level: -c and
// --config-env (any config key, whatever its case), --exec-path, the pager
// (-p), external diff and textconv drivers (--ext-diff, --textconv), the
// upload-pack of ls-remote, editors (--edit*), gpg (signature checks and
// %G format placeholders), pretty-format aliases (a --format word that is
// not a built-in format is looked up in the repository's config). What a
// repository's own config makes git run on its own (core.fsmonitor,
// diff.<driver>.textconv, filters, core.sshCommand) is for the caller's
// environment and Rewrite; see docs/guard-policies.md.

// prettyFormats are the values of --format/--pretty git resolves without
// reading the config: built-in names, explicit format strings, and strings
// with a placeholder (read as tformat:).
var prettyFormats = []string{"oneline", "short", "medium", "full", "fuller", "reference", "email", "raw",
	"mboxrd", "format:*", "tformat:*", "*%*"}

// prettyFlag refuses %G placeholders, which run gpg (gpg.program).
func prettyFlag(optional bool) Flag {
	return Flag{Arg: ArgText, Optional: optional, Values: prettyFormats, Deny: []string{"*%G*"},
		Refusal: &Refusal{Detail: detailRunsProgram}}
}

// refFormat is a for-each-ref style --format; %(signature) atoms run gpg.
var refFormat = Flag{Arg: ArgText, Deny: []string{"*%(signature*"}, Refusal: &Refusal{Detail: detailRunsProgram}}

var gitDiffRefuse = map[string]Refusal{
	"--output":              valued(drop(detailWritesFiles)),
	"--ext-diff":            drop(detailRunsProgram),
	"--textconv":            drop(detailRunsProgram),
	"--no-index":            denied(detailReadsOutside),
	"--open-files-in-pager": denied(detailRunsProgram),
}

func gitDiffFlags() flagSet {
	return with(bools(
		"-p,-u,--patch", "-s,--no-patch", "--raw", "--patch-with-raw", "--patch-with-stat", "--numstat",
		"--shortstat", "--summary", "--compact-summary", "--name-only", "--name-status", "--full-index",
		"--binary", "-a,--text", "--no-color", "-w,--ignore-all-space", "-b,--ignore-space-change",
		"--ignore-space-at-eol", "--ignore-blank-lines", "--ignore-cr-at-eol", "--minimal", "--patience",
		"--histogram", "--no-renames", "--find-copies-harder", "-R", "--check", "--exit-code", "--quiet",
		"--no-prefix", "--default-prefix", "--no-ext-diff", "--no-textconv", "--ita-invisible-in-index",
		"-W,--function-context", "-z", "--no-relative", "-D,--irreversible-delete", "--pickaxe-all",
		"--pickaxe-regex", "--indent-heuristic", "--no-indent-heuristic", "--no-abbrev", "--no-stat",
		"--cached,--staged", "--merge-base",
	), flagSet{
		"--stat|--dirstat,-X":         optv(ArgText),
		"--color":                     optv(ArgText, "always", "never", "auto", "true", "false"),
		"--color-moved|--color-words": optv(ArgText),
		"--color-moved-ws|--word-diff-regex|--diff-filter|-S|-G|--find-object|--src-prefix|--dst-prefix|--line-prefix|--anchored|--output-indicator-new|--output-indicator-old|--output-indicator-context|--ws-error-highlight|--rotate-to|--skip-to": val(ArgText),
		"--word-diff": optv(ArgText, "color", "plain", "porcelain", "none"),
		// diff runs a child git diff in each submodule, which the rewrite's
		// --no-ext-diff does not reach (its diff.external would run).
		"--submodule":         optv(ArgText, "short", "log"),
		"--ignore-submodules": optv(ArgText, "none", "untracked", "dirty", "all"),
		"--abbrev":            optv(ArgNumber),
		"-M,--find-renames|-C,--find-copies|-B,--break-rewrites": optv(ArgText),
		"--relative": optv(ArgPath),
		"-U,--unified|--inter-hunk-context|-l|--stat-width|--stat-name-width|--stat-graph-width|--stat-count": val(ArgNumber),
		"--diff-algorithm": val(ArgText, "patience", "minimal", "histogram", "myers", "default"),
		"-O":               val(ArgPath),
	})
}

func gitRevFlags() flagSet {
	return with(bools(
		"--oneline", "--abbrev-commit", "--no-abbrev-commit", "--graph", "--all", "--first-parent", "--merges",
		"--no-merges", "--reverse", "--relative-date", "--follow", "--left-right", "--cherry-pick",
		"--cherry-mark", "--cherry", "--boundary", "--simplify-by-decoration", "--full-history", "--dense",
		"--sparse", "--simplify-merges", "--topo-order", "--date-order", "--author-date-order", "--do-walk",
		"--all-match", "--invert-grep", "-i,--regexp-ignore-case", "-E,--extended-regexp", "-F,--fixed-strings",
		"-P,--perl-regexp", "--basic-regexp", "--no-decorate", "--source", "--use-mailmap,--mailmap",
		"--no-use-mailmap,--no-mailmap", "--full-diff", "--log-size", "--no-notes", "--no-expand-tabs", "-m",
		"-c", "--cc", "--dd", "--remerge-diff", "--no-diff-merges", "--combined-all-paths", "-t", "-r",
		"--root", "--no-min-parents", "--no-max-parents", "--single-worktree", "--exclude-first-parent-only",
		"--reflog", "--alternate-refs", "--children", "--parents", "-g,--walk-reflogs", "--clear-decorations",
		"--count", "-NUM",
	), flagSet{
		"-n,--max-count|--skip|--min-parents|--max-parents": val(ArgNumber),
		"--since,--after|--until,--before|--since-as-filter|--author|--committer|--grep|--grep-reflog|--date|--decorate-refs|--decorate-refs-exclude|--exclude|-L|--diff-merges|--encoding": val(ArgText),
		"--format":   prettyFlag(false),
		"--pretty":   prettyFlag(true),
		"--decorate": optv(ArgText, "short", "full", "auto", "no"),
		"--branches|--tags|--remotes|--glob|--ancestry-path|--no-walk|--show-notes,--notes|--show-linear-break|--expand-tabs": optv(ArgText),
	})
}

var gitLogRefuse = refusals(gitDiffRefuse, map[string]Refusal{"--show-signature": drop(detailRunsProgram)})

// gitSub marks a subcommand level: options may be abbreviated.
func gitSub(p CommandPolicy) CommandPolicy { p.Abbrev = true; return p }

func gitPolicies() map[string]CommandPolicy {
	logLike := gitSub(CommandPolicy{Flags: with(gitDiffFlags(), gitRevFlags()), Refuse: gitLogRefuse, Positionals: pathArgs})
	listMode := []string{"-l"}

	sub := subs(map[string]CommandPolicy{
		"status": gitSub(CommandPolicy{
			Flags: with(bools("-s,--short", "-b,--branch", "--long", "-v,--verbose", "-z,--null", "--show-stash",
				"--ahead-behind", "--no-ahead-behind", "--renames", "--no-renames", "--no-column"), flagSet{
				"--porcelain":          optv(ArgText, "v1", "v2"),
				"-u,--untracked-files": optv(ArgText, "no", "normal", "all"),
				"--ignored":            optv(ArgText, "traditional", "no", "matching"),
				"--ignore-submodules":  optv(ArgText, "none", "untracked", "dirty", "all"),
				"--column":             optv(ArgText),
				"-M,--find-renames":    optv(ArgText),
			}),
			Positionals: pathArgs,
		}),
		"log,show": logLike,
		"diff":     gitSub(CommandPolicy{Flags: gitDiffFlags(), Refuse: gitDiffRefuse, Positionals: pathArgs}),
		"shortlog": gitSub(CommandPolicy{
			Flags: with(bools("-n,--numbered", "-s,--summary", "-e,--email", "-c,--committer", "--all",
				"--no-merges", "--merges", "--first-parent"), flagSet{
				"-w": optv(ArgText),
				"--group|--since,--after|--until,--before|--author": val(ArgText),
				"--format": prettyFlag(false),
			}),
			Positionals: pathArgs,
		}),
		"branch": gitSub(CommandPolicy{
			Flags: with(bools("-a,--all", "-r,--remotes", "-v,--verbose", "-l,--list", "--show-current",
				"-i,--ignore-case", "--omit-empty", "--no-color", "--no-column", "-q,--quiet", "--no-abbrev"), flagSet{
				"--contains|--no-contains|--merged|--no-merged|--points-at|--sort": val(ArgText),
				"--format":         refFormat,
				"--color|--column": optv(ArgText),
				"--abbrev":         optv(ArgNumber),
			}),
			Refuse: refusals(
				refuseAll(denied(detailStateChange), "-d,-D,--delete,-m,-M,--move,-c,-C,--copy,-f,--force,--unset-upstream,-t,--track,--no-track,--create-reflog,--recurse-submodules"),
				refuseAll(valued(denied(detailStateChange)), "-u,--set-upstream-to"),
				map[string]Refusal{"--edit-description": denied(detailRunsProgram)},
			),
			Positionals: Positionals{Max: -1, Kind: ArgText, Needs: listMode,
				Refusal: &Refusal{Detail: detailStateChange, Hint: []string{"--list"}}},
		}),
		"tag": gitSub(CommandPolicy{
			Flags: with(bools("-l,--list", "-i,--ignore-case", "--omit-empty", "--no-column", "--no-color"), flagSet{
				"-n": optv(ArgNumber),
				"--contains|--no-contains|--merged|--no-merged|--points-at|--sort": val(ArgText),
				"--format":         refFormat,
				"--color|--column": optv(ArgText),
			}),
			Refuse: refusals(
				refuseAll(denied(detailStateChange), "-d,--delete,-a,--annotate,-s,--sign,-f,--force,-e,--edit,--create-reflog,--no-sign"),
				refuseAll(valued(denied(detailStateChange)), "-u,--local-user,-m,--message,-F,--file,--cleanup,--trailer"),
				map[string]Refusal{"-v,--verify": denied(detailRunsProgram)},
			),
			Positionals: Positionals{Max: -1, Kind: ArgText, Needs: listMode,
				Refusal: &Refusal{Detail: detailStateChange, Hint: []string{"--list"}}},
		}),
		"remote": gitSub(CommandPolicy{
			Flags: bools("-v,--verbose"),
			Subcommands: map[string]CommandPolicy{
				"get-url": gitSub(CommandPolicy{Flags: bools("--push", "--all"), Positionals: upTo(1, ArgText)}),
			},
			Refuse: refusals(
				refuseAll(denied(detailStateChange), "add,remove,rm,rename,set-url,set-head,set-branches,prune,update"),
				map[string]Refusal{"show": replace(detailRunsProgram, "get-url")},
			),
		}),
		"rev-parse": gitSub(CommandPolicy{
			Flags: with(bools("--show-toplevel", "--verify", "-q,--quiet", "--git-dir", "--absolute-git-dir",
				"--git-common-dir", "--is-inside-work-tree", "--is-inside-git-dir", "--is-bare-repository",
				"--is-shallow-repository", "--show-prefix", "--show-cdup", "--show-superproject-working-tree",
				"--symbolic", "--symbolic-full-name", "--all", "--local-env-vars", "--shared-index-path",
				"--revs-only", "--no-revs", "--flags", "--no-flags", "--sq", "--not"), flagSet{
				"--abbrev-ref": optv(ArgText, "strict", "loose"),
				"--short":      optv(ArgNumber),
				"--branches|--tags|--remotes|--show-object-format":                       optv(ArgText),
				"--glob|--default|--since,--after|--until,--before|--git-path|--exclude": val(ArgText),
				"--path-format": val(ArgText, "absolute", "relative"),
			}),
			Positionals: Positionals{Max: -1, Kind: ArgAny},
		}),
		"ls-files": gitSub(CommandPolicy{
			Flags: with(bools("-c,--cached", "-d,--deleted", "-m,--modified", "-o,--others", "-i,--ignored",
				"-s,--stage", "-u,--unmerged", "-k,--killed", "--directory", "--no-empty-directory", "-z", "-t",
				"-v", "-f", "--exclude-standard", "--error-unmatch", "--full-name", "--recurse-submodules",
				"--debug", "--eol", "--deduplicate", "--sparse", "--resolve-undo"), flagSet{
				"-x,--exclude|--with-tree":                  val(ArgText),
				"-X,--exclude-from|--exclude-per-directory": val(ArgPath),
				"--abbrev": optv(ArgNumber),
				"--format": val(ArgText),
			}),
			Positionals: pathArgs,
		}),
		"ls-tree": gitSub(CommandPolicy{
			Flags: with(bools("-r", "-d", "-t", "-l,--long", "-z", "--name-only", "--name-status", "--object-only",
				"--full-name", "--full-tree"), flagSet{"--abbrev": optv(ArgNumber), "--format": val(ArgText)}),
			Positionals: Positionals{Max: -1, Kind: ArgAny},
		}),
		"blame": gitSub(CommandPolicy{
			Flags: with(bools("-l", "-t", "-s", "-e,--show-email", "-w", "-p,--porcelain", "--line-porcelain",
				"--incremental", "--root", "--show-stats", "-f,--show-name", "-n,--show-number", "-c", "-b",
				"--score-debug", "--no-progress", "--first-parent", "--minimal", "--color-lines", "--color-by-age",
				"--no-textconv", "--no-ext-diff", "--reverse", "--no-ignore-revs-file"), flagSet{
				"-L|--date|--ignore-rev|--encoding": val(ArgText),
				"--abbrev|-M|-C":                    optv(ArgNumber),
				"--ignore-revs-file|-S|--contents":  val(ArgPath),
			}),
			Refuse:      map[string]Refusal{"--textconv": drop(detailRunsProgram)},
			Positionals: pathArgs,
		}),
		"describe": gitSub(CommandPolicy{
			Flags: with(bools("--tags", "--all", "--long", "--always", "--exact-match", "--contains",
				"--first-parent", "--debug"), flagSet{
				"--abbrev":          optv(ArgNumber),
				"--broken":          optv(ArgText),
				"--match|--exclude": val(ArgText),
				"--candidates":      val(ArgNumber),
			}),
			// --dirty refreshes and writes .git/index, GIT_OPTIONAL_LOCKS=0
			// or not (git 2.39); --broken asks git diff-index instead.
			Refuse:      map[string]Refusal{"--dirty": replace(detailWritesFiles, "--broken")},
			Positionals: Positionals{Max: -1, Kind: ArgAny},
		}),
		// "git stash" alone pushes a stash.
		"stash": gitSub(CommandPolicy{
			RequireSubcommand: &Refusal{Detail: detailStateChange, Hint: []string{"list"}},
			Subcommands: map[string]CommandPolicy{
				"list": logLike,
				"show": gitSub(CommandPolicy{
					Flags:       with(gitDiffFlags(), bools("--include-untracked", "--only-untracked", "--no-include-untracked")),
					Refuse:      gitDiffRefuse,
					Positionals: upTo(1, ArgText),
				}),
			},
			Refuse: refuseAll(denied(detailStateChange), "push,save,pop,apply,drop,clear,create,store,branch"),
		}),
		// git config reads only with a read mode; a key and a value alone
		// write.
		"config": gitSub(CommandPolicy{
			Flags: with(bools("--get", "--get-all", "--get-regexp", "--get-urlmatch", "-l,--list", "--show-origin",
				"--show-scope", "--local", "--global", "--system", "--worktree", "--no-includes",
				"-z,--null", "--name-only", "--bool", "--int", "--bool-or-int", "--path", "--expiry-date"), flagSet{
				"--type":           val(ArgText, "bool", "int", "bool-or-int", "path", "expiry-date", "color"),
				"--default|--blob": val(ArgText),
				"-f,--file":        val(ArgPath),
			}),
			Require: &Requirement{Flags: []string{"--get", "--get-all", "--get-regexp", "--get-urlmatch", "-l"},
				Refusal: &Refusal{Detail: detailStateChange, Hint: []string{"--get"}}},
			Refuse: refusals(
				map[string]Refusal{"-e,--edit": denied(detailRunsProgram)},
				// include.path in a hostile .git/config can name any file
				// in git config syntax (~/.aws/credentials is), which
				// "config -l" would print; Rewrite adds --no-includes.
				map[string]Refusal{"--includes": drop(detailReadsOutside)},
				refuseAll(denied(detailStateChange), "--add,--unset,--unset-all,--replace-all,--rename-section,--remove-section"),
			),
			Positionals: upTo(2, ArgText),
		}),
		"reflog": gitSub(CommandPolicy{
			Flags:       with(gitDiffFlags(), gitRevFlags()),
			Subcommands: map[string]CommandPolicy{"show": logLike, "exists": gitSub(CommandPolicy{Positionals: upTo(1, ArgText)})},
			Refuse:      refusals(gitLogRefuse, refuseAll(denied(detailStateChange), "expire,delete")),
		}),
		"cat-file": gitSub(CommandPolicy{
			Flags:       bools("-t", "-s", "-p", "-e", "--mailmap", "--use-mailmap", "--allow-unknown-type"),
			Refuse:      refuseAll(denied(detailRunsProgram), "--textconv,--filters"),
			Positionals: upTo(2, ArgText),
		}),
		"rev-list": gitSub(CommandPolicy{
			Flags:       gitRevFlags(),
			Refuse:      gitLogRefuse,
			Positionals: pathArgs,
		}),
		"show-ref": gitSub(CommandPolicy{
			Flags: with(bools("--head", "--heads", "--branches", "--tags", "-d,--dereference", "-q,--quiet",
				"--verify", "--exists", "-s"), flagSet{"--hash|--abbrev": optv(ArgNumber)}),
			Positionals: textArgs,
		}),
		"for-each-ref": gitSub(CommandPolicy{
			Flags: with(bools("--shell", "--perl", "--python", "--tcl", "--ignore-case", "--omit-empty",
				"--include-root-refs"), flagSet{
				"--format": refFormat,
				"--sort|--contains|--no-contains|--merged|--no-merged|--points-at|--exclude": val(ArgText),
				"--count": val(ArgNumber),
			}),
			Positionals: textArgs,
		}),
		"merge-base": gitSub(CommandPolicy{
			Flags:       bools("--is-ancestor", "-a,--all", "--octopus", "--independent", "--fork-point"),
			Positionals: textArgs,
		}),
		"name-rev": gitSub(CommandPolicy{
			Flags:       with(bools("--tags", "--all", "--name-only", "--no-undefined", "--always"), flagSet{"--refs|--exclude": val(ArgText)}),
			Positionals: textArgs,
		}),
		"count-objects": gitSub(CommandPolicy{Flags: bools("-v,--verbose", "-H,--human-readable")}),
		"worktree": gitSub(CommandPolicy{
			Subcommands: map[string]CommandPolicy{
				"list": gitSub(CommandPolicy{Flags: with(bools("--porcelain", "-v,--verbose", "-z"), flagSet{"--expire": val(ArgText)})}),
			},
			Refuse: refuseAll(denied(detailStateChange), "add,remove,move,prune,lock,unlock,repair"),
		}),
		"submodule": gitSub(CommandPolicy{
			Subcommands: map[string]CommandPolicy{
				"status": gitSub(CommandPolicy{Flags: bools("--cached", "--recursive", "-q,--quiet"), Positionals: pathArgs}),
			},
			Refuse: refusals(
				refuseAll(denied(detailStateChange), "update,init,deinit,add,sync,set-branch,set-url,absorbgitdirs,summary"),
				map[string]Refusal{"foreach": denied(detailRunsProgram)},
			),
		}),
		"grep": gitSub(CommandPolicy{
			Flags: with(bools(
				"-n,--line-number", "-i,--ignore-case", "-I", "-w,--word-regexp", "-v,--invert-match",
				"-l,--files-with-matches,--name-only", "-L,--files-without-match", "-c,--count",
				"-E,--extended-regexp", "-F,--fixed-strings", "-G,--basic-regexp", "-P,--perl-regexp", "--cached",
				"--untracked", "--no-exclude-standard", "--exclude-standard", "--recurse-submodules", "-h", "-H",
				"--full-name", "--heading", "--break", "-p,--show-function", "-W,--function-context",
				"-o,--only-matching", "-q,--quiet", "-z,--null", "--all-match", "--and", "--or", "--not",
				"-a,--text", "--column", "-r,--recursive", "--no-recursive", "--no-textconv", "--no-color", "-NUM",
			), flagSet{
				"--color": optv(ArgText, "always", "never", "auto"),
				"--max-depth|--threads|-A,--after-context|-B,--before-context|-C,--context|-m,--max-count": val(ArgNumber),
				"-e": val(ArgText),
				"-f": val(ArgPath),
			}),
			Refuse: refusals(
				refuseAll(drop(detailRunsProgram), "-O,--open-files-in-pager,--textconv"),
				map[string]Refusal{"--no-index": denied(detailReadsOutside)},
			),
			Positionals: Positionals{Max: -1, Kind: ArgPath, Leading: []ArgKind{ArgText}, LeadingUnless: []string{"-e", "-f"}},
		}),
		// ls-remote contacts the http(s) URL given; a remote name would be
		// resolved through the repository's config, which may name any
		// transport (ext::, ssh with core.sshCommand).
		"ls-remote": gitSub(CommandPolicy{
			Flags: with(bools("--heads", "--branches", "--tags", "--refs", "-q,--quiet", "--exit-code",
				"--get-url", "--symref"), flagSet{"--sort": val(ArgText)}),
			Refuse:      refuseAll(valued(denied(detailRunsProgram)), "-u,--upload-pack,-o,--server-option"),
			Positionals: Positionals{Max: 1, Kind: ArgURL, Values: []string{"http://*", "https://*"}},
		}),
		"version": gitSub(CommandPolicy{Flags: bools("--build-options")}),
	})

	return map[string]CommandPolicy{
		"git": {
			Flags: with(bools("--no-pager,-P", "--version,-v", "--bare", "--no-replace-objects",
				"--literal-pathspecs", "--glob-pathspecs", "--noglob-pathspecs", "--icase-pathspecs",
				"--no-optional-locks", "--no-advice"), flagSet{
				// -C moves every later relative path (git chdirs at once, and
				// --git-dir and --work-tree are resolved after all -C).
				"-C":          {Arg: ArgPath, Chdir: true},
				"--work-tree": {Arg: ArgPath, Base: true},
				"--git-dir":   val(ArgPath),
				"--namespace": val(ArgText),
			}),
			Subcommands: sub,
			Refuse: refusals(
				refuseAll(valued(drop(detailRunsProgram)), "-c,--config-env"),
				refuseAll(drop(detailRunsProgram), "--exec-path"),
				map[string]Refusal{
					"-p,--paginate": replace(detailRunsProgram, "--no-pager"),
					"-h,--help":     denied(detailRunsProgram),
				},
				// Subcommands.
				refuseAll(replace(detailStateChange, "status"),
					"commit,reset,clean,checkout,switch,restore,add,rm,mv,stage,merge,rebase,cherry-pick,revert,am,apply"),
				refuseAll(denied(detailStateChange),
					"init,gc,prune,repack,bisect,notes,replace,update-ref,update-index,symbolic-ref,sparse-checkout,maintenance,pack-refs,commit-tree,mktag,mktree,read-tree,write-tree,checkout-index,merge-file,filter-branch,fetch,pull"),
				refuseAll(denied(detailNetworkSend), "push,send-email,send-pack,request-pull"),
				refuseAll(denied(detailWritesFiles), "clone,archive,format-patch,bundle,bugreport,fast-export,fast-import"),
				refuseAll(denied(detailRunsProgram), "help,difftool,mergetool,gui,citool,instaweb,daemon,web--browse,hook,upload-pack,receive-pack,shell,var"),
				refuseAll(denied(detailRevealsSecrets), "credential,credential-store,credential-cache"),
			),
		},
	}
}
