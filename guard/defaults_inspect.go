package guard

// Inspection commands the catalog reads (inspect_*.go there): route, arp,
// and, per family below, the system, package and file commands. Each
// policy admits the forms that only print, and refuses by name the
// options that set state, run a program or read a file the path checks do
// not see. Which are in DefaultAllowedCommands is said beside each.

func inspectPolicies() map[string]CommandPolicy {
	return map[string]CommandPolicy{
		// net-tools route prints /proc/net/route (ipv6_route with -6): in
		// DefaultAllowedCommands. Positionals are its add/del commands
		// (route add default gw X), so there are none.
		"route": {
			Abbrev: true,
			Flags: with(bools("-n,--numeric", "-e,--extend", "-v,--verbose", "-4", "-6", "-F,--fib", "-C,--cache",
				"-h,--help", "-V,--version"), flagSet{"-A": val(ArgText, "inet", "inet6")}),
			Positionals: noPositionals,
			// BSD and macOS: route get DEST looks one route up (add,
			// delete, change, flush and monitor are not admitted).
			Subcommands: subs(map[string]CommandPolicy{
				"get": {Flags: bools("-inet", "-inet6", "-4", "-6"), Positionals: upTo(1, ArgText)},
				// Windows: route print [-4|-6] [pattern] lists the table.
				"print": {Flags: bools("-4", "-6"), Positionals: upTo(1, ArgText)},
			}),
		},

		// arp prints the neighbour cache (/proc/net/arp on Linux, the
		// routing socket on BSD): in DefaultAllowedCommands. -s, -d and
		// -f (a file of entries to set) change it; -D is a flag of -s.
		"arp": {
			Flags: with(bools("-a,--all", "-n,--numeric", "-e", "-v,--verbose", "-h,--help", "-V,--version"), flagSet{
				"-i,--device|-H,--hw-type|-t": val(ArgText),
			}),
			Refuse: refusals(
				refuseAll(drop(detailStateChange), "-s,--set,-S,-d,--delete,-D,--use-device"),
				refuseAll(valued(drop(detailStateChange)), "-f,--file"),
			),
			Positionals: upTo(1, ArgText),
		},

		// vmstat reads /proc: in DefaultAllowedCommands. "vmstat DELAY"
		// without a count runs until killed, so it takes both or none.
		"vmstat": {
			Abbrev: true,
			Flags: with(bools("-a,--active", "-f,--forks", "-m,--slabs", "-n,--one-header", "-s,--stats", "-d,--disk",
				"-D,--disk-sum", "-t,--timestamp", "-w,--wide", "-y,--no-first", "-h,--help", "-V,--version"), flagSet{
				"-S,--unit":      val(ArgText, "k", "K", "m", "M"),
				"-p,--partition": val(ArgPath),
			}),
			// DELAY alone samples until killed; DELAY COUNT ends.
			Positionals: Positionals{Max: 2, Kind: ArgNumber, Counts: []int{0, 2}, CountRefusal: &Refusal{Detail: detailUnbounded}},
		},

		// lscpu reads /proc/cpuinfo and /sys: in DefaultAllowedCommands;
		// --sysroot reads another tree (a path) and follows the links in
		// it: sysroot/sys/devices/system/cpu/vulnerabilities/x -> any file
		// prints its first line, so refused with allowed_paths.
		"lscpu": {
			Abbrev: true,
			Flags: with(bools("-a,--all", "-b,--online", "-c,--offline", "-B,--bytes", "-x,--hex", "-y,--physical",
				"-J,--json", "--output-all", "-h,--help", "-V,--version"), flagSet{
				"-e,--extended|-p,--parse|-C,--caches": optv(ArgText),
				"-s,--sysroot":                         {Arg: ArgPath, FollowsLinks: true},
			}),
			Positionals: noPositionals,
		},

		// sysctl prints /proc/sys (BSD: the kernel's MIB): in
		// DefaultAllowedCommands. -w, -p/--load/-f and --system write
		// settings, and so does a "name=value" positional.
		"sysctl": {
			Abbrev: true,
			Flags: with(bools("-a,--all", "-A", "-X", "-e,--ignore", "-n,--values", "-N,--names", "-b,--binary",
				"-q,--quiet", "--deprecated", "-i", "-d", "-h,--help", "-V,--version"), flagSet{
				"-r,--pattern": val(ArgText),
			}),
			Refuse: refusals(
				refuseAll(drop(detailStateChange), "-w,--write,--system"),
				refuseAll(valued(drop(detailStateChange)), "-p,--load,-f"),
			),
			Positionals: Positionals{Max: -1, Kind: ArgText, Deny: []string{"*=*"},
				Refusal: &Refusal{Detail: detailStateChange, Drop: true}},
		},

		// dmesg prints the kernel ring buffer. Not in DefaultAllowedCommands:
		// the kernel log can carry what an operator would not hand out
		// (addresses, device serials, other users' programs). -c/-C clear
		// the buffer, -n/-D/-E change console logging, -w/-W follow
		// forever, -F reads a file of records (refused: not a form read).
		"dmesg": {
			Abbrev: true,
			Flags: with(bools("-t,--notime", "-T,--ctime", "-x,--decode", "-k,--kernel", "-u,--userspace", "-L",
				"-P,--nopager", "-r,--raw", "-e,--reltime", "-H,--human", "-J,--json", "-d,--show-delta",
				"-S,--syslog", "--noescape", "-h,--help", "-V,--version"), flagSet{
				"-l,--level|-f,--facility|--time-format|--since|--until": val(ArgText),
				"--color":          optv(ArgText, "never", "auto", "always"),
				"-s,--buffer-size": val(ArgNumber),
			}),
			Refuse: refusals(
				refuseAll(drop(detailStateChange), "-c,--read-clear,-C,--clear,-D,--console-off,-E,--console-on"),
				refuseAll(valued(drop(detailStateChange)), "-n,--console-level"),
				refuseAll(replace(detailUnbounded), "-w,--follow,-W,--follow-new"),
				refuseAll(valued(drop(detailReadsOutside)), "-F,--file,-K,--kmsg-file"),
			),
			Positionals: noPositionals,
		},

		// findmnt reads /proc/self/mountinfo (--fstab /etc/fstab): in
		// DefaultAllowedCommands. --tab-file names a file (a path); -p
		// polls forever.
		"findmnt": {
			Abbrev: true,
			Flags: with(bools("-l,--list", "-P,--pairs", "-J,--json", "-r,--raw", "-n,--noheadings", "-a,--ascii",
				"-A,--all", "-R,--submounts", "-M", "-u,--notruncate", "-v,--nofsroot", "-k,--kernel", "-s,--fstab",
				"-m,--mtab", "-D,--df", "-b,--bytes", "-c,--canonicalize", "-d,--direction", "-e,--evaluate",
				"-f,--first-only", "-i,--invert", "--real", "--pseudo", "--shadowed", "-U,--uniq", "-x,--verify",
				"--verbose", "--vfs-all", "-h,--help", "-V,--version"), flagSet{
				"-t,--types|-O,--options|-S,--source|-T,--target|-o,--output|-N,--task|--tree|-Q,--filter|--list-columns": val(ArgText),
				"--mountpoint|-F,--tab-file": val(ArgPath),
				"-w,--timeout":               val(ArgNumber),
			}),
			Refuse:      map[string]Refusal{"-p,--poll": replace(detailUnbounded)},
			Positionals: upTo(2, ArgPath),
		},

		// lspci reads /sys/bus/pci and the pci.ids database: in
		// DefaultAllowedCommands. -F reads a dump file (a path); -H
		// reaches the hardware directly and -A/-O choose the access
		// method (refused: beyond reading sysfs); -q/-Q ask the PCI ID
		// database over DNS (pci.id.ucw.cz) and cache the answers in
		// ~/.pciids-cache (refused: network, and a file written).
		"lspci": {
			Flags: with(bools("-m", "-n", "-k", "-D", "-b", "-t", "-v", "-x", "-P", "-M",
				"--version", "--help"), flagSet{
				"-s|-d": val(ArgText),
				"-i|-F": val(ArgPath),
			}),
			Refuse: refusals(
				refuseAll(valued(drop(detailReadsOutside)), "-H,-A,-O,-p"),
				refuseAll(drop(detailNetworkSend), "-q,-Q"),
			),
			Positionals: noPositionals,
		},
	}
}

