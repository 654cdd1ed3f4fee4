package guard

// Commands with a parser that are not in the default allowlist: date,
// uptime, w, ip, lsblk, mount, pnpm, and Windows' dir, ipconfig,
// systeminfo and tasklist. An operator adds them to allowed_commands;
// each then admits the read-only forms its parser reads, nothing that
// sets the clock, changes an interface, mounts or reaches another host.

func hostPolicies() map[string]CommandPolicy {
	return map[string]CommandPolicy{
		// date prints; -s and a positional that is not +FORMAT (MMDDhhmm)
		// set the clock; -f reads dates from a file.
		"date": {
			Abbrev: true,
			Flags: with(bools("-u,--utc,--universal", "-R,--rfc-email,--rfc-2822", "--help", "--version"), flagSet{
				"-I,--iso-8601":  optv(ArgText, "date", "hours", "minutes", "seconds", "ns"),
				"--rfc-3339":     val(ArgText, "date", "seconds", "ns"),
				"-d,--date":      val(ArgText),
				"-r,--reference": val(ArgPath),
				"--resolution":   bare,
				"--debug":        bare,
			}),
			Refuse: refusals(
				refuseAll(valued(drop(detailStateChange)), "-s,--set"),
				refuseAll(valued(drop(detailReadsOutside)), "-f,--file"),
			),
			Positionals: Positionals{Max: 1, Kind: ArgText, Values: []string{"+*"},
				Refusal: &Refusal{Detail: detailStateChange, Drop: true}},
		},

		"uptime": {Abbrev: true, Flags: bools("-p,--pretty", "-s,--since", "-h,--help", "-V,--version")},

		"w": {
			Abbrev: true,
			Flags: bools("-h,--no-header", "-u,--no-current", "-s,--short", "-f,--from", "-o,--old-style",
				"-i,--ip-addr", "-p,--pids", "-n", "--help", "-V,--version"),
			Positionals: upTo(1, ArgText),
		},

		// ip: only the show forms of addr, link, route and neigh. Every other
		// subcommand changes the network, -b and -batch run a file of
		// commands, -n runs in another namespace.
		"ip": {
			Flags: with(bools("-4", "-6", "-j,-json", "-p,-pretty", "-s,-stats", "-d,-details", "-br,-brief",
				"-o,-oneline", "-c,-color", "-h,-human"), flagSet{"-f,-family": val(ArgText, "inet", "inet6", "link")}),
			Subcommands: subs(map[string]CommandPolicy{
				"addr,address,a,link,l,route,r,neigh,neighbour,neighbor,n": {
					Subcommands: subs(map[string]CommandPolicy{"show,list,lst,sh,ls": {Positionals: textArgs}}),
				},
			}),
			Refuse: refusals(
				refuseAll(valued(drop(detailRunsProgram)), "-b,-batch"),
				refuseAll(valued(drop(detailReadsOutside)), "-n,-netns"),
			),
		},

		"lsblk": {
			Abbrev: true,
			Flags: with(bools("-a,--all", "-b,--bytes", "-d,--nodeps", "-D,--discard", "-f,--fs", "-i,--ascii",
				"-J,--json", "-l,--list", "-m,--perms", "-M,--merge", "-n,--noheadings", "-O,--output-all",
				"-p,--paths", "-P,--pairs", "-r,--raw", "-S,--scsi", "-t,--topology", "-z,--zoned", "-T,--tree",
				"-h,--help", "-V,--version"), flagSet{
				"-o,--output|-e,--exclude|-I,--include|-x,--sort|-w,--width": val(ArgText),
			}),
			Positionals: pathArgs,
		},

		// mount with no device or directory lists what is mounted; with
		// one, or -a, it mounts.
		"mount": {
			Flags:       with(bools("-l,--show-labels", "-v,--verbose", "-h,--help", "-V,--version"), flagSet{"-t,--types": val(ArgText)}),
			Refuse:      refuseAll(drop(detailStateChange), "-a,--all"),
			Positionals: noPositionals,
		},

		// pnpm runs project code (scripts, pnpmfile hooks) as yarn does:
		// build profile only.
		"pnpm": {Open: true, Profile: ProfileBuild},

		// Windows: options are slash words, read as positionals from a
		// list; anything else is refused.
		"dir": {Positionals: pathArgs},
		"ipconfig": {Positionals: Positionals{Max: 1, Kind: ArgText, Values: []string{"/all", "/displaydns", "/?"},
			Refusal: &Refusal{Detail: detailStateChange}}},
		"systeminfo": {Positionals: Positionals{Max: 3, Kind: ArgText, Values: []string{"/fo", "table", "list", "csv", "/nh", "/?"},
			Refusal: &Refusal{Detail: detailNetworkSend}}},
		"tasklist": {Positionals: Positionals{Max: 8, Kind: ArgText, Values: []string{"/v", "/svc", "/m", "/fo", "table", "list", "csv", "/nh", "/?"},
			Refusal: &Refusal{Detail: detailNetworkSend}}},
	}
}
