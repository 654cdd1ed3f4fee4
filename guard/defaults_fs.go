package guard

// Files, text and the process environment: ls find stat du df tree wc head
// tail cat grep pwd which env id uname free ps.

var colorWhen = []string{"always", "auto", "never", "yes", "no", "force", "tty", "if-tty", "none"}

func fsPolicies() map[string]CommandPolicy {
	return map[string]CommandPolicy{
		"ls": {
			Abbrev: true,
			Flags: with(bools(
				"-a,--all", "-A,--almost-all", "-l", "-h,--human-readable", "-R,--recursive", "-t", "-r,--reverse",
				"-S", "-1", "-d,--directory", "-F", "--file-type", "-i,--inode", "-s,--size", "-n,--numeric-uid-gid",
				"-G,--no-group", "-g", "-o", "-p", "-Q,--quote-name", "-U", "-X", "-v", "-C", "-x", "-m", "-c", "-u",
				"-k,--kibibytes", "-H,--dereference-command-line", "--dereference-command-line-symlink-to-dir",
				"-N,--literal", "-b,--escape", "-q,--hide-control-chars", "--show-control-chars",
				"-B,--ignore-backups", "-Z,--context", "--author", "--full-time", "--group-directories-first",
				"--si", "-f", "-D,--dired", "--zero", "-e", "-O", "-P", "-T", "-W", "-w",
			), flagSet{
				"-L,--dereference":   follows(),
				"--color,--colour":   optv(ArgText, colorWhen...),
				"--hyperlink":        optv(ArgText, colorWhen...),
				"--classify":         optv(ArgText, colorWhen...),
				"--time-style":       val(ArgText),
				"--sort":             val(ArgText, "none", "size", "time", "version", "extension", "width", "name"),
				"--time":             val(ArgText, "atime", "access", "use", "ctime", "status", "mtime", "modification", "birth", "creation"),
				"--format":           val(ArgText, "across", "commas", "horizontal", "long", "single-column", "verbose", "vertical"),
				"--indicator-style":  val(ArgText, "none", "slash", "file-type", "classify"),
				"--quoting-style":    val(ArgText, "literal", "locale", "shell", "shell-always", "shell-escape", "shell-escape-always", "c", "escape"),
				"-I,--ignore|--hide": val(ArgText),
				"--width|--tabsize":  val(ArgNumber),
				"--block-size":       val(ArgText),
			}),
			Positionals: pathArgs,
		},

		// find reads its argv as leading options, starting points, then an
		// expression whose primaries are single-dash words.
		"find": {
			SingleDashLong: true,
			Flags: with(bools(
				"-P", "-H", "-E", "-O0", "-O1", "-O2", "-O3", "(", ")", "!", ",", "-not", "-a", "-and", "-o", "-or",
				"-print", "-print0", "-ls", "-prune", "-quit", "-true", "-false", "-empty",
				"-readable", "-writable", "-executable", "-nouser", "-nogroup", "-depth", "-d", "-xdev", "-mount",
				"-noleaf", "-ignore_readdir_race", "-noignore_readdir_race", "-daystart", "-nowarn", "-warn", "--help", "--version",
			), flagSet{
				"-L|-follow": follows(),
				"-name|-iname|-path|-ipath|-wholename|-iwholename|-regex|-iregex|-lname|-ilname|-perm|-user|-group|-fstype|-context|-type|-xtype|-printf": val(ArgText),
				"-regextype": val(ArgText, "findutils-default", "ed", "emacs", "gnu-awk", "grep", "posix-awk", "awk",
					"posix-basic", "posix-egrep", "egrep", "posix-extended", "posix-minimal-basic", "sed"),
				"-maxdepth|-mindepth|-uid|-gid|-links|-inum":   val(ArgNumber),
				"-mtime|-atime|-ctime|-mmin|-amin|-cmin|-used": val(ArgNumber),
				"-size":                               val(ArgSize),
				"-newer|-anewer|-cnewer|-samefile":    val(ArgPath),
				"-files0-from":                        {Arg: ArgPath, ListsPaths: true},
				"-newermt|-newerat|-newerct|-newerBt": val(ArgText),
			}),
			Refuse: map[string]Refusal{
				"-exec,-execdir,-ok,-okdir": denied(detailRunsProgram),
				"-delete":                   drop(detailWritesFiles),
				"-fprint,-fprint0,-fls":     valued(drop(detailWritesFiles)),
				"-fprintf":                  denied(detailWritesFiles),
			},
			Positionals: pathArgs,
		},

		"stat": {
			Abbrev: true,
			Flags: with(bools("-L,--dereference", "-f,--file-system", "-t,--terse", "-x", "-s", "-l", "-r", "-n", "-q"),
				flagSet{"-c,--format|--printf": val(ArgText), "--cached": val(ArgText, "always", "never", "default")}),
			Positionals: pathArgs,
		},

		"du": {
			Abbrev: true,
			Flags: with(bools(
				"-s,--summarize", "-h,--human-readable", "-a,--all", "-c,--total", "-k", "-m", "-g", "-b,--bytes",
				"-x,--one-file-system", "--apparent-size", "--si", "-S,--separate-dirs", "-0,--null",
				"-P,--no-dereference", "-D,-H,--dereference-args", "-l,--count-links", "--inodes", "-A", "-r",
			), flagSet{
				"-L,--dereference":  follows(),
				"-d,--max-depth":    val(ArgNumber),
				"--exclude":         val(ArgText),
				"-X,--exclude-from": val(ArgPath),
				"--files0-from":     {Arg: ArgPath, ListsPaths: true},
				"-t,--threshold":    val(ArgSize),
				"-B,--block-size":   val(ArgText),
				"--time":            optv(ArgText, "atime", "access", "use", "ctime", "status"),
				"--time-style":      val(ArgText),
			}),
			Positionals: pathArgs,
		},

		"df": {
			Abbrev: true,
			Flags: with(bools("-h,--human-readable", "-H,--si", "-k", "-m", "-g", "-T,--print-type", "-i,--inodes",
				"-a,--all", "-l,--local", "-P,--portability", "--total", "--no-sync", "-v", "-I"),
				flagSet{
					"-t,--type|-x,--exclude-type": val(ArgText),
					"--output":                    optv(ArgText),
					"-B,--block-size":             val(ArgText),
				}),
			Positionals: pathArgs,
		},

		// tree's own parser gives a value-taking letter the next argument
		// even inside a bundle, so such letters must stand alone.
		"tree": {
			SeparateValues: true,
			Flags: with(bools(
				"-a", "-d", "-f", "-x", "-p", "-u", "-g", "-s", "-h", "--si", "-D", "-F", "-q", "-N", "-Q", "-v",
				"-t", "-c", "-U", "-r", "--dirsfirst", "--filesfirst", "-i", "-A", "-S", "-n", "-C", "-J", "-X",
				"--du", "--prune", "--noreport", "--inodes", "--device", "--ignore-case", "--matchdirs",
				"--metafirst", "--gitignore", "--info", "--help", "--version",
			), flagSet{
				"-l":                              follows(),
				"-L|--filelimit":                  val(ArgNumber),
				"-P|-I|--charset|--timefmt|-T|-H": val(ArgText),
				"--sort":                          val(ArgText, "name", "version", "size", "mtime", "ctime", "none"),
				"--gitfile|--infofile":            val(ArgPath),
			}),
			Refuse: map[string]Refusal{
				"-o": valued(drop(detailWritesFiles)),
				"-R": drop(detailWritesFiles),
			},
			Positionals: pathArgs,
		},

		"wc": {
			Abbrev: true,
			Flags: with(bools("-l,--lines", "-w,--words", "-c,--bytes", "-m,--chars", "-L,--max-line-length"),
				flagSet{"--files0-from": {Arg: ArgPath, ListsPaths: true}, "--total": val(ArgText, "auto", "always", "only", "never")}),
			Positionals: pathArgs,
		},

		"head": {
			Abbrev: true,
			Flags: with(bools("-q,--quiet,--silent", "-v,--verbose", "-z,--zero-terminated", "-NUM"),
				flagSet{"-n,--lines|-c,--bytes": val(ArgSize)}),
			Positionals: pathArgs,
		},

		"tail": {
			Abbrev: true,
			Flags: with(bools("-q,--quiet,--silent", "-v,--verbose", "-z,--zero-terminated", "-NUM"),
				flagSet{"-n,--lines|-c,--bytes": val(ArgSize)}),
			Refuse: map[string]Refusal{
				"-f,--follow,-F,--retry":                          drop(detailUnbounded),
				"--pid,-s,--sleep-interval,--max-unchanged-stats": valued(drop(detailUnbounded)),
			},
			Positionals: pathArgs,
		},

		"cat": {
			Abbrev: true,
			Flags: bools("-A,--show-all", "-b,--number-nonblank", "-e", "-E,--show-ends", "-n,--number",
				"-s,--squeeze-blank", "-t", "-T,--show-tabs", "-u", "-v,--show-nonprinting", "-l"),
			Positionals: pathArgs,
		},

		// grep's first positional is the pattern, unless -e or -f gives it.
		"grep": {
			Abbrev: true,
			Flags: with(bools(
				"-E,--extended-regexp", "-F,--fixed-strings", "-G,--basic-regexp", "-P,--perl-regexp",
				"-i,-y,--ignore-case", "--no-ignore-case", "-v,--invert-match", "-w,--word-regexp", "-x,--line-regexp",
				"-c,--count", "-L,--files-without-match", "-l,--files-with-matches", "-o,--only-matching",
				"-q,--quiet,--silent", "-s,--no-messages", "-b,--byte-offset", "-H,--with-filename",
				"-h,--no-filename", "-n,--line-number", "-T,--initial-tab", "-Z,--null", "-z,--null-data",
				"-a,--text", "-I", "-r,--recursive", "-U,--binary", "--line-buffered", "-NUM",
			), flagSet{
				"-R,--dereference-recursive": {FollowsLinks: true, Refusal: &Refusal{Detail: detailReadsOutside, Hint: []string{"-r"}}},
				"-e,--regexp":                val(ArgText),
				"-f,--file|--exclude-from":   val(ArgPath),
				"-m,--max-count":             val(ArgNumber),
				"-A,--after-context|-B,--before-context|-C,--context": val(ArgNumber),
				"--color,--colour":                          optv(ArgText, "never", "always", "auto"),
				"--include|--exclude|--exclude-dir|--label": val(ArgText),
				"--binary-files":                            val(ArgText, "binary", "text", "without-match"),
				"-d,--directories":                          val(ArgText, "read", "skip", "recurse"),
				"-D,--devices":                              val(ArgText, "read", "skip"),
			}),
			Positionals: Positionals{Max: -1, Kind: ArgPath, Leading: []ArgKind{ArgText},
				LeadingUnless: []string{"-e", "-f"}},
		},

		"pwd":   {Abbrev: true, Flags: bools("-L,--logical", "-P,--physical")},
		"which": {Flags: bools("-a", "-s"), Positionals: textArgs},

		// env with no command prints the environment. Anything that is not a
		// NAME=VALUE word is the program env would run.
		"env": {
			Abbrev:           true,
			StopAtPositional: true,
			Flags: with(bools("-0,--null", "-i,--ignore-environment"),
				flagSet{"-u,--unset": val(ArgText)}),
			Refuse: map[string]Refusal{
				"-S,--split-string": valued(denied(detailRunsProgram)),
				"-C,--chdir":        valued(denied(detailRunsProgram)),
			},
			Positionals: Positionals{Max: -1, Kind: ArgText, Values: []string{"*=*"},
				Refusal: &Refusal{Detail: detailRunsProgram, Drop: true}},
		},

		"id": {
			Abbrev: true,
			Flags: bools("-u,--user", "-g,--group", "-G,--groups", "-n,--name", "-r,--real", "-z,--zero",
				"-a", "-Z,--context", "-p", "-P"),
			Positionals: upTo(1, ArgText),
		},

		"uname": {
			Abbrev: true,
			Flags: bools("-a,--all", "-s,--kernel-name", "-n,--nodename", "-r,--kernel-release",
				"-v,--kernel-version", "-m,--machine", "-p,--processor", "-i,--hardware-platform",
				"-o,--operating-system", "--help", "--version"),
		},

		"free": {
			Abbrev: true,
			Flags: with(bools("-b,--bytes", "-k,--kibi", "-m,--mebi", "-g,--gibi", "--tebi", "--pebi", "--kilo",
				"--mega", "--giga", "--tera", "--peta", "-h,--human", "--si", "-l,--lo-hi", "-t,--total",
				"-w,--wide", "-v,--committed", "-L,--line", "--help", "-V,--version"),
				flagSet{"-c,--count": num(1, 10)}),
			Refuse: map[string]Refusal{"-s,--seconds": valued(drop(detailUnbounded))},
		},

		// ps: words starting with a letter are BSD option bundles, read as
		// procps does; "e" (the environment of every process, the server's
		// own secrets included) is refused. A word starting with a digit is
		// a list of process IDs. Check also reads the argv the way procps
		// re-reads a failing one (procps.go).
		"ps": {
			Flags: with(bools(
				"-e", "-A", "-a", "-d", "-N", "--deselect", "-f", "-F", "-l", "-j", "-y", "-H", "--forest", "-w",
				"-L", "-T", "-m", "-Z", "-M", "-c", "-x", "--headers", "--no-headers", "--help", "-V", "--version",
			), flagSet{
				"-o,--format|-O": val(ArgText),
				"-p,--pid|-q,--quick-pid|--ppid|-u,--user|-U,--User|-g,--group|-G,--Group|-C|-t,--tty|-s,--sid": val(ArgText),
				"--sort,-k": val(ArgText),
				"--cols,--columns,--width|--lines,--rows": val(ArgNumber),
			}),
			BSDFlags: with(bools("a", "c", "f", "g", "h", "j", "l", "m", "n", "r", "s", "u", "v", "w", "x",
				"H", "L", "M", "S", "T", "V", "X", "Z"), flagSet{"o|O|k|U|p|q|t": val(ArgText)}),
			BSDRefuse:   map[string]Refusal{"e": drop(detailRevealsSecrets)},
			Positionals: textArgs,
		},
	}
}