// packagePolicies of the inspection parsers: dpkg and dpkg-query (query
// forms, readonly, in DefaultAllowedCommands; --admindir, --root and
// --instdir name a database whose files dpkg follows wherever they link:
// info/x.list -> any file is printed whole by dpkg -L x, so they are
// refused with allowed_paths), pip and pip3 (list, freeze,
// show; build profile: Python runs every .pth file of site-packages when
// it starts, so pip runs code of whatever packages the project installed
// before it prints a line). Their -o/-u ask the package index.
func inspectPackagePolicies() map[string]CommandPolicy {
	dpkg := CommandPolicy{
		Flags: with(bools("-l,--list", "-L,--listfiles", "-s,--status", "-S,--search", "-p,--print-avail",
			"--get-selections", "-W,--show", "--no-pager", "--print-architecture", "--print-foreign-architectures",
			"--version", "--help"), flagSet{
			"-f,--showformat":             val(ArgText),
			"--admindir|--root|--instdir": {Arg: ArgPath, FollowsLinks: true},
		}),
		Positionals: textArgs,
	}
	pipQuiet := bools("--disable-pip-version-check", "--no-python-version-warning", "--no-color", "-q,--quiet", "-v,--verbose")
	pip := CommandPolicy{
		Profile:    ProfileBuild,
		Persistent: true,
		Flags:      with(pipQuiet, bools("-V,--version", "-h,--help", "--isolated")),
		Subcommands: subs(map[string]CommandPolicy{
			"list": {Flags: with(pipQuiet, bools("-e,--editable", "--exclude-editable", "--include-editable", "-l,--local",
				"--user", "--not-required", "--pre"), flagSet{
				"--format":  val(ArgText, "columns", "freeze", "json"),
				"--path":    val(ArgPath),
				"--exclude": val(ArgText),
			}), Refuse: refuseAll(drop(detailNetworkSend), "-o,--outdated,-u,--uptodate")},
			"freeze": {Flags: with(pipQuiet, bools("-l,--local", "--user", "--all", "--exclude-editable"), flagSet{
				"--path": val(ArgPath), "--exclude": val(ArgText), "-r,--requirement": val(ArgPath),
			})},
			"show": {Flags: with(pipQuiet, bools("-f,--files")), Positionals: textArgs},
		}),
		Refuse: refusals(
			refuseAll(valued(drop(detailRunsProgram)), "--python,--config-settings"),
			refuseAll(valued(drop(detailNetworkSend)), "-i,--index-url,--extra-index-url,-f,--find-links,--proxy,--trusted-host"),
			refuseAll(replace(detailStateChange, "list"), "install,uninstall,download,wheel"),
			refuseAll(denied(detailStateChange), "config,cache,lock"),
		),
	}
	return map[string]CommandPolicy{"dpkg": dpkg, "dpkg-query": dpkg, "pip": pip, "pip3": pip}
}

