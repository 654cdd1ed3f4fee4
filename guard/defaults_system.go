package guard

// System and packages: systemctl journalctl apt brew npm terraform (cargo
// is in defaults_rust.go),
// and the build-only node npx yarn.

var journalOutputs = []string{"short", "short-iso", "short-iso-precise", "short-precise", "short-monotonic",
	"short-unix", "short-full", "short-delta", "verbose", "export", "json", "json-pretty", "json-sse", "json-seq",
	"cat", "with-unit"}

// systemdSecretProperties are the properties of systemctl show that carry
// an environment or credentials (Environment, EnvironmentFiles,
// PassEnvironment, SetCredential, LoadCredentialEncrypted, ...), in any
// case, and in a comma list.
var systemdSecretProperties = []string{"*nvironment*", "*NVIRONMENT*", "*redential*", "*REDENTIAL*"}

func systemPolicies() map[string]CommandPolicy {
	query := CommandPolicy{Positionals: textArgs}
	return map[string]CommandPolicy{
		"systemctl": {
			Abbrev:     true,
			Persistent: true,
			Flags: with(bools("-a,--all", "-l,--full", "--no-pager", "--no-legend", "--plain", "-q,--quiet",
				"--user", "--system", "--failed", "-r,--recursive", "--reverse", "--after", "--before",
				"--with-dependencies", "--show-types", "--value", "-h,--help", "--version", "--no-ask-password"), flagSet{
				"-t,--type|--state|--legend|--timestamp": val(ArgText),
				"-p,--property|-P": {Arg: ArgText, Deny: systemdSecretProperties,
					Refusal: &Refusal{Detail: detailRevealsSecrets}},
				"-n,--lines":  val(ArgNumber),
				"-o,--output": val(ArgText, journalOutputs...),
			}),
			Subcommands: subs(map[string]CommandPolicy{
				"status,cat,list-units,list-unit-files,list-sockets,list-timers,list-jobs,list-dependencies,list-automounts,list-paths,list-machines,is-active,is-enabled,is-failed,is-system-running,get-default": query,
				// show asks the manager over D-Bus (the kernel layer's file
				// rules do not see it): without -p it prints every property,
				// the manager's Environment (its whole environment block)
				// and a unit's Environment and SetCredential (a transient
				// unit's, which are in no readable file) among them.
				"show": {
					Flags: flagSet{"-p,--property|-P": {Arg: ArgText, Deny: systemdSecretProperties,
						Refusal: &Refusal{Detail: detailRevealsSecrets}}},
					Require: &Requirement{Flags: []string{"-p", "--property", "-P"},
						Refusal: &Refusal{Detail: detailRevealsSecrets, Hint: []string{"-p", "Id,ActiveState,SubState,LoadState"}}},
					Positionals: textArgs,
				},
			}),
			Refuse: refusals(
				refuseAll(valued(drop(detailRunsProgram)), "-H,--host,-M,--machine"),
				refuseAll(valued(drop(detailReadsOutside)), "--root,--image"),
				refuseAll(drop(detailStateChange), "--now,--force,--runtime"),
				refuseAll(replace(detailStateChange, "status"),
					"start,stop,restart,reload,try-restart,reload-or-restart,try-reload-or-restart,enable,disable,reenable,mask,unmask,kill,clean,freeze,thaw,reset-failed,revert,preset"),
				refuseAll(denied(detailStateChange),
					"isolate,set-property,preset-all,link,daemon-reload,daemon-reexec,set-default,set-environment,unset-environment,import-environment,add-wants,add-requires,reboot,poweroff,halt,suspend,hibernate,hybrid-sleep,suspend-then-hibernate,kexec,exit,switch-root,default,rescue,emergency,soft-reboot,bind,mount-image,log-level,log-target,service-log-level,service-log-target,service-watchdogs"),
				map[string]Refusal{"edit,help": denied(detailRunsProgram)},
				// The manager's environment block.
				map[string]Refusal{"show-environment": denied(detailRevealsSecrets)},
			),
		},

		"journalctl": {
			Abbrev: true,
			Flags: with(bools("-k,--dmesg", "-r,--reverse", "-x,--catalog", "-q,--quiet", "-a,--all", "-m,--merge",
				"--no-pager", "--utc", "--no-hostname", "--no-full", "-l,--full", "--system", "--user",
				"--disk-usage", "--list-boots", "--header", "--show-cursor", "-N,--fields", "--verify",
				"--list-namespaces", "-h,--help", "--version"), flagSet{
				"-u,--unit|--user-unit|-S,--since|-U,--until|-p,--priority|-g,--grep|-t,--identifier|-T,--exclude-identifier|-F,--field|--output-fields|--cursor|--after-cursor|--facility|--namespace": val(ArgText),
				"-n,--lines":                 val(ArgNumber),
				"-o,--output":                val(ArgText, journalOutputs...),
				"-b,--boot|--case-sensitive": optv(ArgText),
				// journalctl expands globs in --file itself.
				"-D,--directory|--file": {Arg: ArgPath, Glob: true},
				"--root":                val(ArgPath),
			}),
			Refuse: refusals(
				map[string]Refusal{"-f,--follow": replace(detailUnbounded, "-n", "100")},
				refuseAll(replace(detailStateChange, "--disk-usage"), "--vacuum-size,--vacuum-time,--vacuum-files"),
				refuseAll(drop(detailStateChange), "--rotate,--flush,--sync,--relinquish-var,--smart-relinquish-var,--setup-keys,--update-catalog"),
				refuseAll(valued(drop(detailWritesFiles)), "--cursor-file"),
				refuseAll(valued(drop(detailReadsOutside)), "-M,--machine,--image"),
			),
			Positionals: textArgs,
		},
	}
}