// goInspectSubcommands are go version, env and list, under go's build
// profile: any go command may fetch and run the toolchain a go.mod's
// toolchain line names (GOTOOLCHAIN=auto), and go list may download
// modules. go env -w and -u write the user's go.env; version -m reads
// binaries (a path).
func goInspectSubcommands() map[string]CommandPolicy {
	return map[string]CommandPolicy{
		"version": {SingleDashLong: true, Open: true},
		"env": {SingleDashLong: true, Open: true,
			Refuse: refuseAll(drop(detailWritesFiles), "-w,--w,-u,--u")},
		"list": {SingleDashLong: true, Open: true,
			Refuse: refuseAll(valued(drop(detailRunsProgram)), "-exec,--exec,-toolexec,--toolexec")},
	}
}

// withSubs merges subcommand maps (keys as subs reads them).
func withSubs(sets ...map[string]CommandPolicy) map[string]CommandPolicy {
	m := map[string]CommandPolicy{}
	for _, s := range sets {
		for k, v := range s {
			m[k] = v
		}
	}
	return m
}

// fileInspectPolicies: the checksum programs and file, readonly and in
// DefaultAllowedCommands: they read the files named (paths, checked) and
// print. sha256sum -c reads the files its list names, which the path
// checks do not see (refused; parism parse reads its output from a pipe).
// file -f reads names from a file (the same), -C writes a compiled magic
// file, -z and -Z run decompressor programs; -m names magic files (paths).
func fileInspectPolicies() map[string]CommandPolicy {
	gnu := CommandPolicy{
		Abbrev: true,
		Flags: bools("-b,--binary", "-t,--text", "--tag", "-z,--zero", "--quiet", "--status", "--strict", "-w,--warn",
			"--ignore-missing", "--help", "--version"),
		Refuse:      map[string]Refusal{"-c,--check": drop(detailReadsOutside)},
		Positionals: pathArgs,
	}
	bsd := CommandPolicy{
		Flags:       with(bools("-r", "-q", "-p", "-t", "-x"), flagSet{"-s|-c": val(ArgText)}),
		Positionals: pathArgs,
	}
	return map[string]CommandPolicy{
		"sha256sum": gnu, "sha1sum": gnu, "md5sum": gnu, "sha512sum": gnu, "sha224sum": gnu, "sha384sum": gnu,
		"md5": bsd, "sha256": bsd, "sha1": bsd, "sha512": bsd,
		"file": {
			Abbrev: true,
			Flags: with(bools("-b,--brief", "-i,--mime", "--mime-type", "--mime-encoding", "-L,--dereference",
				"-h,--no-dereference", "-s,--special-files", "-N,--no-pad", "-E", "-k,--keep-going", "-0,--print0",
				"-r,--raw", "-p,--preserve-date", "--apple", "--extension", "-l,--list", "-v,--version", "--help"), flagSet{
				"-e,--exclude|--exclude-quiet|-F,--separator|-P,--parameter": val(ArgText),
				"-m,--magic-file": val(ArgPath),
			}),
			Refuse: refusals(
				map[string]Refusal{"-f,--files-from": valued(drop(detailReadsOutside))},
				map[string]Refusal{"-C,--compile": drop(detailWritesFiles)},
				refuseAll(drop(detailRunsProgram), "-z,--uncompress,-Z,--uncompress-noreport"),
			),
			Positionals: pathArgs,
		},
	}
}