func packagePolicies() map[string]CommandPolicy {
	pkgQuery := func(flags ...string) CommandPolicy {
		return CommandPolicy{Flags: bools(flags...), Positionals: textArgs}
	}
	open := CommandPolicy{Open: true}
	// npm config get prints a key's value; credential keys (_authToken,
	// _auth, _password, certfile, keyfile) name or hold the operator's
	// registry credentials.
	npmConfigGet := CommandPolicy{Positionals: Positionals{Max: -1, Kind: ArgText,
		Deny:    []string{"*auth*", "*Auth*", "*token*", "*Token*", "*password*", "*certfile*", "*keyfile*"},
		Refusal: &Refusal{Detail: detailRevealsSecrets}}}
	buildOpen := CommandPolicy{Open: true, Profile: ProfileBuild}
	pols := map[string]CommandPolicy{
		"apt": {
			Persistent: true,
			Flags:      bools("-h,--help", "-v,--version", "-q,--quiet"),
			Subcommands: subs(map[string]CommandPolicy{
				"list":             pkgQuery("--installed", "--upgradable", "--upgradeable", "-a,--all-versions", "--manual-installed", "-i"),
				"search":           pkgQuery("--names-only", "-n", "--full", "-f"),
				"show":             pkgQuery("-a,--all-versions", "-f,--full"),
				"policy,showsrc":   pkgQuery(),
				"depends,rdepends": pkgQuery("--installed", "--recurse", "--no-recommends", "--no-suggests", "--no-conflicts", "--no-breaks", "--no-replaces", "--no-enhances", "--important", "-i"),
			}),
			Refuse: refusals(
				refuseAll(valued(denied(detailRunsProgram)), "-o,--option,-c,--config-file"),
				refuseAll(replace(detailStateChange, "show"), "install,reinstall,remove,purge,satisfy,build-dep"),
				refuseAll(replace(detailStateChange, "list", "--upgradable"), "update,upgrade,full-upgrade,dist-upgrade"),
				refuseAll(denied(detailStateChange), "autoremove,autopurge,clean,autoclean,mark"),
				refuseAll(denied(detailRunsProgram), "edit-sources"),
				refuseAll(denied(detailWritesFiles), "source,download,changelog"),
			),
		},

		"brew": {
			Flags: bools("--version", "-v", "--prefix", "--cellar", "--repository", "--caskroom", "--help", "-h"),
			Subcommands: subs(map[string]CommandPolicy{
				"list,ls": pkgQuery("--versions", "--formula,--formulae", "--cask,--casks", "-1", "-l", "-r", "-t",
					"--full-name", "--pinned", "--multiple", "-q,--quiet", "-v,--verbose"),
				"info,abv": {Flags: with(bools("--installed", "--formula,--formulae", "--cask,--casks", "-v,--verbose",
					"-q,--quiet"), flagSet{"--json": optv(ArgText, "v1", "v2")}),
					Refuse: map[string]Refusal{"--github": denied(detailRunsProgram)}, Positionals: textArgs},
				"search": pkgQuery("--formula,--formulae", "--cask,--casks", "--desc"),
				"outdated": {Flags: with(bools("--formula,--formulae", "--cask,--casks", "--greedy", "--greedy-latest",
					"--greedy-auto-updates", "-q,--quiet", "-v,--verbose"), flagSet{"--json": optv(ArgText, "v1", "v2")}),
					Positionals: textArgs},
				"deps": pkgQuery("--tree", "--installed", "--direct", "--1", "--include-build", "--include-optional",
					"--include-test", "--skip-recommended", "--union", "--full-name", "-n", "--topological",
					"--annotate", "--formula,--formulae", "--cask,--casks"),
				"uses": pkgQuery("--installed", "--recursive", "--include-build", "--include-test", "--include-optional",
					"--skip-recommended", "--formula,--formulae", "--cask,--casks"),
				"leaves":          {Flags: bools("-r,--installed-on-request", "-p,--installed-as-dependency")},
				"desc":            pkgQuery("-s,--search", "-n,--name", "-d,--description", "--formula,--formulae", "--cask,--casks"),
				"config,commands": pkgQuery("-q,--quiet", "--include-aliases"),
				"cat":             pkgQuery(),
			}),
			Refuse: refusals(
				refuseAll(replace(detailStateChange, "info"), "install,reinstall,upgrade,uninstall,remove,rm,pin,unpin,link,ln,unlink"),
				refuseAll(denied(detailStateChange), "update,cleanup,autoremove,tap,untap,services,bundle,migrate,postinstall,extract,create"),
				refuseAll(denied(detailRunsProgram), "edit,home,homepage,docs,sh,irb,ruby"),
				refuseAll(denied(detailNetworkSend), "gist-logs"),
			),
		},

		// npm: query subcommands in readonly; the build commands (BuildOnly)
		// in build, with their arguments open; publishing never.
		"npm": {
			Abbrev:     true,
			Persistent: true,
			Flags: with(bools("-g,--global", "--json", "-l,--long", "-p,--parseable", "--silent", "-s", "-q,--quiet",
				"-d", "--no-color", "--include-workspace-root", "--workspaces", "--offline", "--prefer-offline",
				"--prefer-online", "--unicode", "--no-unicode", "-v,--version", "-h,--help", "--usage", "-a,--all",
				"--production", "--link", "--package-lock-only"), flagSet{
				// npm resolves local package specs against the prefix.
				"--prefix":       {Arg: ArgPath, Chdir: true},
				"-w,--workspace": val(ArgText),
				// A command-line registry outranks the operator's
				// npm_config_registry: https only, no clear text.
				"--registry":       val(ArgURL, "https://*"),
				"--loglevel":       val(ArgText, "silent", "error", "warn", "notice", "http", "info", "verbose", "silly"),
				"--color":          optv(ArgText, "always", "true", "false"),
				"--omit|--include": val(ArgText, "dev", "optional", "peer", "prod"),
				"--depth":          val(ArgNumber),
			}),
			Subcommands: subs(map[string]CommandPolicy{
				// Package specs may name local directories and tarballs
				// (path-checked) or git repositories (refused).
				"ls,list,la,ll,view,v,info,show,outdated,explain,why": {Positionals: Positionals{Max: -1, Kind: ArgPackage}},
				"get":               npmConfigGet,
				"query,help-search": {Positionals: textArgs},
				"search,s,se,find": {Flags: with(bools("--no-description"), flagSet{
					"--searchlimit": val(ArgNumber), "--searchopts|--searchexclude": val(ArgText)}), Positionals: textArgs},
				"audit": {
					Flags:       flagSet{"--audit-level": val(ArgText, "info", "low", "moderate", "high", "critical", "none")},
					Subcommands: map[string]CommandPolicy{"signatures": {}, "fix": buildOpen},
				},
				"fund": {Flags: flagSet{"--which": val(ArgNumber)}, Positionals: upTo(1, ArgPackage)},
				"config,c": {
					Subcommands: subs(map[string]CommandPolicy{"get": npmConfigGet, "list,ls": {}}),
					Refuse:      refusals(refuseAll(denied(detailStateChange), "set,delete,fix"), refuseAll(denied(detailRunsProgram), "edit")),
				},
				"pkg": {
					Subcommands: map[string]CommandPolicy{"get": {Positionals: textArgs}},
					Refuse:      refuseAll(denied(detailStateChange), "set,delete,fix"),
				},
				"prefix,root,ping,whoami": {},
				// The forms BuildOnly lists: they run scripts or install.
				"run,run-script,rum,urn,test,tst,t,start,stop,restart,exec,x,install,i,add,in,ins,inst,insta,instal,isnt,isnta,isntal,isntall,install-test,it,install-ci-test,cit,sit,clean-install-test,ci,clean-install,ic,install-clean,isntall-clean,uninstall,remove,rm,r,un,unlink,update,up,upgrade,udpate,link,ln,rebuild,rb,prune,dedupe,ddp,pack,version,verison,init,create,innit": buildOpen,
			}),
			Refuse: refusals(
				refuseAll(valued(drop(detailRunsProgram)), "--userconfig,--globalconfig,--script-shell,--node-options,--editor,--browser,--viewer,--shell,--git,-c,--call"),
				refuseAll(valued(drop(detailWritesFiles)), "--cache"),
				refuseAll(denied(detailNetworkSend), "publish,unpublish,deprecate,dist-tag,access,owner,team,org,hook,adduser,add-user,login,logout,profile,star,unstar,trust"),
				refuseAll(denied(detailRevealsSecrets), "token"),
				refuseAll(denied(detailRunsProgram), "explore,edit,docs,home,bugs,issues,repo,help,diff"),
			),
		},

		// terraform reads its options the Go flag way: -name, -name=value.
		"terraform": {
			Profile:        ProfileBuild,
			SingleDashLong: true,
			Flags:          with(bools("-version,--version,-v,-help,--help,-h"), flagSet{"-chdir": {Arg: ArgPath, Chdir: true}}),
			Subcommands: subs(map[string]CommandPolicy{
				"plan,validate,fmt,show,output,version,providers,graph,init,get,test,metadata,modules": open,
				"state": {Subcommands: subs(map[string]CommandPolicy{"list,show": open}),
					Refuse: refusals(refuseAll(denied(detailStateChange), "mv,rm,push,replace-provider,identities"),
						refuseAll(denied(detailRevealsSecrets), "pull"))},
				"workspace": {Subcommands: subs(map[string]CommandPolicy{"list,show": open}),
					Refuse: refuseAll(denied(detailStateChange), "new,delete,select")},
			}),
			Refuse: refusals(
				refuseAll(replace(detailStateChange, "plan"), "apply,destroy,refresh"),
				refuseAll(denied(detailStateChange), "import,taint,untaint,force-unlock,login,logout"),
				refuseAll(denied(detailRunsProgram), "console"),
			),
		},

		// Not in the default allowlist: operators add them, and they run only
		// in the build profile (node -e and npx --yes stay blocked by
		// command_arg_restrictions; npx always runs with --no, see Rewrite).
		"node": buildOpen,
		"npx":  buildOpen,
		"yarn": buildOpen,
	}
	// A package name that is a file: apt show ./x.deb (or .dsc, .changes)
	// reads any such file, outside allowed_paths too; brew info ./x.rb
	// evaluates a Ruby formula file, and user/tap/formula taps (clones) a
	// repository first and evaluates its formulae (Homebrew's Formulary).
	files := map[string]Positionals{
		"apt": {Max: -1, Kind: ArgText, Deny: []string{"*.deb", "*.ddeb", "*.udeb", "*.dsc", "*.changes"},
			Refusal: &Refusal{Detail: detailReadsOutside}},
		"brew": {Max: -1, Kind: ArgText, Deny: []string{"*/*", "*.rb"}, Refusal: &Refusal{Detail: detailRunsProgram}},
	}
	for cmd, pos := range files {
		for k, sub := range pols[cmd].Subcommands {
			if sub.Positionals.Kind == ArgText {
				sub.Positionals = pos
				pols[cmd].Subcommands[k] = sub
			}
		}
	}
	return pols
}