// procInspectPolicies: top in batch mode for one screen (readonly, in
// DefaultAllowedCommands, like ps): -b and -n 1 are required, so it never
// runs on (interactive top reads keys that kill and renice; batch mode
// reads none). crontab -l only (readonly, not allowlisted: it reads
// another user's table with -u where the spool allows): -e runs an
// editor, -r and -i remove, a file or "-" installs a table.
func procInspectPolicies() map[string]CommandPolicy {
	one := 1.0
	return map[string]CommandPolicy{
		// who reads utmp (or the wtmp FILE named, a path); not
		// allowlisted by default, as w is not: it names users and the
		// hosts they came from.
		"who": {
			Abbrev: true,
			Flags: bools("-a,--all", "-b,--boot", "-d,--dead", "-H,--heading", "-l,--login", "--lookup", "-m", "-p,--process",
				"-q,--count", "-r,--runlevel", "-s,--short", "-t,--time", "-T,-w,--mesg,--message,--writable", "-u,--users",
				"--ips", "--help", "--version"),
			Positionals: upTo(2, ArgPath),
		},
		// iostat reads /proc and /sys: in DefaultAllowedCommands; device
		// names and an interval and count are its positionals (an
		// interval without a count runs until the executor's timeout).
		"iostat": {
			Flags: with(bools("-c", "-d", "-x", "-k", "-m", "-t", "-y", "-z", "-N", "-h", "-s", "-H", "-V", "--human", "--pretty", "--compact"), flagSet{
				"-p|-j|-g|--dec": val(ArgText),
				"-o":             val(ArgText, "JSON"),
			}),
			Positionals: textArgs,
		},
		// mpstat reads /proc: in DefaultAllowedCommands; an interval
		// without a count would run until killed, so it takes both or none.
		"mpstat": {
			Flags: with(bools("-u", "-A", "-n", "-T", "-H", "-V", "--help"), flagSet{
				"-P|-I|-N|--dec": val(ArgText),
				"-o":             val(ArgText, "JSON"),
			}),
			// DELAY alone samples until killed; DELAY COUNT ends.
			Positionals: Positionals{Max: 2, Kind: ArgNumber, Counts: []int{0, 2}, CountRefusal: &Refusal{Detail: detailUnbounded}},
		},
		"top": {
			Flags: with(bools("-b", "-c", "-H", "-i", "-S", "-s", "-1", "-h", "-v"), flagSet{
				"-n":                      {Arg: ArgNumber, Min: &one, Max: &one, Refusal: &Refusal{Detail: detailUnbounded, Hint: []string{"-n", "1"}}},
				"-E|-e|-o|-O|-p|-u|-U|-w": val(ArgText),
				"-d":                      val(ArgNumber),
			}),
			Require:     &Requirement{Flags: []string{"-n"}, Refusal: &Refusal{Detail: detailUnbounded, Hint: []string{"-b", "-n", "1"}}},
			Positionals: noPositionals,
		},
		"crontab": {
			Flags: with(bools("-l"), flagSet{"-u": val(ArgText)}),
			Require: &Requirement{Flags: []string{"-l"},
				Refusal: &Refusal{Detail: detailStateChange, Hint: []string{"-l"}}},
			Refuse: refusals(
				map[string]Refusal{"-e": denied(detailRunsProgram)},
				refuseAll(denied(detailStateChange), "-r,-i,-n,-s,-T"),
			),
			Positionals: Positionals{Max: 0, Kind: ArgPath, Refusal: &Refusal{Detail: detailStateChange}},
		},
	}
}
